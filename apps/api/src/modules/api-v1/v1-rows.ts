import { EVENT_STATUS_TEXT, REGISTRATION_STATE, type EventStatusCode } from '@evreg/contracts';
import { freeOnlineSpotsSql } from '../booking-engine/booking-rules';
import type { DeletedResource, RegistrationStateV1 } from './dto/list-query.dto';
import type {
  DeletionV1Dto,
  EventStatusV1,
  EventV1Dto,
  RegistrationV1Dto,
  SessionV1Dto,
  WaitingListEntryV1Dto,
} from './dto/resources.dto';
import type { KeysetQuery } from './page';

/** The SQL of each v1 resource and the mapping of its rows: one place, shared by the lists and the single reads. */

/** An instant as ISO 8601 in UTC to the millisecond, formatted by PostgreSQL. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The local date and time of an instant in `zone`, and the zone's offset from UTC then, in seconds. */
const local = (column: string, zone: string, as: string) =>
  `to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS') AS "${as}Local",
   extract(epoch FROM (${column} AT TIME ZONE ${zone}) - (${column} AT TIME ZONE 'UTC'))::int AS "${as}Offset"`;

/** '2026-05-09T10:00:00' and 7200 → '2026-05-09T10:00:00+02:00'. */
export function withOffset(localTime: string, offsetSeconds: number): string {
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${localTime}${offsetSeconds < 0 ? '-' : '+'}${hh}:${mm}`;
}

type Keyset = Omit<KeysetQuery, 'where' | 'params'>;

export const EVENT_ROWS: Keyset = {
  select: `e.id, e.title, e.description, e.translations, e.status, e.is_public AS "isPublic", e.event_category_id AS "categoryId",
           e.city, e.country, e.address, e.place, e.postal_code AS "postalCode", e.price::float8 AS price,
           e.time_zone AS "timeZone", e.image_url AS "imageUrl", e.organizer_name AS "organizerName",
           e.organizer_email AS "organizerEmail", e.organizer_phone AS "organizerPhone",
           e.organizer_website AS "organizerWebsite", ${iso('e.created_at')} AS "createdAt", ${iso('e.updated_at')} AS "updatedAt"`,
  from: 'events e',
  id: 'e.id',
  updated: 'e.updated_at',
};

type EventRow = Omit<EventV1Dto, 'status'> & { status: EventStatusCode };

export const toEvent = ({ status, ...row }: EventRow): EventV1Dto => ({
  id: row.id,
  title: row.title,
  description: row.description,
  translations: row.translations ?? {},
  status: EVENT_STATUS_TEXT[status].toLowerCase() as EventStatusV1,
  isPublic: row.isPublic,
  categoryId: row.categoryId,
  city: row.city,
  country: row.country,
  address: row.address,
  place: row.place,
  postalCode: row.postalCode,
  price: row.price,
  timeZone: row.timeZone,
  imageUrl: row.imageUrl,
  organizerName: row.organizerName,
  organizerEmail: row.organizerEmail,
  organizerPhone: row.organizerPhone,
  organizerWebsite: row.organizerWebsite,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const SESSION_ROWS: Keyset = {
  select: `s.id, s.event_id AS "eventId", s.external_id AS "externalId",
           to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
           to_char(s.start_time, 'HH24:MI:SS') AS "startTime", to_char(s.end_time, 'HH24:MI:SS') AS "endTime",
           s.is_all_day AS "isAllDay", ${local('s.starts_at', 'e.time_zone', 'starts')}, ${local('s.ends_at', 'e.time_zone', 'ends')},
           e.time_zone AS "timeZone", s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots",
           s.max_queue_spots AS "maxQueueSpots", s.online_registered + s.reserved_registered AS "registeredCount",
           s.queue_count AS "waitingCount", ${freeOnlineSpotsSql('s', 'h.held')} AS "availableSpots",
           s.is_registration_open AS "isRegistrationOpen", s.is_promotion_locked AS "isPromotionLocked",
           ${iso('s.created_at')} AS "createdAt", ${iso('s.updated_at')} AS "updatedAt"`,
  // Holds count while they last, even before the sweep releases them (as on the booking page).
  from: `event_sessions s JOIN events e ON e.id = s.event_id
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(th.spots), 0)::int AS held FROM ticket_holds th
            WHERE th.session_id = s.id AND th.expires_at > now()
         ) h`,
  id: 's.id',
  updated: 's.updated_at',
};

type SessionRow = Omit<SessionV1Dto, 'startsAt' | 'endsAt'> & {
  startsLocal: string;
  startsOffset: number;
  endsLocal: string;
  endsOffset: number;
};

export const toSession = (row: SessionRow): SessionV1Dto => ({
  id: row.id,
  eventId: row.eventId,
  externalId: row.externalId,
  startDate: row.startDate,
  endDate: row.endDate,
  startTime: row.startTime,
  endTime: row.endTime,
  isAllDay: row.isAllDay,
  startsAt: withOffset(row.startsLocal, row.startsOffset),
  endsAt: withOffset(row.endsLocal, row.endsOffset),
  timeZone: row.timeZone,
  maxAttendees: row.maxAttendees,
  reservedSpots: row.reservedSpots,
  maxQueueSpots: row.maxQueueSpots,
  registeredCount: row.registeredCount,
  waitingCount: row.waitingCount,
  availableSpots: row.availableSpots,
  isRegistrationOpen: row.isRegistrationOpen,
  isPromotionLocked: row.isPromotionLocked,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const PERSON = `r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.user_tax_id AS "userTaxId",
                r.telephone_number AS "telephoneNumber"`;

export const REGISTRATION_ROWS: Keyset = {
  select: `r.id, s.event_id AS "eventId", r.session_id AS "sessionId", r.state, r.version AS sequence,
           r.queue_position AS "queuePosition", ${PERSON}, r.uses_reserved_spot AS "usesReservedSpot", r.language, ${iso('r.registered_at')} AS "registeredAt",
           ${iso('r.promoted_at')} AS "promotedAt", ${iso('r.cancelled_at')} AS "cancelledAt",
           ${iso('r.updated_at')} AS "updatedAt"`,
  from: 'registrations r JOIN event_sessions s ON s.id = r.session_id',
  id: 'r.id',
  updated: 'r.updated_at',
};

/** The v1 names of REGISTRATION_STATE (libs/contracts), and back. */
export const STATE_V1: Record<number, RegistrationStateV1> = {
  [REGISTRATION_STATE.Active]: 'active',
  [REGISTRATION_STATE.Waiting]: 'waiting',
  [REGISTRATION_STATE.Cancelled]: 'cancelled',
};
export const STATE_CODE: Record<RegistrationStateV1, number> = {
  active: REGISTRATION_STATE.Active,
  waiting: REGISTRATION_STATE.Waiting,
  cancelled: REGISTRATION_STATE.Cancelled,
};

type RegistrationRow = Omit<RegistrationV1Dto, 'state'> & { state: number };

export const toRegistration = (row: RegistrationRow): RegistrationV1Dto => ({
  id: row.id,
  eventId: row.eventId,
  sessionId: row.sessionId,
  state: STATE_V1[row.state],
  sequence: row.sequence,
  queuePosition: row.queuePosition,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  userTaxId: row.userTaxId,
  telephoneNumber: row.telephoneNumber,
  usesReservedSpot: row.usesReservedSpot,
  language: row.language,
  registeredAt: row.registeredAt,
  promotedAt: row.promotedAt,
  cancelledAt: row.cancelledAt,
  updatedAt: row.updatedAt,
});

export const WAITING_ROWS: Keyset = {
  select: `r.id, s.event_id AS "eventId", r.session_id AS "sessionId", r.queue_position AS "queuePosition", ${PERSON},
           ${iso('r.registered_at')} AS "queuedAt", ${iso('r.updated_at')} AS "updatedAt"`,
  from: REGISTRATION_ROWS.from,
  id: 'r.id',
  updated: 'r.updated_at',
};

export const toWaitingEntry = (row: WaitingListEntryV1Dto): WaitingListEntryV1Dto => ({
  id: row.id,
  eventId: row.eventId,
  sessionId: row.sessionId,
  queuePosition: row.queuePosition,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  userTaxId: row.userTaxId,
  telephoneNumber: row.telephoneNumber,
  queuedAt: row.queuedAt,
  updatedAt: row.updatedAt,
});

export const DELETION_ROWS: Keyset = {
  select: `d.id, d.resource, d.resource_id AS "resourceId", d.event_id AS "eventId", d.session_id AS "sessionId",
           ${iso('d.deleted_at')} AS "deletedAt"`,
  from: 'deleted_records d',
  id: 'd.id',
  updated: 'd.deleted_at',
};

type DeletionRow = Omit<DeletionV1Dto, 'id'> & { id: string; resource: DeletedResource };

export const toDeletion = (row: DeletionRow): DeletionV1Dto => ({
  id: Number(row.id),
  resource: row.resource,
  resourceId: row.resourceId,
  eventId: row.eventId,
  sessionId: row.sessionId,
  deletedAt: row.deletedAt,
});
