import type { VisitorLanguage } from './languages';
/** Public booking calls (docs/product.md §3 and §7). */
export interface TicketHoldRequest {
  eventSessionId: number;
  sessionToken: string;
  numberOfSpots?: number;
  userId?: null;
}

export interface TicketHoldResponse {
  success: boolean;
  message: string;
  expiresAt: string | null;
  /** The server's clock when it answered (ISO 8601): the page counts down from expiresAt on this clock, not the
   * device's. Also on refusals. */
  serverTime?: string;
  /** Granted holds: the session and the spots held. Asking again with the same token returns the same hold with
   * the same expiresAt (a hold is never stretched by asking again). */
  eventSessionId?: number;
  numberOfSpots?: number;
}

export interface AttendeeForm {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  userTaxId: string;
  telephoneNumber?: string | null;
}

export interface RegistrationRequest extends AttendeeForm {
  eventSessionId: number;
  gdprConsent: boolean;
}

export interface BulkRegistrationRequest {
  registrations: RegistrationRequest[];
}

export interface RegistrationResult {
  success: boolean;
  registrationId: number;
  queued: boolean;
  queuePosition: number | null;
  /** The person's ticket code for the QR (docs/domain.md, "Tickets"); null while queued (given on promotion). */
  ticketCode: string | null;
}

export interface RegistrationResponse {
  id: number;
  queued: boolean;
  queuePosition: number | null;
  results: RegistrationResult[];
  totalRegistrations: number;
  totalQueued: number;
  message: string;
  /** The booking reference to quote to the organiser (bookingReference(id) of the first person's registration). */
  reference: string;
}

/** A booking's reference as shown to the person and searched by staff: 'R-' and the registration id, at least six
 * digits ('R-000123'). */
export const bookingReference = (registrationId: number): string => `R-${String(registrationId).padStart(6, '0')}`;

/** The registration id in a reference as typed by a person ('R-000123', 'r000123', '000123', '123'), or null. */
export function parseBookingReference(text: string): number | null {
  const m = /^\s*(?:r\s*-?\s*)?0*(\d{1,9})\s*$/i.exec(text);
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 ? id : null;
}

/** Lengths of a visitor's attendee fields (characters): the API refuses longer values with a Spanish message that
 * names the field and the limit, and the booking page's inputs carry them as maxlength. */
export const ATTENDEE_LIMITS = {
  firstName: 100,
  lastName: 150,
  email: 254,
  userTaxId: 30,
  telephoneNumber: 30,
} as const;

/** A refused registration: the common error body plus attendeeErrors keyed by attendee index. */
export interface RegistrationErrorResponse {
  statusCode: number;
  code: string;
  message: string;
  title: string;
  errors?: Record<string, string[]>;
  attendeeErrors?: Record<string, string[]>;
}

export const MAX_ATTENDEES_PER_BOOKING = 2;
export const SESSION_TOKEN_HEADER = 'x-session-token';

/** The `registrations.state` column, as the database stores it (CHECK state IN (0, 1, 2)): an active registration,
 * a cancelled one, and a waiting-list entry (with `queue_position` 1..n). The API passes these to SQL as
 * parameters; nothing else spells the numbers. */
export const REGISTRATION_STATE = { Active: 0, Cancelled: 1, Waiting: 2 } as const;
export type RegistrationState = (typeof REGISTRATION_STATE)[keyof typeof REGISTRATION_STATE];

/** Registration states as the API shows them (spec: 0 active, 1 cancelled). Waiting entries are queue entries. */
export const REGISTRATION_STATUS = { Active: 0, Cancelled: 1 } as const;
export const WAITING_ENTRY_STATUS = { Waiting: 0 } as const;

export interface AdminRegistration {
  id: number;
  eventSessionId: number;
  eventId: number;
  firstName: string;
  lastName: string;
  email: string;
  userTaxId: string;
  telephoneNumber: string | null;
  /** When they registered or joined the waiting list; a promotion keeps it. */
  registeredAt: string;
  /** When they were promoted from the waiting list (automatically or by staff); null if never. */
  promotedAt: string | null;
  /** 0 active, 1 cancelled; 2 waiting only in the staff search (GET /events/registrations), which finds people on
   * waiting lists too. */
  status: 0 | 1 | 2;
  statusText: 'Active' | 'Cancelled' | 'Waiting';
  usesReservedSpot: boolean;
  eventTitle: string;
  sessionInfo: string;
  /** 'Asistió': a live (not undone) check-in at the door (issue 21). */
  checkedIn: boolean;
  checkedInAt: string | null;
  /** The language they booked in (their e-mails and SMS go out in it); 'es' for staff-made registrations. */
  language: VisitorLanguage;
  /** Position on the session's waiting list (status 2); null otherwise. Only in the staff search. */
  queuePosition?: number | null;
}

