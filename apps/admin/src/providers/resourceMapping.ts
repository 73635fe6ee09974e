import type { Identifier, RaRecord, SortPayload } from 'react-admin';

/** How one resource maps to the API (docs/product.md §7): its path, which fields a write sends, and the text shown when
 * the server gives none. The lists of roles, departments and permissions are not paged by the API (search is:
 * `?search=`), so paging and sorting happen here; users and events are (`paged`). */
export interface ResourceMapping {
  path: string;
  search: boolean;
  create?: (data: Record<string, any>) => unknown;
  update?: (data: Record<string, any>) => unknown;
  messages: { create?: string; update?: string; delete?: string; load: string };
  /** Where one record is read, changed or deleted, when not `{path}/{id}` (`record`: the one known before). */
  recordPath?: (id: Identifier, record?: RaRecord) => string;
  /** A create that does not go to `POST {path}` with `create(data)`. */
  createCall?: (data: Record<string, any>) => WriteCall;
  /** A change whose route or verb depends on what changes (a session's flags and capacity figures each have
   * their own call), instead of `PUT {recordPath}` with `update(data)`. */
  updateCall?: (id: Identifier, data: Record<string, any>, previous?: RaRecord) => WriteCall;
  /** `updateMany`: one call for the records `ids` together (a waiting list's new order). */
  updateManyCall?: (ids: Identifier[], data: Record<string, any>) => WriteCall;
  /** `deleteMany` with `ids: [ALL_RECORDS]`: every record of the resource at once, where the API has that call (the
   * logs' 'Eliminar Todos'); the server's answer comes back as the result's `meta`. */
  deleteAll?: { path: string; message: string };
  /** A record from a row of a whole list whose rows have no `id` of their own (the door's sessions). */
  row?: (row: any) => RaRecord;
  /** Lists scoped to a parent, read whole: `getList` with that filter field, or `getManyReference` with it as
   * target (e.g. a session's registrations: `{ eventSessionId: 12 }`). */
  lists?: Record<string, (id: Identifier) => string>;
  /** Lists the API pages itself: the query of one page (`sort`: react-admin's, for the lists the API sorts) and
   * how to read its answer. */
  paged?: {
    query: (page: number, perPage: number, search: string, sort?: SortPayload, filter?: Record<string, any>) => string;
    read: (body: any) => { data: RaRecord[]; total: number };
    /** The lists of a parent (`lists`) are paged by the API too (a webhook's deliveries), not read whole. */
    scoped?: boolean;
  };
}

/** One write to the API: where, how, what, and the text shown when the server gives none. */
export interface WriteCall {
  path: string;
  method?: 'PUT' | 'POST';
  body?: unknown;
  message?: string;
  /** The record the answer stands for, when the answer is not the record (a cancel answers a message). */
  record?: (answer: any) => Record<string, unknown>;
}

/** The id of `deleteMany`'s "every record" (mappings' `deleteAll`): never a real record's id. */
export const ALL_RECORDS = '*';

export const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
