import { type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { call, json } from './api-call';
import { calls } from './calls';
import { mapping } from './mappings';

/** The back office's data provider: react-admin's record methods over the per-resource mappings
 * (mappings.ts), plus the named calls of the screens (calls.ts). */

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

/** The react-admin methods. Records come from the API as they are (each has an id). */
const resources: DataProvider = {
  async getList(resource, params) {
    const m = mapping(resource);
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
    if (m.paged) {
      const { page: n = 1, perPage = 20 } = params.pagination ?? {};
      return m.paged.read(
        await call<unknown>(`${m.path}?${m.paged.query(n, perPage, q)}`, { signal: params.signal }, m.messages.load),
      ) as any;
    }
    const rows = await call<RaRecord[]>(
      m.search && q ? `${m.path}?search=${encodeURIComponent(q)}` : m.path,
      { signal: params.signal },
      m.messages.load,
    );
    return page(rows, params) as any;
  },

  async getOne(resource, { id, signal }) {
    const m = mapping(resource);
    return { data: await call<any>(`${m.path}/${encodeURIComponent(id)}`, { signal }, m.messages.load) };
  },

  async getMany(resource, { ids, signal }) {
    const m = mapping(resource);
    const rows = await call<RaRecord[]>(m.path, { signal }, m.messages.load);
    const wanted = new Set(ids.map(String));
    return { data: rows.filter((r) => wanted.has(String(r.id))) as any[] };
  },

  async getManyReference() {
    throw new Error('getManyReference no se usa en el panel');
  },

  async create(resource, { data }) {
    const m = mapping(resource);
    if (!m.create) throw new Error(`${resource}: no se puede crear`);
    return {
      data: await call<any>(m.path, { method: 'POST', ...json(m.create(data)) }, m.messages.create ?? m.messages.load),
    };
  },

  async update(resource, { id, data }) {
    const m = mapping(resource);
    if (!m.update) throw new Error(`${resource}: no se puede editar`);
    return {
      data: await call<any>(
        `${m.path}/${encodeURIComponent(id)}`,
        { method: 'PUT', ...json(m.update(data)) },
        m.messages.update ?? m.messages.load,
      ),
    };
  },

  async updateMany() {
    throw new Error('updateMany no se usa en el panel');
  },

  async delete(resource, { id, previousData }) {
    const m = mapping(resource);
    await call(`${m.path}/${encodeURIComponent(id)}`, { method: 'DELETE' }, m.messages.delete ?? m.messages.load);
    return { data: (previousData ?? { id }) as any };
  },

  async deleteMany(resource, { ids }) {
    for (const id of ids) await resources.delete(resource, { id });
    return { data: ids };
  },
};

export type AdminDataProvider = DataProvider & typeof calls;

export const dataProvider: AdminDataProvider = { ...resources, ...calls };