/** The staff search's `state` filter (GET /events/registrations): activa, en espera, cancelada. */
export const REGISTRATION_LIST_STATES = ['active', 'waiting', 'cancelled'] as const;
export type RegistrationListState = (typeof REGISTRATION_LIST_STATES)[number];

/** The columns the staff search sorts by (`sort`); without one, newest registration first. */
export const REGISTRATION_SORTS = ['registeredAt', 'lastName', 'email', 'eventTitle', 'sessionDate', 'status'] as const;
export type RegistrationSort = (typeof REGISTRATION_SORTS)[number];

/** The filters of the staff search and of its Excel export (same names as the query string). */
export interface RegistrationListFilter {
  search?: string;
  eventId?: number;
  sessionId?: number;
  state?: RegistrationListState;
  /** 'YYYY-MM-DD': registered on or after that day (Europe/Madrid). */
  registeredFrom?: string;
  /** 'YYYY-MM-DD': registered on or before that day (Europe/Madrid). */
  registeredTo?: string;
  sort?: RegistrationSort;
  order?: 'asc' | 'desc';
}

export interface WaitingEntry {
  id: number;
  eventSessionId: number;
  queuePosition: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  userTaxId: string;
  status: 0;
  queuedAt: string;
}

export interface ManualRegistrationRequest {
  eventSessionId: number;
  formData: AttendeeForm & { gdprConsent: boolean; bypassValidation?: boolean };
}

export interface ManualRegistrationResponse {
  id: number;
  queued: boolean;
  queuePosition: number | null;
  message: string;
}

export interface ManualRegistrationConfirmation {
  requiresConfirmation: true;
  reservedSpotsFull: true;
  message: string;
  currentQueueCount: number;
  maxQueueSpots: number;
}

export interface Paged<T> {
  items: T[];
  totalCount: number;
  totalPages: number;
  page: number;
  pageSize: number;
}

export interface BlacklistEntry {
  id: number;
  eventId: number | null;
  eventTitle: string | null;
  eventSessionId: number | null;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  blackListReason: 0 | 1 | 2;
  blackListReasonDesc: string | null;
  notificationType: 0 | 1;
  expiresAt: string;
  startDate: string | null;
  startTime: string | null;
  endTime: string | null;
  isAllDay: boolean | null;
  isActive: boolean;
  createdAt: string;
}

export interface BlacklistPage {
  data: BlacklistEntry[];
  totalCount: number;
  totalPages: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export const BLACKLIST_REASONS = [
  { value: 0, label: 'No Show' },
  { value: 1, label: 'Cancelado' },
  { value: 2, label: 'Otro' },
] as const;

export type BlacklistReason = 0 | 1 | 2;
/** How the person is told about the entry: 0 SMS, 1 Email (docs/product.md §9: default 1). */
export const BLACKLIST_NOTIFICATION = { Sms: 0, Email: 1 } as const;
export type BlacklistNotificationType = 0 | 1;
export const BLACKLIST_DESCRIPTION_MAX = 500;
/** The dialog's default expiry: 30 days ahead. */
export const BLACKLIST_DEFAULT_EXPIRY_DAYS = 30;
/** A date-only expiresAt means the end of that day in this zone. */
export const BLACKLIST_TIME_ZONE = 'Europe/Madrid';

export interface BlacklistReasonOption {
  value: BlacklistReason;
  label: string;
}

/** PUT /api/blacklists/{id}: the person, event and session of an entry don't change. */
export interface UpdateBlacklistEntryRequest {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  blackListReason: BlacklistReason;
  blackListReasonDesc?: string | null;
  notificationType?: BlacklistNotificationType;
  /** 'YYYY-MM-DD' (end of that day, Europe/Madrid) or an ISO date-time. */
  expiresAt: string;
}

/** POST /api/blacklists: a person registered (active, cancelled or waiting) in that session. */
export interface CreateBlacklistEntryRequest extends UpdateBlacklistEntryRequest {
  eventId: number;
  eventSessionId: number;
  email: string;
}

/** GET /api/blacklists/check/{email}. */
export interface BlacklistCheck {
  email: string;
  isBlacklisted: boolean;
  expiresAt: string | null;
  reason: BlacklistReason | null;
}

/** GET /api/registrations/cancellation/{token}: what the e-mail's cancellation link would cancel. No e-mail or
 * tax ID, so a forwarded link tells little. */
export interface CancellationPreview {
  registrationId: number;
  firstName: string;
  eventTitle: string;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** 'HH:MM:SS' */
  startTime: string;
  endTime: string;
  isAllDay: boolean;
  queued: boolean;
  queuePosition: number | null;
  /** 'Tu entrada': the ticket code for the QR; null while queued. */
  ticketCode: string | null;
}
