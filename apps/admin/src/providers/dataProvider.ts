import { type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { call, json } from './api-call';
import { calls } from './calls';
import { commands } from './commands';
import { mapping } from './mappings';
import { ALL_RECORDS, type ResourceMapping, type WriteCall } from './resourceMapping';

/** The back office's data provider: react-admin's record methods over the per-resource mappings
 * (mappings.ts), including lists of a parent (`getList` filter / `getManyReference`), singletons, a list's
 * new order (`updateMany`) and a whole log's delete (`deleteMany` of `ALL_RECORDS`); the commands that change
 * records without being one of those (commands.ts); and the API's remote procedures (calls.ts). */

function compare(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  if (Array.isArray(a) || Array.isArray(b)) return String(a).localeCompare(String(b), 'es');
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'es', { sensitivity: 'base' });
}

function page<T extends RaRecord>(rows: T[], { pagination, sort }: GetListParams) {
  const sorted = sort?.field
    ? [...rows].sort((x, y) => compare(x[sort.field], y[sort.field]) * (sort.order === 'DESC' ? -1 : 1))
    : rows;
  const { page: n = 1, perPage = sorted.length || 1 } = pagination ?? {};
  return { data: sorted.slice((n - 1) * perPage, n * perPage), total: sorted.length };
}

/** Every row of a list that is read whole: no paging, and sorted only when a sort field is given (`WHOLE`
 * keeps the API's order, e.g. a waiting list by position). */
export const WHOLE = { pagination: { page: 1, perPage: 100_000 }, sort: { field: '', order: 'ASC' as const } };

const recordPath = (m: ResourceMapping, id: Identifier, record?: RaRecord) =>
  m.recordPath ? m.recordPath(id, record) : `${m.path}/${encodeURIComponent(id)}`;

/** A write's answer as a record: one without an id of its own (a setting) takes the one it was asked by. */
const withId = (id: Identifier | undefined, answer: unknown): any =>
  answer && typeof answer === 'object' ? { id, ...answer } : { id };

/** One write; its answer as the record it stands for (`record`), else as it comes. */
async function write(
  m: ResourceMapping,
  { path, method = 'PUT', body, message, record }: WriteCall,
  fallback?: string,
) {
  const answer = await call<unknown>(path, { method, ...json(body) }, message ?? fallback ?? m.messages.load);
  return record ? record(answer) : answer;
}

/** A list scoped to a parent (mappings' `lists`): read whole, then sorted and paged here; or one page as the API
 * pages it (`paged.scoped`: a webhook's deliveries). */
async function scopedList(resource: string, field: string, id: Identifier, params: GetListParams) {
  const m = mapping(resource);
  const path = m.lists?.[field];
  if (!path) throw new Error(`${resource}: no se lista por ${field}`);
  if (m.paged?.scoped) {
    const { page: n = 1, perPage = 20 } = params.pagination ?? {};
    const query = m.paged.query(n, perPage, '');
    return m.paged.read(await call<unknown>(`${path(id)}?${query}`, { signal: params.signal }, m.messages.load)) as any;
  }
  const rows = await call<RaRecord[]>(path(id), { signal: params.signal }, m.messages.load);
  return page(m.row ? rows.map(m.row) : rows, params) as any;
}

/** The react-admin methods. Records come from the API as they are (each has an id). */
const resources: DataProvider = {
  async getList(resource, params) {
    const m = mapping(resource);
    const scope = Object.keys(m.lists ?? {}).find((field) => params.filter?.[field] != null);
    if (scope) return scopedList(resource, scope, params.filter[scope], params);
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
    if (m.paged) {
      const { page: n = 1, perPage = 20 } = params.pagination ?? {};
      return m.paged.read(
        await call<unknown>(
          `${m.path}?${m.paged.query(n, perPage, q, params.sort, params.filter)}`,
          { signal: params.signal },
          m.messages.load,
        ),
      ) as any;
    }
    const rows = await call<RaRecord[]>(
      m.search && q ? `${m.path}?search=${encodeURIComponent(q)}` : m.path,
      { signal: params.signal },
      m.messages.load,
    );
    return page(m.row ? rows.map(m.row) : rows, params) as any;
  },

  async getOne(resource, { id, signal }) {
    const m = mapping(resource);
    // A record without an id of its own (a singleton such as the SMS cost) takes the one it was asked by.
    return { data: withId(id, await call<unknown>(recordPath(m, id), { signal }, m.messages.load)) };
  },

  async getMany(resource, { ids, signal }) {
    const m = mapping(resource);
    const rows = await call<RaRecord[]>(m.path, { signal }, m.messages.load);
    const wanted = new Set(ids.map(String));
    return { data: rows.filter((r) => wanted.has(String(r.id))) as any[] };
  },

  /** The records of a parent (a session's registrations or waiting list): `target` is the filter field. */
  async getManyReference(resource, { target, id, pagination, sort, filter, signal }) {
    return scopedList(resource, target, id, { pagination, sort, filter, signal });
  },

  async create(resource, { data }) {
    const m = mapping(resource);
    const fallback = m.messages.create;
    if (m.createCall) return { data: withId(undefined, await write(m, m.createCall(data), fallback)) };
    if (!m.create) throw new Error(`${resource}: no se puede crear`);
    return { data: (await write(m, { path: m.path, method: 'POST', body: m.create(data) }, fallback)) as any };
  },

  async update(resource, { id, data, previousData }) {
    const m = mapping(resource);
    const fallback = m.messages.update;
    if (m.updateCall) return { data: withId(id, await write(m, m.updateCall(id, data, previousData), fallback)) };
    if (!m.update) throw new Error(`${resource}: no se puede editar`);
    return {
      data: withId(id, await write(m, { path: recordPath(m, id, previousData), body: m.update(data) }, fallback)),
    };
  },

  /** Only where the API changes several records in one call (a waiting list's order: `ids` in the new order). */
  async updateMany(resource, { ids, data }) {
    const m = mapping(resource);
    if (!m.updateManyCall) throw new Error(`${resource}: no se editan varios a la vez`);
    await write(m, m.updateManyCall(ids, data), m.messages.update);
    return { data: ids };
  },

  async delete(resource, { id, previousData }) {
    const m = mapping(resource);
    await call(recordPath(m, id, previousData), { method: 'DELETE' }, m.messages.delete ?? m.messages.load);
    return { data: (previousData ?? { id }) as any };
  },

  /** The records one by one; `[ALL_RECORDS]` is every record of the resource in one call (mappings' `deleteAll`),
   * whose answer (a count, the server's message) is the result's `meta`. */
  async deleteMany(resource, { ids }) {
    if (ids.includes(ALL_RECORDS)) {
      const m = mapping(resource);
      if (!m.deleteAll || ids.length !== 1) throw new Error(`${resource}: no se eliminan todos a la vez`);
      const meta = await call<unknown>(m.deleteAll.path, { method: 'DELETE' }, m.deleteAll.message);
      return { data: ids, meta };
    }
    for (const id of ids) await resources.delete(resource, { id });
    return { data: ids };
  },
};

export type AdminDataProvider = DataProvider & typeof commands & typeof calls;

export const dataProvider: AdminDataProvider = { ...resources, ...commands, ...calls };
