import { REGISTRATION_STATUS, type AdminRegistration, type BlacklistPage, type Paged } from '@evreg/contracts';
import { listFilter, listQuery } from '../resources/registrations/rules';
import { trim, type ResourceMapping } from './resourceMapping';

/** The people's resources (docs/product.md §7): registrations, waiting lists, the blacklist and the notifications
 * sent to them; part of mappings.ts. */
export const PEOPLE_MAPPINGS: Record<string, ResourceMapping> = {
  // Paged, filtered (event, session, state, registration dates) and sorted by the API (20 per page, docs/product.md
  // §9; docs/domain.md, "Registros: finding and slicing people"); includeDetails adds the event and session of each
  // one. A session's registrations (filter or reference `eventSessionId`) come whole. Two creates (docs/product.md §7): a promotion
  // from a waiting list (`{ queueEntryId }`, answers the new registration's id) and a manual registration
  // (`{ eventSessionId, formData, forceQueue }`: the answer may be a queue entry, `queued`, or the server's question
  // when the reserved spots are full, `requiresConfirmation`, without an id: run through useCommand, not useCreate).
  // A cancel is the update `{ status: REGISTRATION_STATUS.Cancelled }` alone; any other update edits the person.
  registrations: {
    path: '/events/registrations',
    search: true,
    lists: { eventSessionId: (id) => `/events/sessions/${id}/registrations?includeDetails=true` },
    paged: {
      query: (page, perPage, search, sort, filter) =>
        `${listQuery(listFilter({ ...filter, q: search }, sort), { page, perPage })}&includeDetails=true`,
      read: (body: Paged<AdminRegistration>) => ({ data: body.items, total: body.totalCount }),
    },
    createCall: (d) =>
      d.queueEntryId != null
        ? {
            path: `/events/queue/${encodeURIComponent(d.queueEntryId)}/promote`,
            method: 'POST',
            message: 'Error al promover de la lista de espera',
            record: (answer: { message: string; registrationId: number }) => ({ ...answer, id: answer.registrationId }),
          }
        : {
            path: `/events/sessions/${encodeURIComponent(d.eventSessionId)}/admin-registrations${d.forceQueue ? '?forceQueue=true' : ''}`,
            method: 'POST',
            body: { eventSessionId: d.eventSessionId, formData: d.formData },
            message: 'Error al crear el registro',
          },
    updateCall: (id, d) => {
      const { id: _id, ...changed } = d;
      const fields = Object.keys(changed);
      if (fields.length === 1 && changed.status === REGISTRATION_STATUS.Cancelled)
        return {
          path: `/registrations/${encodeURIComponent(id)}/cancel`,
          method: 'POST',
          message: 'Error al cancelar el registro',
          record: (answer: { message: string }) => ({
            ...answer,
            status: REGISTRATION_STATUS.Cancelled,
            statusText: 'Cancelled',
          }),
        };
      return { path: `/events/registrations/${encodeURIComponent(id)}`, body: registrationFields(d) };
    },
    messages: {
      update: 'Error al actualizar el registro',
      delete: 'Error al eliminar el registro',
      load: 'Error al cargar los registros',
    },
  },
  // The people waiting for a seat in a session (route /admin/queue-management), by position: read per session
  // (filter or reference `eventSessionId`), edited and removed one by one. A new order is `updateMany` with the
  // session's ids in that order and `data: { eventSessionId }`; a promotion is a create of `registrations`.
  'waiting-list': {
    path: '/events/queue',
    search: false,
    lists: { eventSessionId: (id) => `/events/queue/session/${id}` },
    updateManyCall: (ids, d) => ({
      path: '/events/queue/reorder',
      body: { eventSessionId: d.eventSessionId, queueIds: ids },
      message: 'Error al reordenar la lista de espera',
    }),
    update: (d) => ({
      firstName: trim(d.firstName),
      lastName: trim(d.lastName),
      email: trim(d.email),
      userTaxId: trim(d.userTaxId),
      phoneNumber: trim(d.phoneNumber) || null,
    }),
    messages: {
      update: 'Error al actualizar la persona de la lista de espera',
      delete: 'Error al eliminar de la lista de espera',
      load: 'Error al cargar la lista de espera',
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
    create: (d) => ({
      eventId: d.eventId,
      eventSessionId: d.eventSessionId,
      email: trim(d.email),
      ...blacklistFields(d),
      phoneNumber: trim(d.phoneNumber) || undefined,
    }),
    update: (d) => blacklistFields(d),
    messages: {
      create: 'Error al bloquear a la persona',
      update: 'Error al actualizar la entrada de la lista negra',
      delete: 'Error al eliminar la entrada de la lista negra',
      load: 'Error al cargar la lista negra. Por favor, intenta de nuevo.',
    },
  },
  // A notification to the active registrations of an event or a session (docs/product.md §5, 7): only created,
  // `{ eventId | sessionId, ...payload }`; the answer is the result (totals, cost, errors), without an id: sent
  // through useCommand, not useCreate.
  notifications: {
    path: '/notifications',
    search: false,
    createCall: ({ eventId, sessionId, ...payload }) => ({
      path: eventId != null ? `/notifications/events/${eventId}` : `/notifications/sessions/${sessionId}`,
      method: 'POST',
      body: payload,
      message: 'Error al enviar notificaciones',
    }),
    messages: { load: 'Error al enviar notificaciones' },
  },
};

function pageQuery(page: number, perPage: number, search: string, extra: string): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(perPage) });
  if (search) query.set('search', search);
  return `${query}&${extra}`;
}

/** What a registration's edit sends (docs/product.md §7). */
function registrationFields(d: Record<string, any>) {
  return {
    firstName: trim(d.firstName),
    lastName: trim(d.lastName),
    email: trim(d.email),
    userTaxId: trim(d.userTaxId),
    telephoneNumber: trim(d.telephoneNumber) || null,
  };
}

/** What a blacklist entry's create and edit send besides who and where (docs/product.md §7). */
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
