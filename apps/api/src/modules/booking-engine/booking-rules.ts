import { EVENT_STATUS, MESSAGES, REGISTRATION_STATE } from '@evreg/contracts';

/** The booking engine's rules as pure functions: what the transactions decide once they hold the session
 * lock, and the SQL fragments of the same formulas for the single-statement fast paths. Each formula is
 * written once, here: the TS function and the SQL fragment side by side (docs/domain.md, "Booking engine"). */

/** The session counters and capacity settings a booking decision reads (event_sessions). */
export interface SessionCounters {
  maxAttendees: number;
  reservedSpots: number;
  maxQueueSpots: number;
  onlineRegistered: number;
  reservedRegistered: number;
  /** Spots of the hold rows still in the table, expired or not. */
  heldSpots: number;
  queueCount: number;
  isPromotionLocked: boolean;
}

/** Column prefix for an optional table alias. */
const col = (alias: string) => (alias ? `${alias}.` : '');

/** Online capacity: the seats the public can take, `maxAttendees - reservedSpots` (reserved spots are staff's). */
export function onlineCapacity(s: Pick<SessionCounters, 'maxAttendees' | 'reservedSpots'>): number {
  return s.maxAttendees - s.reservedSpots;
}

/** onlineCapacity over the columns of event_sessions. */
export function onlineCapacitySql(alias = ''): string {
  return `${col(alias)}max_attendees - ${col(alias)}reserved_spots`;
}

/** Free online seats: online capacity less online registrations and held spots, never below zero. */
export function freeOnlineSpots(
  s: Pick<SessionCounters, 'maxAttendees' | 'reservedSpots' | 'onlineRegistered' | 'heldSpots'>,
): number {
  return Math.max(0, onlineCapacity(s) - s.onlineRegistered - s.heldSpots);
}

/** freeOnlineSpots over the columns; `held` replaces the held_spots counter (e.g. the live, unexpired holds). */
export function freeOnlineSpotsSql(alias = '', held = `${col(alias)}held_spots`): string {
  return `greatest(0, ${onlineCapacitySql(alias)} - ${col(alias)}online_registered - ${held})`;
}

/** Whether online registrations and held spots still fit online capacity after adding `delta` held or
 * registered spots (negative: given back). The invariant the CHECK constraint states and every fast path tests. */
export function fitsOnline(
  s: Pick<SessionCounters, 'maxAttendees' | 'reservedSpots' | 'onlineRegistered' | 'heldSpots'>,
  delta: number,
): boolean {
  return s.onlineRegistered + s.heldSpots + delta <= onlineCapacity(s);
}

/** fitsOnline as the WHERE condition of a conditional UPDATE of event_sessions; `delta` the SQL terms added,
 * each with its sign ('+ $3', '- $4 + $3'), so parameters keep binary operators PostgreSQL can type. */
export function fitsOnlineSql(alias: string, delta: string): string {
  return `${col(alias)}online_registered + ${col(alias)}held_spots ${delta} <= ${onlineCapacitySql(alias)}`;
}

/** Bookings decided together (BookingBatches): how many of the requests, in arrival order, are admitted onto
 * `free` seats. Each request needs some seats on the counter (negative when it gives back more held spots than it
 * takes); they are admitted while the running total fits, and the first that doesn't ends the admissions, so
 * nobody overtakes an earlier request. */
export function admittedPrefix(needs: number[], free: number): number {
  let running = 0;
  for (const [index, need] of needs.entries()) {
    running += need;
    if (running > free) return index;
  }
  return needs.length;
}

/** admittedPrefix over SQL: the rows of `need` (a relation with columns `n`, the arrival order, and `need`, the
 * seats taken on the counter) with `running`, their running total, and `admitted`; `free` a scalar SQL expression
 * (NULL admits none). The admission prefix of the hold and registration batches. */
export function admittedPrefixSql(need: string, free: string): string {
  return `SELECT y.*, coalesce(max(y.running) OVER (ORDER BY y.n) <= ${free}, false) AS admitted
      FROM (SELECT x.*, sum(x.need) OVER (ORDER BY x.n) AS running FROM ${need} x) y`;
}

/** When a hold made now ends: `minutes` (SQL) from now. Also its renewal after it expired. */
export function holdExpirySql(minutes: string): string {
  return `now() + make_interval(mins => ${minutes})`;
}

