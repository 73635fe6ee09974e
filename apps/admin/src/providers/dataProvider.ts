import type {
  AdminEvent,
  AdminRegistration,
  EventCategory,
  NotificationResult,
  SendNotificationRequest,
  SessionPayload,
  GdprDeleteResult,
  GdprExport,
  GdprSummary,
  ManualRegistrationConfirmation,
  ManualRegistrationRequest,
  ManualRegistrationResponse,
  QueueEntry,
  Session,
  BulkUpdateQueueLimitsResponse,
  ChangePasswordRequest,
  DashboardStats,
  QueueSettings,
  ResetPasswordResponse,
  Setting,
  BlacklistPage,
  Paged,
  EmailLogPage,
  EmailPreview,
  EmailPreviewRequest,
  EmailSettings,
  EmailTemplateTypeOption,
  SmsLogPage,
  SmsSettings,
  SmsTotalCost,
  UpdateEmailSettingsRequest,
  UpdateSmsSettingsRequest,
} from '@evreg/contracts';
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { apiDownload } from './download';
import { apiFetch, errorBody } from './session';
import { templateRequest } from '../resources/email-templates/rules';
import { eventPayload, type EventFormValues } from '../resources/events/eventRules';

/** How one resource maps to the API (spec 7): its path, which fields a write sends, and the text shown when
 * the server gives none. The lists of users, roles, departments and permissions are not paged by the API
 * (search is: `?search=`), so paging and sorting happen here. */
interface ResourceMapping {
  path: string;
  search: boolean;
  create?: (data: Record<string, any>) => unknown;
  update?: (data: Record<string, any>) => unknown;
  messages: { create?: string; update?: string; delete?: string; load: string };
  /** Lists the API pages itself: the query of one page and how to read its answer. */
  paged?: { query: (page: number, perPage: number, search: string) => string; read: (body: any) => { data: RaRecord[]; total: number } };
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
  // The whole list with each event's sessions and live counts; `?search=` matches title, description text, city
  // and place. The id is sent on create only (it can't change).
  events: {
    path: '/events',
    search: true,
    create: (d) => eventPayload(d as EventFormValues, 'create'),
    update: (d) => eventPayload(d as EventFormValues, 'edit'),
    messages: {
      create: 'Error al crear el evento. Por favor, inténtalo de nuevo.',
      update: 'Error al actualizar el evento. Por favor, inténtalo de nuevo.',
      delete: 'Error al eliminar el evento',
      load: 'Error al cargar los eventos',
    },
  },
  // Paged by the API (20 per page, spec 9); includeDetails adds the event and session of each one.
  registrations: {
    path: '/events/registrations',
    search: true,
    paged: {
      query: (page, perPage, search) => pageQuery(page, perPage, search, 'includeDetails=true'),
      read: (body: Paged<AdminRegistration>) => ({ data: body.items, total: body.totalCount }),
    },
    update: (d) => ({
      firstName: trim(d.firstName),
      lastName: trim(d.lastName),
      email: trim(d.email),
      userTaxId: trim(d.userTaxId),
      telephoneNumber: trim(d.telephoneNumber) || null,
    }),
    messages: {
      update: 'Error al actualizar el registro',
      delete: 'Error al eliminar el registro',
      load: 'Error al cargar los registros',
    },
  },
  // The route is /admin/blacklist, the API's /api/blacklists; paged by the API (20 per page).
  blacklist: {
    path: '/blacklists',
    search: true,
    paged: {
      query: (page, perPage, search) => pageQuery(page, perPage, search, 'paginated=true'),
      read: (body: BlacklistPage) => ({ data: body.data, total: body.totalCount }),
    },
    // Names and phone left out on create: the server takes them from the person's registration.
    create: (d) => ({ eventId: d.eventId, eventSessionId: d.eventSessionId, email: trim(d.email), ...blacklistFields(d), phoneNumber: trim(d.phoneNumber) || undefined }),
    update: (d) => blacklistFields(d),
    messages: {
      create: 'Error al bloquear a la persona',
      update: 'Error al actualizar la entrada de la lista negra',
      delete: 'Error al eliminar la entrada de la lista negra',
      load: 'Error al cargar la lista negra. Por favor, intenta de nuevo.',
    },
  },
  // E-mail templates: the whole list; the type is sent on edit too (the server refuses a change).
  'email-templates': {
    path: '/email-templates',
    search: false,
    create: templateRequest,
    update: templateRequest,
    messages: { create: 'Error al crear la plantilla', update: 'Error al actualizar la plantilla', load: 'Error al cargar las plantillas' },
  },
  // The logs are paged by the API (e-mail 20, SMS 50 per page, spec 9), newest first.
  'email-logs': {
    path: '/email-logs',
    search: true,
    paged: { query: (page, perPage, search) => logQuery(page, perPage, search), read: (body: EmailLogPage) => ({ data: body.data, total: body.totalCount }) },
    messages: { delete: 'Error al eliminar el registro de email', load: 'Error al cargar los registros de email' },
  },
  // Listed at /smssettings/logs; deleted at /smssettings/smslogs/{id} (named methods below).
  'sms-logs': {
    path: '/smssettings/logs',
    search: true,
    paged: { query: (page, perPage, search) => logQuery(page, perPage, search), read: (body: SmsLogPage) => ({ data: body.data, total: body.totalCount }) },
    messages: { load: 'Error al cargar el registro de SMS. Por favor, intenta de nuevo.' },
  },
};

