import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from './page-query.dto';

/** The refusals of a list's `?page&pageSize&sort&order&search` (docs/domain.md, "Lists at real sizes"). */
export const LIST_QUERY_MESSAGES = {
  pageInvalid: 'La página debe ser un número entero mayor que 0',
  pageSizeInvalid: 'El tamaño de página debe ser un número entero entre 1 y 100',
  orderInvalid: 'El campo "order" debe ser asc o desc',
  searchInvalid: 'El campo "search" debe ser un texto de 200 caracteres como máximo',
  sortInvalid: (columns: readonly string[]) =>
    `El campo "sort" no es válido: se puede ordenar por ${columns.join(', ')}`,
};

export const LIST_DEFAULT_PAGE_SIZE = 20;
export const LIST_MAX_PAGE_SIZE = 100;

const lower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export interface SortedPageQueryShape<S extends string> {
  page?: number;
  pageSize?: number;
  sort?: S;
  order?: 'asc' | 'desc';
  search?: string;
}

/** A list answered whole unless paging is asked for (`page` or `pageSize`): then `Paged<T>`, like the other paged
 * lists of the API. `sort` is one of the whitelisted columns (anything else is a 400 naming the field); `order`
 * asc (default) or desc; `search` is the list's own text search. */
export function SortedPageQuery<S extends string>(columns: readonly S[], searchDescription: string) {
  class SortedPageQueryDto
    extends PageQuery({
      defaultSize: LIST_DEFAULT_PAGE_SIZE,
      maxSize: LIST_MAX_PAGE_SIZE,
      messages: LIST_QUERY_MESSAGES,
    })
    implements SortedPageQueryShape<S>
  {
    @ApiPropertyOptional({ enum: columns, description: 'Columna por la que ordenar' })
    @IsOptional()
    @IsIn(columns, { message: LIST_QUERY_MESSAGES.sortInvalid(columns) })
    sort?: S;

    @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc', description: 'Sentido del orden' })
    @Transform(lower)
    @IsOptional()
    @IsIn(['asc', 'desc'], { message: LIST_QUERY_MESSAGES.orderInvalid })
    order?: 'asc' | 'desc';

    @ApiPropertyOptional({ description: searchDescription, maxLength: 200 })
    @IsOptional()
    @IsString({ message: LIST_QUERY_MESSAGES.searchInvalid })
    @MaxLength(200, { message: LIST_QUERY_MESSAGES.searchInvalid })
    search?: string;
  }
  return SortedPageQueryDto;
}

/** Paging was asked for: the answer is a page, `{ items, totalCount, totalPages, page, pageSize }`. */
export function wantsPage(query: { page?: number; pageSize?: number }): boolean {
  return query.page !== undefined || query.pageSize !== undefined;
}

export function pageWindow(query: { page?: number; pageSize?: number }) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** `ORDER BY` of a whitelisted column: its SQL expression, the direction, and `tieBreak` so pages never overlap. */
export function orderBy<S extends string>(
  expressions: Record<S, string>,
  sort: S,
  order: 'asc' | 'desc' | undefined,
  tieBreak: string,
): string {
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${expressions[sort]} ${direction}, ${tieBreak} ${direction}`;
}
