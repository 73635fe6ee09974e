import type { VisitorLanguage } from './languages';

/** The day of the event (issue 21): tickets, check-in at the door ('Control de acceso'), door links, offline
 * scans and no-shows. docs/domain.md, "Check-in at the door", has the rules. */

/** Permissions of the check-in (also in PERMISSIONS): Read sees the attendance, Update checks people in and undoes. */
export const CHECKIN_PERMISSIONS = ['Checkin.Read', 'Checkin.Update'] as const;
export type CheckinPermission = (typeof CHECKIN_PERMISSIONS)[number];

/** The system role for door staff: Checkin.Read + Checkin.Update only (names, never e-mails or DNI/NIE). */
export const DOOR_ROLE_NAME = 'Control de acceso';

/** The webhook event sent after each valid check-in (also in WEBHOOK_EVENT_TYPES). */
export const CHECKIN_WEBHOOK_EVENT = 'registration.checked_in';

/** A ticket code as shown in the QR and in text: `<registrationId>-<26 base32 characters>` (130 bits of a keyed
 * MAC over a random per-registration value). The text form is upper-case; readers accept any case. */
export const TICKET_CODE_PATTERN = /^[0-9]{1,10}-[A-Za-z2-7]{26}$/;
export const TICKET_CODE_MAX_LENGTH = 40;

/** Every answer a scan can get. `valid` is the only green one. */
export type CheckInOutcome = 'valid' | 'alreadyCheckedIn' | 'otherSession' | 'cancelled' | 'waiting' | 'unknown';

/** POST /api/sessions/{sessionId}/check-ins and POST /api/door/{token}/check-ins. Exactly one of `code` or
 * `registrationId` (the manual search on the door screen). */
export interface CheckInRequest {
  code?: string;
  registrationId?: number;
  /** The client's random id of this scan (8–64 characters [A-Za-z0-9_-]): a scan re-sent with the same nonce
   * gets the first answer again and is never counted twice. */
  nonce: string;
  /** The door or device, shown to the next door that scans the same ticket ('Puerta norte'); ≤ 60 characters. */
  door?: string | null;
  /** When the door scanned it (ISO date-time), for scans sent late; the server's time when omitted. Not after
   * now, not before the session's day. */
  scannedAt?: string | null;
}

/** The person a scan found: names only. */
export interface CheckInPerson {
  registrationId: number;
  firstName: string;
  lastName: string;
  /** 'acompañante de …': the holder's full name when this person came as a companion; else null. */
  companionOf: string | null;
}

export interface CheckInAnswer {
  outcome: CheckInOutcome;
  /** green only for `valid`. */
  ok: boolean;
  /** The Spanish sentence the door screen shows ('Entrada válida', 'Ya registrada a las 10:42 en Puerta norte'…). */
  message: string;
  /** The booked language of the registration the answer names (es, ca, eu, gl, en); null when it names none
   * (unknown code). */
  language: VisitorLanguage | null;
  /** The verdict written for the visitor ('Entrada vàlida. Benvinguts!'), in `language`; for an unknown code in the
   * request's Accept-Language (Spanish without one). No personal data. Catalog keys `doorVisitor.<outcome>`. */
  visitorMessage: string;
  /** The check-in made (valid) or found (alreadyCheckedIn); null otherwise. Undo takes its id. */
  checkInId: number | null;
  person: CheckInPerson | null;
  /** alreadyCheckedIn: when and where/by whom the first check-in happened. */
  checkedInAt: string | null;
  checkedInDoor: string | null;
  checkedInBy: string | null;
  /** otherSession: the session the ticket belongs to. */
  otherSession: { sessionId: number; eventTitle: string; startDate: string; startTime: string } | null;
  /** waiting: the position on the waiting list. */
  queuePosition: number | null;
  /** true when this answer repeats the one given to the same nonce before. */
  replayed: boolean;
  counts: AttendanceCounts;
}

/** POST /api/check-ins/{checkInId}/undo and POST /api/door/{token}/check-ins/{checkInId}/undo. */
export interface UndoCheckInAnswer {
  undone: boolean;
  message: string;
  counts: AttendanceCounts;
}

/** presentes / inscritos; `expected` = registered − present. */
export interface AttendanceCounts {
  sessionId: number;
  registered: number;
  present: number;
  expected: number;
}

export interface AttendanceRow {
  registrationId: number;
  firstName: string;
  lastName: string;
  /** Omitted (null) for callers without Registrations.Read (the door role) and door links. */
  email: string | null;
  checkedIn: boolean;
  checkedInAt: string | null;
  checkedInDoor: string | null;
  checkInId: number | null;
}

/** GET /api/sessions/{sessionId}/attendance?page=&pageSize=&checkedIn=true|false&search= */
export interface AttendancePage {
  counts: AttendanceCounts;
  items: AttendanceRow[];
  totalCount: number;
  totalPages: number;
  page: number;
  pageSize: number;
}

/** One ticket of the offline list: what a door needs to decide a scan locally, nothing more. */
export interface OfflineListEntry {
  registrationId: number;
  /** base64url(SHA-256(code in upper case)): the door hashes what it reads and looks it up; the list hands out
   * no valid code. */
  codeHash: string;
  firstName: string;
  lastName: string;
  companionOf: string | null;
  state: 'active' | 'cancelled' | 'waiting';
  queuePosition: number | null;
  checkedInAt: string | null;
  checkedInDoor: string | null;
  /** Who checked them in (staff member, API token or door link), as a scan's answer says it. */
  checkedInBy: string | null;
}

