import type {
  BulkUpdateQueueLimitsResponse,
  ChangePasswordRequest,
  DashboardStats,
  QueueSettings,
  ResetPasswordResponse,
  Setting,
} from '@evreg/contracts';
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { apiFetch, errorBody } from './session';

/** How one resource maps to the API (spec 7): its path, which fields a write sends, and the text shown when
 * the server gives none. The lists of users, roles, departments and permissions are not paged by the API
 * (search is: `?search=`), so paging and sorting happen here. */
interface ResourceMapping {
  path: string;
  search: boolean;
  create?: (data: Record<string, any>) => unknown;
  update?: (data: Record<string, any>) => unknown;
  messages: { create?: string; update?: string; delete?: string; load: string };
}

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const MAPPINGS: Record<string, ResourceMapping> = {
  users: {
    path: '/user',
    search: true,
    create: (d) => ({ email: trim(d.email), firstName: trim(d.firstName), lastName: trim(d.lastName), departmentId: d.departmentId, roleId: d.roleId }),
    // The role is not editable here (spec 5); the flags keep the values shown in the dialog.
    update: (d) => ({
      email: trim(d.email),
      firstName: trim(d.firstName),
      lastName: trim(d.lastName),
      departmentId: d.departmentId === '' || d.departmentId === undefined ? null : d.departmentId,
      mustChangePassword: !!d.mustChangePassword,
      emailConfirmed: !!d.emailConfirmed,
      lockoutEnabled: !!d.lockoutEnabled,
    }),
    messages: {
      create: 'Error al crear usuario',
      update: 'Error al actualizar usuario',
      delete: 'Error al eliminar usuario',
      load: 'Error al cargar los usuarios. Por favor, intenta de nuevo.',
    },
  },
  roles: {
    path: '/role',
    search: true,
    create: (d) => ({ name: trim(d.name), description: trim(d.description) || null, permissionIds: d.permissionIds ?? [] }),
    update: (d) => ({ name: trim(d.name), description: trim(d.description) || null, permissionIds: d.permissionIds ?? [] }),
    messages: {
      create: 'Error al crear rol',
      update: 'Error al actualizar rol',
      delete: 'Error al eliminar rol',
      load: 'Error al cargar los roles. Por favor, intenta de nuevo.',
    },
  },
  departments: {
    path: '/department',
    search: true,
    create: (d) => ({ name: trim(d.name) }),
    messages: {
      create: 'Error al crear el departamento',
      delete: 'Error al eliminar el departamento',
      load: 'Error al cargar los departamentos',
    },
  },
  permissions: { path: '/permissions', search: false, messages: { load: 'Error al cargar los permisos' } },
};

function mapping(resource: string): ResourceMapping {
  const found = MAPPINGS[resource];
  if (!found) throw new Error(`Recurso desconocido: ${resource}`);
  return found;
}

/** The API's error as react-admin expects it: the server's Spanish message (else the screen's own text), and
 * field errors as { field: text } so forms show them under each field. */
function translateError(error: unknown, fallback: string): never {
  if (!(error instanceof HttpError)) throw new HttpError(fallback, 0);
  const body = errorBody(error);
  const message = (error.status !== 0 && body?.message) || (error.status === 0 ? error.message : fallback);
  const fieldErrors = body?.errors
    ? Object.fromEntries(Object.entries(body.errors).map(([field, texts]) => [field, texts.join(' ')]))
    : undefined;
  throw new HttpError(message, error.status, fieldErrors ? { ...body, errors: { ...fieldErrors, root: { serverError: message } } } : body);
}

async function call<T>(path: string, options: RequestInit, fallback: string): Promise<T> {
  try {
    const { json } = await apiFetch(path, options);
    return json as T;
  } catch (error) {
    return translateError(error, fallback);
  }
}

function compare(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  if (Array.isArray(a) || Array.isArray(b)) return String(a).localeCompare(String(b), 'es');
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'es', { sensitivity: 'base' });
}

function page<T extends RaRecord>(rows: T[], { pagination, sort }: GetListParams) {
  const sorted = sort?.field ? [...rows].sort((x, y) => compare(x[sort.field], y[sort.field]) * (sort.order === 'DESC' ? -1 : 1)) : rows;
  const { page: n = 1, perPage = sorted.length || 1 } = pagination ?? {};
  return { data: sorted.slice((n - 1) * perPage, n * perPage), total: sorted.length };
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });

/** The react-admin methods. Records come from the API as they are (each has an id). */
const resources: DataProvider = {
  async getList(resource, params) {
    const m = mapping(resource);
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
    const rows = await call<RaRecord[]>(m.search && q ? `${m.path}?search=${encodeURIComponent(q)}` : m.path, { signal: params.signal }, m.messages.load);
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
    return { data: await call<any>(m.path, { method: 'POST', ...json(m.create(data)) }, m.messages.create ?? m.messages.load) };
  },

  async update(resource, { id, data }) {
    const m = mapping(resource);
    if (!m.update) throw new Error(`${resource}: no se puede editar`);
    return { data: await call<any>(`${m.path}/${encodeURIComponent(id)}`, { method: 'PUT', ...json(m.update(data)) }, m.messages.update ?? m.messages.load) };
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

/** The calls of the screens that are not lists of records (spec 7). */
const calls = {
  /** POST /api/user/reset-password: without newPassword the server generates a temporary one. */
  resetPassword(userId: string, newPassword?: string) {
    return call<ResetPasswordResponse>('/user/reset-password', { method: 'POST', ...json(newPassword ? { userId, newPassword } : { userId }) }, 'Error al restablecer la contraseña');
  },

  /** PUT /api/user/change-password with the signed-in user's token. */
  changePassword(body: ChangePasswordRequest) {
    return call<{ message: string }>('/user/change-password', { method: 'PUT', ...json(body) }, 'Error al cambiar contraseña');
  },

  dashboardStats() {
    return call<DashboardStats>('/admin/dashboard/stats', {}, 'Error al cargar los datos del panel. Intenta recargar la página.');
  },

  getSetting(key: string) {
    return call<Setting>(`/settings/${encodeURIComponent(key)}`, {}, 'Error al cargar la configuración');
  },

  updateSetting(key: string, value: string) {
    return call<Setting>(`/settings/${encodeURIComponent(key)}`, { method: 'PUT', ...json({ data: { key, value } }) }, 'Error al actualizar la configuración');
  },

  getQueueSettings() {
    return call<QueueSettings>('/settings/queue-settings', {}, 'Error al cargar la configuración');
  },

  updateQueueSettings(settings: QueueSettings) {
    return call<QueueSettings>('/settings/queue-settings', { method: 'PUT', ...json(settings) }, 'Error al actualizar la configuración');
  },

  bulkUpdateQueueLimits(newQueueLimit: number) {
    return call<BulkUpdateQueueLimitsResponse>('/settings/bulk-update-queue-limits', { method: 'POST', ...json({ newQueueLimit }) }, 'Error al actualizar las sesiones');
  },
};

export type AdminDataProvider = DataProvider & typeof calls;

export const dataProvider: AdminDataProvider = { ...resources, ...calls };