/** A hold's length in minutes as the settings say (`key` the setting's key, `fallback` the default; SQL). */
export function holdMinutesSql(key: string, fallback: string): string {
  return `coalesce((SELECT value::int FROM settings WHERE key = ${key}), ${fallback})`;
}

/** Whether a hold row (`alias`) has expired: it stopped counting for visitors and waits to be reclaimed. */
export function holdExpiredSql(alias = ''): string {
  return `${col(alias)}expires_at <= now()`;
}

/** Whether a hold row (`alias`) still counts: the negation of holdExpiredSql. */
export function holdLiveSql(alias = ''): string {
  return `${col(alias)}expires_at > now()`;
}

/** The states that hold a place in a session (active and waiting), as SQL constants built from
 * REGISTRATION_STATE. Only for predicates that must match the partial unique indexes (`WHERE state IN (0, 2)`):
 * a parameter there would keep a prepared statement's generic plan off those indexes. Everywhere else the
 * states are passed as parameters. */
export const PLACE_HOLDING_STATES_SQL = `${REGISTRATION_STATE.Active}, ${REGISTRATION_STATE.Waiting}`;

/** How a request for `attendees` people is placed, decided on exact counters: the first ones take the free
 * online seats, the others join the end of the waiting list if it has room for all of them; otherwise the
 * whole request is refused (null). `waitingPositions[i]` is null for a seat. */
export interface Allocation {
  seated: number;
  queued: number;
  waitingPositions: (number | null)[];
}

export function allocate(
  attendees: number,
  place: { freeOnline: number; queueCount: number; maxQueueSpots: number },
): Allocation | null {
  const seated = Math.min(attendees, Math.max(0, place.freeOnline));
  const queued = attendees - seated;
  if (queued > 0 && place.queueCount + queued > place.maxQueueSpots) return null;
  const waitingPositions = Array.from({ length: attendees }, (_, index) =>
    index < seated ? null : place.queueCount + index - seated + 1,
  );
  return { seated, queued, waitingPositions };
}

/** How many waiting entries automatic promotion moves onto free online seats now: none while promotion is
 * locked, else as many as there are free online seats and people waiting. They go in position order. */
export function promotableCount(s: SessionCounters): number {
  if (s.isPromotionLocked) return 0;
  return Math.min(s.queueCount, freeOnlineSpots(s));
}

/** The spot a promotion by hand takes: a free online seat, else an unused reserved spot, else none. */
export function manualPromotionSpot(s: SessionCounters): 'online' | 'reserved' | null {
  if (freeOnlineSpots(s) > 0) return 'online';
  if (s.reservedRegistered < s.reservedSpots) return 'reserved';
  return null;
}

/** Whether staff can still take a reserved spot. */
export function hasFreeReservedSpot(s: Pick<SessionCounters, 'reservedRegistered' | 'reservedSpots'>): boolean {
  return s.reservedRegistered < s.reservedSpots;
}

/** The waiting list after promoting the first `n` (positions 1..n leave, the rest move up by n), as the
 * promotion statements apply it: maps each remaining position to its new one. */
export function positionsAfterPromotion(positions: number[], n: number): number[] {
  return positions.filter((p) => p > n).map((p) => p - n);
}

/** The waiting list after the entry at `gap` leaves: the entries behind it move up one place. */
export function positionsAfterGap(positions: number[], gap: number): number[] {
  return positions.filter((p) => p !== gap).map((p) => (p > gap ? p - 1 : p));
}

export interface BookingRefusal {
  code: 'EVENT_NOT_LIVE' | 'REGISTRATION_CLOSED' | 'SESSION_STARTED';
  message: string;
}

/** Why a session takes no public holds or registrations right now, or null when it does. The event's status
 * is checked when the caller read it. */
export function bookingStateProblem(s: {
  eventStatus?: number;
  isRegistrationOpen: boolean;
  started: boolean;
}): BookingRefusal | null {
  const b = MESSAGES.booking;
  if (s.eventStatus !== undefined && s.eventStatus !== EVENT_STATUS.Live)
    return { code: 'EVENT_NOT_LIVE', message: b.eventNotLive };
  if (!s.isRegistrationOpen) return { code: 'REGISTRATION_CLOSED', message: b.registrationClosed };
  if (s.started) return { code: 'SESSION_STARTED', message: b.sessionStarted };
  return null;
}
