import type { EmailLogPage, HistoryEntry, Paged, SmsLogPage, WebhookDeliveryPage } from '@evreg/contracts';
import { readPageOrWhole, sortedPageQuery } from './sortedPaging';
import { PEOPLE_MAPPINGS } from './peopleMappings';
import {
  eventPayload,
  templateRequest,
  tokenRequest,
  webhookRequest,
  type EventFormValues,
  type TokenFormValues,
  type WebhookFormValues,
} from './requests';
import { trim, type ResourceMapping, type WriteCall } from './resourceMapping';

const MAPPINGS: Record<string, ResourceMapping> = {
  // Paged, sorted and searched by the API (docs/domain.md, "Lists at real sizes"); a page's users come without
  // their permissions. A whole read (WHOLE) asks without paging and gets the API's whole list.
  users: {
    path: '/user',
    search: true,
    paged: {
      query: (page, perPage, search, sort) =>
        sortedPageQuery(page, perPage, search, sort, ['lastName', 'firstName', 'email', 'departmentName', 'createdAt']),
      read: readPageOrWhole,
    },
    create: (d) => ({
      email: trim(d.email),
      firstName: trim(d.firstName),
      lastName: trim(d.lastName),
      departmentId: d.departmentId,
      roleId: d.roleId,
    }),
    // Three changes, by what the data holds: `{ unlock: true }` alone lifts a block and the lockout after failed
    // sign-ins (POST /user/{id}/unlock); `{ roleId }` alone replaces the role (POST /user/assign-role, 409 if it
    // would leave no administrator); anything else is the person and the flags (PUT /user/{id}), the flags as shown
    // in the dialog. The block is sent only when the dialog changed it (UserEdit): saving a user locked by failed
    // sign-ins leaves it so.
    updateCall: (id, d) => {
      const { id: _id, ...changed } = d;
      const fields = Object.keys(changed);
      if (fields.length === 1 && changed.unlock === true)
        return {
          path: `/user/${encodeURIComponent(id)}/unlock`,
          method: 'POST',
          message: 'Error al desbloquear el usuario',
        };
      if (fields.length === 1 && typeof changed.roleId === 'string')
        return {
          path: '/user/assign-role',
          method: 'POST',
          body: { userId: id, roleId: changed.roleId },
          message: 'Error al asignar el rol',
        };
      return {
        path: `/user/${encodeURIComponent(id)}`,
        body: {
          email: trim(d.email),
          firstName: trim(d.firstName),
          lastName: trim(d.lastName),
          departmentId: d.departmentId === '' || d.departmentId === undefined ? null : d.departmentId,
          mustChangePassword: !!d.mustChangePassword,
          emailConfirmed: !!d.emailConfirmed,
          ...(d.lockoutEnabled === undefined ? {} : { lockoutEnabled: !!d.lockoutEnabled }),
        },
      };
    },
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
    create: (d) => ({
      name: trim(d.name),
      description: trim(d.description) || null,
      permissionIds: d.permissionIds ?? [],
    }),
    update: (d) => ({
      name: trim(d.name),
      description: trim(d.description) || null,
      permissionIds: d.permissionIds ?? [],
    }),
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
  // The whole history (administrators): filtered and paged by the API, newest first; a bulk action is one row.
  history: {
    path: '/history',
    search: false,
    paged: {
      query: (page, perPage, _search, _sort, filter) => historyQuery(page, perPage, filter),
      read: (body: Paged<HistoryEntry>) => ({ data: body.items, total: body.totalCount }),
    },
    messages: { load: 'Error al cargar el historial' },
  },
  // Paged, sorted and searched by the API (docs/domain.md, "Lists at real sizes"), each event with its sessions
  // and live counts; the search matches title, description text, city and place. A whole read (WHOLE: the event
  // pickers) asks without paging. The id is sent on create only (it can't change).
  events: {
    path: '/events',
    search: true,
    paged: {
      query: (page, perPage, search, sort) =>
        sortedPageQuery(page, perPage, search, sort, ['createdAt', 'id', 'title', 'city', 'status', 'price']),
      read: readPageOrWhole,
    },
    create: (d) => eventPayload(d as EventFormValues, 'create'),
    update: (d) => eventPayload(d as EventFormValues, 'edit'),
    messages: {
      create: 'Error al crear el evento. Por favor, inténtalo de nuevo.',
      update: 'Error al actualizar el evento. Por favor, inténtalo de nuevo.',
      delete: 'Error al eliminar el evento',
      load: 'Error al cargar los eventos',
    },
  },
  // An event's sessions (filter or reference `eventId`; the events list carries them too). Created under their
  // event; a change goes to the call of what changes: the schedule and flags together (the form), or one flag,
  // one capacity figure, or a redistribution of reserved spots (docs/product.md §5, 7).
  sessions: {
    path: '/events/sessions',
    search: false,
    lists: { eventId: (id) => `/events/${id}/sessions` },
    recordPath: (id, session) => `/events/${session?.eventId}/sessions/${id}`,
    createCall: ({ eventId, ...payload }) => ({ path: `/events/${eventId}/sessions`, method: 'POST', body: payload }),
    updateCall: (id, data, session) => sessionCall(`/events/${session?.eventId}/sessions/${id}`, data),
    messages: {
      create: 'Error al crear la sesión',
      update: 'Error al actualizar la sesión',
      delete: 'Error al eliminar la sesión',
      load: 'Error al cargar las sesiones',
    },
  },
  'event-categories': {
    path: '/events/categories',
    search: false,
    messages: { load: 'Error al cargar las categorías' },
  },
  // Settings by key (`/settings/{key}`: value as text), and 'queue-settings', the waiting-list limits as one record.
  settings: {
    path: '/settings',
    search: false,
    updateCall: (id, d) =>
      id === 'queue-settings'
        ? {
            path: '/settings/queue-settings',
            body: { defaultMaxQueueSpots: d.defaultMaxQueueSpots, globalMaxQueueSpots: d.globalMaxQueueSpots },
          }
        : { path: `/settings/${encodeURIComponent(id)}`, body: { data: { key: id, value: d.value } } },
    messages: { update: 'Error al actualizar la configuración', load: 'Error al cargar la configuración' },
  },
  // The e-mail (SMTP) and SMS settings: one record each ('current'), read and saved whole. The request is built
  // by the screen (write-only secrets are sent only when typed).
  'email-settings': {
    path: '/email/settings',
    search: false,
    recordPath: () => '/email/settings',
    update: ({ id: _id, ...request }) => request,
    messages: { update: 'Error al guardar la configuración', load: 'Error al cargar la configuración de email' },
  },
  'sms-settings': {
    path: '/smssettings',
    search: false,
    recordPath: () => '/smssettings',
    update: ({ id: _id, ...request }) => request,
    messages: {
      update: 'Error al guardar la configuración',
      load: 'Error al cargar la configuración de SMS. Por favor, intenta de nuevo.',
    },
  },
  // The dashboard's figures: the record 'stats'.
  dashboard: {
    path: '/admin/dashboard',
    search: false,
    messages: { load: 'Error al cargar los datos del panel. Intenta recargar la página.' },
  },
  // 'Estado del sistema': the record 'status'.
  system: {
    path: '/system',
    search: false,
    messages: { load: 'No se pudo comprobar el estado del sistema. Intenta recargar la página.' },
  },
  // registrations, queue, blacklist, notifications: peopleMappings.ts.
  ...PEOPLE_MAPPINGS,
  // E-mail templates: the whole list; the type is sent on edit too (the server refuses a change).
  'email-templates': {
    path: '/email-templates',
    search: false,
    create: templateRequest,
    update: templateRequest,
    messages: {
      create: 'Error al crear la plantilla',
      update: 'Error al actualizar la plantilla',
      load: 'Error al cargar las plantillas',
    },
  },
  // The logs are paged by the API (e-mail 20, SMS 50 per page, docs/product.md §9), newest first.
  'email-logs': {
    path: '/email-logs',
    search: true,
    paged: {
      query: (page, perPage, search) => logQuery(page, perPage, search),
      read: (body: EmailLogPage) => ({ data: body.data, total: body.totalCount }),
    },
    deleteAll: { path: '/email-logs/all', message: 'Error al eliminar los registros de email' },
    messages: { delete: 'Error al eliminar el registro de email', load: 'Error al cargar los registros de email' },
  },
  // Listed at /smssettings/logs; deleted at /smssettings/smslogs/{id}. The record 'total-cost' is the estimated
  // cost of every SMS sent (so it is read again with the log).
  'sms-logs': {
    path: '/smssettings/logs',
    search: true,
    recordPath: (id) =>
      id === 'total-cost' ? '/smssettings/logs/total-cost' : `/smssettings/smslogs/${encodeURIComponent(id)}`,
    paged: {
      query: (page, perPage, search) => logQuery(page, perPage, search),
      read: (body: SmsLogPage) => ({ data: body.data, total: body.totalCount }),
    },
    deleteAll: { path: '/smssettings/smslogs/all', message: 'Error al eliminar los SMS' },
    messages: {
      delete: 'Error al eliminar el SMS',
      load: 'Error al cargar el registro de SMS. Por favor, intenta de nuevo.',
    },
  },
  // Machine access (Integraciones): the API answers the list whole (newest first); a create answers the token
  // once, which the screen shows and forgets; a delete revokes.
  'api-tokens': {
    path: '/api-tokens',
    search: false,
    create: (d) => tokenRequest(d as TokenFormValues),
    messages: {
      create: 'Error al crear el token de API',
      delete: 'Error al revocar el token de API',
      load: 'Error al cargar los tokens de API',
    },
  },
  // The door screen's sessions (issue 21): not ended yet or ended today, today's first; read with Checkin.Read
  // (the door role has no Events.Read).
  'checkin-sessions': {
    path: '/check-ins/sessions',
    search: false,
    row: (s) => ({ id: s.sessionId, ...s }),
    messages: { load: 'Error al cargar las sesiones' },
  },
  // A session's no-shows once it has ended (filter `sessionId`): active registrations never checked in. Their rows'
  // id is the registration's. Read with Registrations.Read; added to the blacklist by a command.
  'no-shows': {
    path: '/no-shows',
    search: false,
    row: (r) => ({ id: r.registrationId, ...r }),
    lists: { sessionId: (id) => `/sessions/${encodeURIComponent(id)}/no-shows` },
    messages: { load: 'Error al cargar los no presentados' },
  },
  // A session's door links (filter `sessionId`): created under the session (the token answered once), revoked by id.
  'door-links': {
    path: '/door-links',
    search: false,
    lists: { sessionId: (id) => `/sessions/${encodeURIComponent(id)}/door-links` },
    createCall: (d) => ({
      path: `/sessions/${encodeURIComponent(d.sessionId)}/door-links`,
      method: 'POST',
      body: { label: trim(d.label) },
    }),
    messages: {
      create: 'Error al crear el enlace de puerta',
      delete: 'Error al revocar el enlace de puerta',
      load: 'Error al cargar los enlaces de puerta',
    },
  },
  // Webhooks (Integraciones): the API answers the list whole; a create answers the signing secret once, which the
  // screen shows and forgets. Create and edit send the same body.
  webhooks: {
    path: '/webhooks',
    search: false,
    create: (d) => webhookRequest(d as WebhookFormValues),
    update: (d) => webhookRequest(d as WebhookFormValues),
    messages: {
      create: 'Error al crear el webhook',
      update: 'Error al actualizar el webhook',
      delete: 'Error al eliminar el webhook',
      load: 'Error al cargar los webhooks',
    },
  },
  // A webhook's deliveries (filter or reference `webhookId`), paged by the API (newest first). 'Probar' creates one:
  // `POST /webhooks/{id}/test` answers the delivery it recorded.
  'webhook-deliveries': {
    path: '/webhooks/deliveries',
    search: false,
    lists: { webhookId: (id) => `/webhooks/${encodeURIComponent(id)}/deliveries` },
    paged: {
      query: (page, perPage) => logQuery(page, perPage, ''),
      read: (body: WebhookDeliveryPage) => ({ data: body.data, total: body.totalCount }),
      scoped: true,
    },
    createCall: ({ webhookId }) => ({
      path: `/webhooks/${encodeURIComponent(webhookId)}/test`,
      method: 'POST',
      body: {},
    }),
    // 'Reenviar': an update of the delivery, `POST /webhooks/{webhookId}/deliveries/{id}/redeliver`, with the click's
    // key (the same key twice sends once).
    updateCall: (id, { webhookId, requestKey }) => ({
      path: `/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(id)}/redeliver`,
      method: 'POST',
      body: requestKey ? { requestKey } : {},
    }),
    messages: {
      create: 'Error al enviar la prueba',
      update: 'Error al reenviar el envío',
      load: 'Error al cargar los envíos del webhook',
    },
  },
};

/** The call of a session's change: one flag, one capacity figure, a redistribution, or else the schedule. */
function sessionCall(path: string, data: Record<string, any>): WriteCall {
  const { id: _id, ...changed } = data;
  const fields = Object.keys(changed);
  const only = fields.length === 1 ? fields[0] : null;
  const value = only ? changed[only] : undefined;
  const message = 'Error al actualizar las sesiones';
  switch (only) {
    case 'isRegistrationOpen':
      return { path: `${path}/toggle-registration`, body: { isOpen: value }, message };
    case 'isPromotionLocked':
      return { path: `${path}/toggle-promotion-lock`, body: { isLocked: value }, message };
    case 'maxAttendees':
      return { path: `${path}/max-attendees`, body: { maxAttendees: value }, message };
    case 'reservedSpots':
      return { path: `${path}/reserved-spots`, body: { reservedSpots: value }, message };
    case 'maxQueueSpots':
      return { path: `${path}/max-queue-spots`, body: { maxQueueSpots: value }, message };
    case 'spotsToRedistribute':
      return {
        path: `${path}/redistribute-reserved-spots`,
        method: 'POST',
        body: { spotsToRedistribute: value },
        message,
      };
    default:
      return { path, body: changed };
  }
}

/** The history's page with the filters set (empty ones left out): the API's names are the filters' sources. */
export function historyQuery(page: number, perPage: number, filter: Record<string, unknown> = {}): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage) });
  for (const key of ['eventId', 'sessionId', 'action', 'actorKind', 'actorUserId', 'from', 'to', 'bulkId']) {
    const value = filter[key];
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return String(query);
}

function logQuery(page: number, perPage: number, search: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage) });
  if (search) query.set('search', search);
  return String(query);
}

export function mapping(resource: string): ResourceMapping {
  const found = MAPPINGS[resource];
  if (!found) throw new Error(`Recurso desconocido: ${resource}`);
  return found;
}
