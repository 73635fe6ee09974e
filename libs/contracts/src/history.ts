/** The history of every change to a registration, an event or a session (docs/domain.md, "History"). */

/** What an entry is about. A registration's entries also carry its event and session, for filtering. */
export type HistorySubject = 'registration' | 'event' | 'session';

/** A change that changed nothing (the same value before and after, none and none): left out of the history. */
export function isEmptyHistoryChange(change: HistoryChange): boolean {
  return 'from' in change && 'to' in change && (change.from ?? null) === (change.to ?? null);
}

/** Every action code, with the Spanish label the back office shows. */
export const HISTORY_ACTIONS = {
  created: 'Inscripción creada',
  edited: 'Datos modificados',
  emailResent: 'Email reenviado',
  moved: 'Movida en la lista de espera',
  sessionChanged: 'Cambiada de sesión',
  promoted: 'Promovida desde la lista de espera',
  cancelled: 'Inscripción cancelada',
  deleted: 'Inscripción eliminada',
  blacklisted: 'Añadida a la lista negra',
  checkedIn: 'Entrada registrada',
  checkInUndone: 'Entrada deshecha',
  eventCreated: 'Evento creado',
  eventUpdated: 'Evento modificado',
  eventDeleted: 'Evento eliminado',
  sessionCreated: 'Sesión creada',
  sessionUpdated: 'Sesión modificada',
  sessionDeleted: 'Sesión eliminada',
} as const;

export type HistoryAction = keyof typeof HISTORY_ACTIONS;

/** Who did it: the person through the public page or their cancellation link, a staff member, an API token
 * (acting for its creator), the booking engine on its own (automatic promotion), an import, or a door link. */
export const HISTORY_ACTORS = {
  visitor: 'La persona inscrita',
  staff: 'Personal',
  apiToken: 'Token de API',
  system: 'Automático',
  import: 'Importación',
  doorLink: 'Enlace de puerta',
} as const;

export type HistoryActorKind = keyof typeof HISTORY_ACTORS;

/** A field changed. Personal fields (name, e-mail, DNI/NIE, phone) are named only, without values; counts, toggles,
 * dates and positions carry their values before and after. */
export interface HistoryChange {
  field: string;
  from?: string | number | boolean | null;
  to?: string | number | boolean | null;
  /** A value given by id as staff read it, added when the history is read: a session's
   * 'Evento · 01/06/2030 10:00-11:30' ('Sesión 12 (eliminada)' once it is gone). */
  fromText?: string;
  toText?: string;
}

export interface HistoryEntry {
  /** 'h-12' for a stored entry; 'r-5' (created) or 'c-7' (a check-in) for those read from the
   * registration's own rows. */
  id: string;
  subject: HistorySubject;
  subjectId: number;
  eventId: number | null;
  sessionId: number | null;
  action: HistoryAction;
  /** HISTORY_ACTIONS[action]. */
  actionLabel: string;
  actorKind: HistoryActorKind;
  /** The staff member's name, the API token's or door link's name, or HISTORY_ACTORS[actorKind]. */
  actorLabel: string;
  actorUserId: string | null;
  changes: HistoryChange[];
  /** When it happened (ISO 8601). */
  at: string;
  /** Recorded by a bulk action: its operation's id and how many entries of this action it wrote (in the whole
   * history's list, how many of them match its filters); null for a single action. */
  bulk: { id: string; count: number } | null;
  /** In the whole history's list: who or what it is about, as staff read it (the person's name, the event's title,
   * the session's event and date); absent elsewhere. */
  subjectLabel?: string;
}

/** The whole history's filters (GET /api/history): all optional, together. Days in Europe/Madrid, both included. */
export interface HistoryFilter {
  eventId?: number;
  sessionId?: number;
  action?: HistoryAction;
  actorKind?: HistoryActorKind;
  actorUserId?: string;
  from?: string;
  to?: string;
  /** One bulk operation's entries, one per subject (not grouped). */
  bulkId?: string;
}

export const HISTORY_FILTER_MESSAGES = {
  action: `El campo "action" no es válido: ${Object.keys(HISTORY_ACTIONS).join(', ')}`,
  actorKind: `El campo "actorKind" no es válido: ${Object.keys(HISTORY_ACTORS).join(', ')}`,
  actorUserId: 'El campo "actorUserId" debe ser el id (UUID) de un miembro del personal',
  bulkId: 'El campo "bulkId" debe ser el id (UUID) de una acción masiva',
  eventId: 'El campo "eventId" debe ser un número entero positivo',
  sessionId: 'El campo "sessionId" debe ser un número entero positivo',
  from: 'El campo "from" debe ser una fecha AAAA-MM-DD',
  to: 'El campo "to" debe ser una fecha AAAA-MM-DD',
  toBeforeFrom: 'El campo "to" no puede ser anterior a "from"',
  pageInvalid: 'El campo "page" debe ser un número entero positivo',
  pageSizeInvalid: 'El campo "pageSize" debe ser un número entero entre 1 y 100',
} as const;

/** The Spanish name of each field an entry may name. */
export const HISTORY_FIELDS: Record<string, string> = {
  firstName: 'Nombre',
  lastName: 'Apellidos',
  email: 'Email',
  userTaxId: 'DNI/NIE',
  telephoneNumber: 'Teléfono',
  queuePosition: 'Posición en la lista de espera',
  sessionId: 'Sesión',
  usesReservedSpot: 'Plaza reservada',
  maxAttendees: 'Aforo',
  reservedSpots: 'Plazas reservadas',
  maxQueueSpots: 'Plazas en lista de espera',
  isPromotionLocked: 'Promoción bloqueada',
  isRegistrationOpen: 'Inscripción abierta',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  isAllDay: 'Todo el día',
  door: 'Puerta',
  title: 'Título',
  description: 'Descripción',
  eventCategoryId: 'Categoría',
  status: 'Estado',
  isPublic: 'Público',
  price: 'Precio',
  city: 'Ciudad',
  place: 'Lugar',
  address: 'Dirección',
  postalCode: 'Código postal',
  country: 'País',
  timeZone: 'Zona horaria',
  organizerName: 'Organizador',
  organizerId: 'Organizador (usuario)',
  organizerEmail: 'Email del organizador',
  organizerPhone: 'Teléfono del organizador',
  organizerWebsite: 'Web del organizador',
  imageUrl: 'Imagen',
};

function historyValue(value: string | number | boolean | null | undefined): string {
  if (value === true) return 'Sí';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/** One change as the back office writes it: 'Email', 'Aforo: 10 → 12', 'Posición en la lista de espera: 3',
 * 'Sesión: Concierto · 01/06/2030 10:00-11:30 → Concierto · 02/06/2030 18:00-20:00'. */
export function historyChangeText(change: HistoryChange): string {
  const label = HISTORY_FIELDS[change.field] ?? change.field;
  const hasFrom = 'from' in change;
  const hasTo = 'to' in change;
  const from = change.fromText ?? historyValue(change.from);
  const to = change.toText ?? historyValue(change.to);
  if (hasFrom && hasTo) return `${label}: ${from} → ${to}`;
  if (hasTo) return `${label}: ${to}`;
  return label;
}
