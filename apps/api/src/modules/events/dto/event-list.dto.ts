import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { AdminEvent, Paged, PublicEventListItem } from '@evreg/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { SortedPageQuery } from '../../../common/http/sorted-page-query';
import { AdminEventDto, PublicEventDto, SessionDto } from './views.dto';

/** The columns the events list sorts by (docs/domain.md, "Lists at real sizes"). */
export const EVENT_SORTS = ['createdAt', 'id', 'title', 'city', 'status', 'price'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

const queryBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ListEventsQueryDto extends SortedPageQuery<EventSort>(
  EVENT_SORTS,
  'Título, texto de la descripción, ciudad o lugar',
) {
  @ApiPropertyOptional({
    type: Boolean,
    description:
      'true: la lista pública, sin token (eventos publicados y públicos con sus próximas sesiones, siempre paginada)',
  })
  @Transform(queryBool)
  @IsOptional()
  @IsBoolean({ message: 'El campo "public" debe ser true o false' })
  public?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Solo con public=true: la descripción como ~200 caracteres de texto en un <p>',
  })
  @Transform(queryBool)
  @IsOptional()
  @IsBoolean({ message: 'El campo "showExcerpt" debe ser true o false' })
  showExcerpt?: boolean;
}

export class PublicEventListItemDto extends PublicEventDto implements PublicEventListItem {
  @ApiProperty({ type: [SessionDto], description: 'Sus sesiones que aún no han empezado, por fecha de inicio' })
  sessions: SessionDto[];
}

/** A page of GET /api/events: of AdminEvent, or with public=true of PublicEventListItem (one schema, the items
 * telling the two apart by `status`, a code or a text, so the document's `oneOf` stays unambiguous). */
@ApiExtraModels(AdminEventDto, PublicEventListItemDto)
export class EventPageDto implements Paged<AdminEvent | PublicEventListItem> {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(AdminEventDto) }, { $ref: getSchemaPath(PublicEventListItemDto) }] },
    description: 'AdminEvent; con public=true, la vista pública de cada evento con sus próximas sesiones',
  })
  items: (AdminEventDto | PublicEventListItemDto)[];
  @ApiProperty({ example: 2000 }) totalCount: number;
  @ApiProperty({ example: 100 }) totalPages: number;
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) pageSize: number;
}