/** GET /api/sessions/{sessionId}/check-ins/offline-list and GET /api/door/{token}/offline-list. */
export interface OfflineList {
  sessionId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  endTime: string;
  generatedAt: string;
  entries: OfflineListEntry[];
}

/** POST …/check-ins/sync: the scans decided offline, in the order they were made, at most SYNC_MAX_SCANS per
 * request (the API's JSON limits allow 1,000 keys a body): a door with more sends them in chunks, in order. */
export const SYNC_MAX_SCANS = 150;

export interface SyncRequest {
  scans: CheckInRequest[];
}

export interface SyncScanAnswer extends Omit<CheckInAnswer, 'counts'> {
  nonce: string;
}

/** A ticket checked in at two doors while offline: the server kept the first it received. */
export interface SyncConflict {
  registrationId: number;
  nonce: string;
  keptCheckInId: number;
  keptDoor: string | null;
  keptAt: string;
  rejectedDoor: string | null;
  rejectedAt: string;
}

export interface SyncAnswer {
  results: SyncScanAnswer[];
  conflicts: SyncConflict[];
  counts: AttendanceCounts;
}

/** A per-session link for volunteers without an account: opens only that session's check-in, revocable, and
 * refused once the session has ended (`expiresAt`). */
export interface DoorLink {
  id: number;
  sessionId: number;
  label: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  createdBy: string | null;
}

/** POST /api/sessions/{sessionId}/door-links answers the token once (as `url` and `token`); never shown again. */
export interface CreatedDoorLink extends DoorLink {
  token: string;
  /** `<base URL>/admin/#/door/<token>` */
  url: string;
}

export interface CreateDoorLinkRequest {
  /** ≤ 60 characters, e.g. 'Voluntarios puerta norte'. */
  label: string;
}

/** GET /api/door/{token}: what the door screen shows on top. */
export interface DoorSession {
  sessionId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  endTime: string;
  label: string;
  expiresAt: string;
  counts: AttendanceCounts;
}

/** GET /api/check-ins/sessions: the sessions a door can open (not ended yet, or ended today in the event's zone),
 * by start, with their counts. */
export interface CheckInSessionChoice {
  sessionId: number;
  eventId: number;
  eventTitle: string;
  startDate: string;
  startTime: string;
  endTime: string;
  /** Start and end as instants (ISO 8601): a session may end after midnight. */
  startsAt: string;
  endsAt: string;
  /** The event's time zone (IANA), where 'today' is counted. */
  timeZone: string;
  counts: AttendanceCounts;
}

/** At most this many sessions in that list (the soonest). */
export const CHECKIN_SESSIONS_MAX = 200;

/** GET /api/sessions/{sessionId}/no-shows: active registrations not checked in, once the session has ended. */
export interface NoShow {
  registrationId: number;
  firstName: string;
  lastName: string;
  email: string;
  telephoneNumber: string | null;
  alreadyBlacklisted: boolean;
}

/** POST /api/sessions/{sessionId}/no-shows/blacklist: `registrationIds` or `all: true`. */
export interface BlacklistNoShowsRequest {
  registrationIds?: number[];
  all?: boolean;
  /** Defaults: 30 days ahead, e-mail notification (1). */
  expiresAt?: string;
  notificationType?: 0 | 1;
  blackListReasonDesc?: string | null;
}

export interface BlacklistNoShowsAnswer {
  added: number;
  skippedAlreadyBlacklisted: number;
  /** ids sent that are not no-shows of this session (checked in, cancelled, another session, unknown). */
  skippedNotNoShow: number;
  message: string;
}

export const CHECKIN_MESSAGES = {
  valid: 'Entrada válida',
  alreadyCheckedIn: 'Ya registrada',
  otherSession: 'Entrada de otra sesión',
  cancelled: 'Inscripción cancelada',
  waiting: 'En lista de espera',
  unknown: 'Código desconocido',
  undone: 'Entrada anulada: la persona vuelve a figurar como esperada',
  undoNotFound: 'No hay entrada que anular con ese identificador en esta sesión',
  codeOrRegistration: 'Indique code o registrationId (solo uno)',
  codeInvalid: 'code debe ser un texto de como máximo 40 caracteres',
  registrationIdInvalid: 'registrationId debe ser un número entero positivo',
  nonceInvalid: 'nonce debe tener entre 8 y 64 caracteres (letras, números, _ o -)',
  doorInvalid: 'door debe ser un texto de como máximo 60 caracteres',
  scannedAtInvalid: 'scannedAt debe ser una fecha ISO no posterior a ahora',
  scansInvalid: 'scans debe ser una lista de entre 1 y 150 lecturas',
  sessionNotFound: 'Sesión no encontrada',
  ticketNotFound: 'Entrada no encontrada: el código no es el de una inscripción confirmada',
  doorLinkInvalid: 'Enlace de acceso no válido, revocado o caducado',
  doorLinkNotFound: 'Enlace de acceso no encontrado',
  doorLinkRevoked: 'Enlace de acceso revocado',
  labelInvalid: 'label es obligatorio y no puede superar los 60 caracteres',
  sessionEnded: 'La sesión ya ha terminado',
  sessionNotEnded: 'La sesión aún no ha terminado: los no presentados se conocen al terminar',
  noShowSelection: 'Indique registrationIds (lista de números) o all: true',
  noShowsBlacklisted: (added: number, skipped: number) =>
    `${added} añadidos a la lista negra${skipped ? `; ${skipped} ya estaban` : ''}`,
} as const;