function logQuery(page: number, perPage: number, search: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage) });
  if (search) query.set('search', search);
  return String(query);
}

function pageQuery(page: number, perPage: number, search: string, extra: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage) });
  if (search) query.set('search', search);
  return `${query}&${extra}`;
}

/** What a blacklist entry's create and edit send besides who and where (spec 7). */
function blacklistFields(d: Record<string, any>) {
  return {
    firstName: trim(d.firstName) || undefined,
    lastName: trim(d.lastName) || undefined,
    phoneNumber: trim(d.phoneNumber) || null,
    blackListReason: Number(d.blackListReason),
    blackListReasonDesc: trim(d.blackListReasonDesc) || null,
    notificationType: d.notificationType === undefined ? undefined : Number(d.notificationType),
    expiresAt: d.expiresAt,
  };
}

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
    if (m.paged) {
      const { page: n = 1, perPage = 20 } = params.pagination ?? {};
      return m.paged.read(await call<unknown>(`${m.path}?${m.paged.query(n, perPage, q)}`, { signal: params.signal }, m.messages.load)) as any;
    }
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

  // Issue 7, events: categories, sessions, their capacity and flags, notifications (spec 7).

  eventCategories() {
    return call<EventCategory[]>('/events/categories', {}, 'Error al cargar las categorías');
  },

  createSession(eventId: number, body: SessionPayload) {
    return call<Session>(`/events/${eventId}/sessions`, { method: 'POST', ...json(body) }, 'Error al crear la sesión');
  },

  /** PUT .../sessions/{id}: dates, times and flags; the capacity has its own calls. */
  updateSession(eventId: number, sessionId: number, body: Omit<SessionPayload, 'maxAttendees'>) {
    return call<Session>(`/events/${eventId}/sessions/${sessionId}`, { method: 'PUT', ...json(body) }, 'Error al actualizar la sesión');
  },

  deleteSession(eventId: number, sessionId: number) {
    return call<void>(`/events/${eventId}/sessions/${sessionId}`, { method: 'DELETE' }, 'Error al eliminar la sesión');
  },

  toggleSessionRegistration(eventId: number, sessionId: number, isOpen: boolean) {
    return call<Session>(`/events/${eventId}/sessions/${sessionId}/toggle-registration`, { method: 'PUT', ...json({ isOpen }) }, 'Error al actualizar las sesiones');
  },

  toggleSessionPromotionLock(eventId: number, sessionId: number, isLocked: boolean) {
    return call<Session>(`/events/${eventId}/sessions/${sessionId}/toggle-promotion-lock`, { method: 'PUT', ...json({ isLocked }) }, 'Error al actualizar las sesiones');
  },

  /** One capacity figure per call (spec 5): PUT .../max-attendees, .../reserved-spots or .../max-queue-spots. */
  updateSessionCapacity(eventId: number, sessionId: number, field: 'maxAttendees' | 'reservedSpots' | 'maxQueueSpots', value: number) {
    const path = { maxAttendees: 'max-attendees', reservedSpots: 'reserved-spots', maxQueueSpots: 'max-queue-spots' }[field];
    return call<Session>(`/events/${eventId}/sessions/${sessionId}/${path}`, { method: 'PUT', ...json({ [field]: value }) }, 'Error al actualizar las sesiones');
  },

  redistributeReservedSpots(eventId: number, sessionId: number, spotsToRedistribute: number) {
    return call<Session>(
      `/events/${eventId}/sessions/${sessionId}/redistribute-reserved-spots`,
      { method: 'POST', ...json({ spotsToRedistribute }) },
      'Error al actualizar las sesiones',
    );
  },

  /** POST /notifications/events/{id} or /notifications/sessions/{id}. */
  sendNotification(target: { eventId: number } | { sessionId: number }, body: SendNotificationRequest) {
    const path = 'eventId' in target ? `/notifications/events/${target.eventId}` : `/notifications/sessions/${target.sessionId}`;
    return call<NotificationResult>(path, { method: 'POST', ...json(body) }, 'Error al enviar notificaciones');
  },

  // Issue 7, people: registrations, manual registration, waiting lists, GDPR (spec 7).

  /** GET /api/events: every event with its sessions and their live counts (pickers of the people screens). */
  eventsWithSessions() {
    return call<AdminEvent[]>('/events', {}, 'Error al cargar los eventos');
  },

  /** GET /api/events/{id}/sessions: one event's sessions, counted now. */
  sessionsOfEvent(eventId: number) {
    return call<Session[]>(`/events/${eventId}/sessions`, {}, 'Error al cargar las sesiones');
  },

  sessionRegistrations(sessionId: number) {
    return call<AdminRegistration[]>(`/events/sessions/${sessionId}/registrations?includeDetails=true`, {}, 'Error al cargar los registros');
  },

  resendRegistrationEmail(id: number) {
    return call<{ message: string }>(`/events/registrations/${id}/resend-email`, { method: 'POST' }, 'Error al reenviar el email');
  },

  cancelRegistration(id: number) {
    return call<{ message: string }>(`/registrations/${id}/cancel`, { method: 'POST' }, 'Error al cancelar el registro');
  },

  /** POST .../admin-registrations; with forceQueue the person goes to the waiting list when reserved spots are full. */
  manualRegistration(body: ManualRegistrationRequest, forceQueue: boolean) {
    const query = forceQueue ? '?forceQueue=true' : '';
    return call<ManualRegistrationResponse | ManualRegistrationConfirmation>(
      `/events/sessions/${body.eventSessionId}/admin-registrations${query}`,
      { method: 'POST', ...json(body) },
      'Error al crear el registro',
    );
  },

  queueOfSession(sessionId: number) {
    return call<QueueEntry[]>(`/events/queue/session/${sessionId}`, {}, 'Error al cargar la lista de espera');
  },

  reorderQueue(eventSessionId: number, queueIds: number[]) {
    return call<QueueEntry[]>('/events/queue/reorder', { method: 'PUT', ...json({ eventSessionId, queueIds }) }, 'Error al reordenar la lista de espera');
  },

  promoteQueueEntry(id: number) {
    return call<{ message: string; registrationId: number }>(`/events/queue/${id}/promote`, { method: 'POST' }, 'Error al promover de la lista de espera');
  },

  updateQueueEntry(id: number, d: Record<string, any>) {
    const body = { firstName: trim(d.firstName), lastName: trim(d.lastName), email: trim(d.email), userTaxId: trim(d.userTaxId), phoneNumber: trim(d.phoneNumber) || null };
    return call<QueueEntry>(`/events/queue/${id}`, { method: 'PUT', ...json(body) }, 'Error al actualizar la persona de la lista de espera');
  },

  removeQueueEntry(id: number) {
    return call<{ message: string }>(`/events/queue/${id}`, { method: 'DELETE' }, 'Error al eliminar de la lista de espera');
  },

  /** GET .../export: the Excel file and the name the server gives it. */
  async exportQueue(sessionId: number) {
    try {
      return await apiDownload(`/events/queue/session/${sessionId}/export`);
    } catch (error) {
      return translateError(error, 'Error al exportar Excel');
    }
  },

  gdprSearch(email: string) {
    return call<GdprSummary>(`/admin/gdpr/search?email=${encodeURIComponent(email)}`, {}, 'Error al buscar los datos');
  },

  gdprExport(email: string) {
    return call<GdprExport>(`/admin/gdpr/export/${encodeURIComponent(email)}`, {}, 'Error al exportar datos de usuario');
  },

  gdprDelete(email: string) {
    return call<GdprDeleteResult>(`/admin/gdpr/delete/${encodeURIComponent(email)}`, { method: 'DELETE' }, 'Error al eliminar los datos');
  },

  // Issue 6: e-mail settings, templates and log; SMS settings and log (spec 7).

  getEmailSettings() {
    return call<EmailSettings>('/email/settings', {}, 'Error al cargar la configuración de email');
  },

  updateEmailSettings(body: UpdateEmailSettingsRequest) {
    return call<EmailSettings>('/email/settings', { method: 'PUT', ...json(body) }, 'Error al guardar la configuración');
  },

  /** POST /api/email/test?testEmail=: sent at once with the saved settings; answers the server's message. */
  sendTestEmail(address: string) {
    return call<{ message: string }>(`/email/test?testEmail=${encodeURIComponent(address)}`, { method: 'POST' }, 'Error al probar configuración de email');
  },

  emailTemplateTypes() {
    return call<EmailTemplateTypeOption[]>('/email-templates/template-types', {}, 'Error al cargar las plantillas');
  },

  /** A saved template filled with sample data. */
  previewEmailTemplate(id: number | string) {
    return call<EmailPreview>(`/email-templates/${encodeURIComponent(id)}/preview`, {}, 'Error al cargar la vista previa');
  },

  /** Unsaved content filled with sample data (the form's preview). */
  previewEmailContent(body: EmailPreviewRequest) {
    return call<EmailPreview>('/email-templates/preview', { method: 'POST', ...json(body) }, 'Error al cargar la vista previa');
  },

  resendEmail(id: number) {
    return call<{ message: string }>(`/email-logs/${id}/resend`, { method: 'POST' }, 'Error al reenviar el email');
  },

  deleteAllEmailLogs() {
    return call<{ message: string; deleted: number }>('/email-logs/all', { method: 'DELETE' }, 'Error al eliminar los registros de email');
  },

  getSmsSettings() {
    return call<SmsSettings>('/smssettings', {}, 'Error al cargar la configuración de SMS. Por favor, intenta de nuevo.');
  },

  updateSmsSettings(body: UpdateSmsSettingsRequest) {
    return call<SmsSettings>('/smssettings', { method: 'PUT', ...json(body) }, 'Error al guardar la configuración');
  },

  /** The estimated cost of every SMS sent (no dates: the whole log). */
  smsTotalCost() {
    return call<SmsTotalCost>('/smssettings/logs/total-cost', {}, 'Error al cargar el coste de los SMS');
  },

  deleteSmsLog(id: number) {
    return call<void>(`/smssettings/smslogs/${id}`, { method: 'DELETE' }, 'Error al eliminar el SMS');
  },

  deleteAllSmsLogs() {
    return call<{ deletedCount: number }>('/smssettings/smslogs/all', { method: 'DELETE' }, 'Error al eliminar los SMS');
  },
};

export type AdminDataProvider = DataProvider & typeof calls;

export const dataProvider: AdminDataProvider = { ...resources, ...calls };
