import type { Paged } from '@evreg/contracts';
import type { RaRecord, SortPayload } from 'react-admin';

/** The most the API answers in one page (docs/domain.md, "Lists at real sizes"). */
export const API_MAX_PAGE_SIZE = 100;

/** The query of a list the API pages, sorts and searches (users, events): `page`, `pageSize`, `sort` and `order`
 * when react-admin's sort is one of the API's columns (otherwise the API's own order), `search`. A read of more
 * rows than a page holds (WHOLE, for a picker) asks without paging: the API answers the whole list. */
export function sortedPageQuery(
  page: number,
  perPage: number,
  search: string,
  sort: SortPayload | undefined,
  columns: readonly string[],
): string {
  const query = new URLSearchParams();
  if (perPage <= API_MAX_PAGE_SIZE) {
    query.set('page', String(page));
    query.set('pageSize', String(perPage));
  }
  if (sort?.field && columns.includes(sort.field)) {
    query.set('sort', sort.field);
    query.set('order', sort.order === 'DESC' ? 'desc' : 'asc');
  }
  if (search) query.set('search', search);
  return String(query);
}

/** A page `{ items, totalCount }`, or the whole list (an array) when no paging was asked for. */
export function readPageOrWhole(body: Paged<RaRecord> | RaRecord[]): { data: RaRecord[]; total: number } {
  return Array.isArray(body) ? { data: body, total: body.length } : { data: body.items, total: body.totalCount };
}
