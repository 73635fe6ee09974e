import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { queryInt } from '../../../common/http/page-query.dto';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../page';
import { V1_MESSAGES as M } from '../v1-messages';

const MAX_INT = 2_147_483_647;
/** An instant with its zone: a time without one would mean a different moment to each server. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

export const REGISTRATION_STATES_V1 = ['active', 'waiting', 'cancelled'] as const;
export type RegistrationStateV1 = (typeof REGISTRATION_STATES_V1)[number];

export const DELETED_RESOURCES = ['event', 'session', 'registration', 'waiting-list-entry'] as const;
export type DeletedResource = (typeof DELETED_RESOURCES)[number];

/** `limit`, `cursor` and `updatedSince`: every v1 list takes them. */
export class ListQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMIT_MAX,
    default: LIMIT_DEFAULT,
    description: `Filas por página (máximo ${LIMIT_MAX}; más es un 400)`,
  })
  @Transform(queryInt)
  @IsOptional()
  @IsInt({ message: M.limitInvalid(LIMIT_MAX) })
  @Min(1, { message: M.limitInvalid(LIMIT_MAX) })
  @Max(LIMIT_MAX, { message: M.limitInvalid(LIMIT_MAX) })
  limit?: number;

  @ApiPropertyOptional({ description: 'El valor "next" de la página anterior (opaco)' })
  @IsOptional()
  @IsString({ message: M.cursorInvalid })
  @MaxLength(300, { message: M.cursorInvalid })
  cursor?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-05-09T08:00:00Z',
    description:
      'Solo las filas cambiadas desde este instante (incluido), ordenadas por updatedAt e id. ISO 8601 con zona.',
  })
  @IsOptional()
  @Matches(WITH_OFFSET, { message: M.updatedSinceInvalid })
  @IsISO8601({ strict: true }, { message: M.updatedSinceInvalid })
  updatedSince?: string;
}

const IdFilter = (name: string, description: string) =>
  [
    ApiPropertyOptional({ type: 'integer', minimum: 1, description }),
    Transform(queryInt),
    IsOptional(),
    IsInt({ message: M.idInvalid(name) }),
    Min(1, { message: M.idInvalid(name) }),
    Max(MAX_INT, { message: M.idInvalid(name) }),
  ] as PropertyDecorator[];

const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };

export class RegistrationListQueryDto extends ListQueryDto {
  @apply(IdFilter('eventId', 'Solo las del evento'))
  eventId?: number;

  @apply(IdFilter('sessionId', 'Solo las de la sesión'))
  sessionId?: number;

  @ApiPropertyOptional({ enum: REGISTRATION_STATES_V1, enumName: 'RegistrationState' })
  @IsOptional()
  @IsIn(REGISTRATION_STATES_V1, { message: M.stateInvalid })
  state?: RegistrationStateV1;
}

export class WaitingListQueryDto extends ListQueryDto {
  @apply(IdFilter('eventId', 'Solo las del evento'))
  eventId?: number;

  @apply(IdFilter('sessionId', 'Solo las de la sesión'))
  sessionId?: number;
}

export class DeletionListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: DELETED_RESOURCES, enumName: 'DeletedResource' })
  @IsOptional()
  @IsIn(DELETED_RESOURCES, { message: M.resourceInvalid })
  resource?: DeletedResource;
}
