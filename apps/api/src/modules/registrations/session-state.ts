import { EVENT_STATUS, MESSAGES } from '@evreg/contracts';
import { EntityManager } from 'typeorm';

/** The session row as the booking engine needs it, read under a row lock so every decision is taken on
 * counts nobody else can change until this transaction ends. */
export interface LockedSession {
  id: number;
  eventId: number;
  eventTitle: string;
  eventStatus: number;
  maxAttendees: number;
  reservedSpots: number;
  maxQueueSpots: number;
  onlineRegistered: number;
  reservedRegistered: number;
  heldSpots: number;
  queueCount: number;
  isPromotionLocked: boolean;
  isRegistrationOpen: boolean;
  started: boolean;
  /** Spots of expired holds deleted when the lock was taken. */
  reclaimedSpots: number;
}

export interface BookingRefusal {
  statusCode: number;
  code: string;
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
    return { statusCode: 409, code: 'EVENT_NOT_LIVE', message: b.eventNotLive };
  if (!s.isRegistrationOpen) return { statusCode: 409, code: 'REGISTRATION_CLOSED', message: b.registrationClosed };
  if (s.started) return { statusCode: 409, code: 'SESSION_STARTED', message: b.sessionStarted };
  return null;
}

export function onlineCapacity(s: LockedSession): number {
  return s.maxAttendees - s.reservedSpots;
}

export function freeOnlineSpots(s: LockedSession): number {
  return Math.max(0, onlineCapacity(s) - s.onlineRegistered - s.heldSpots);
}

/** Locks the session row (FOR NO KEY UPDATE: the same lock an UPDATE of its counters takes, and one that
 * doesn't conflict with the KEY SHARE locks that inserting registrations or holds take on it through their
 * foreign key; FOR UPDATE would, and two bookings would deadlock), then deletes its expired holds (they stopped counting at expiresAt; here they stop
 * taking room in the counter too). Null when the session doesn't exist. */
export async function lockSession(m: EntityManager, sessionId: number): Promise<LockedSession | null> {
  const [row] = await m.query(
    `SELECT s.id, s.event_id AS "eventId", e.title AS "eventTitle", e.status AS "eventStatus",
            s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots", s.max_queue_spots AS "maxQueueSpots",
            s.online_registered AS "onlineRegistered", s.reserved_registered AS "reservedRegistered",
            s.held_spots AS "heldSpots", s.queue_count AS "queueCount",
            s.is_promotion_locked AS "isPromotionLocked", s.is_registration_open AS "isRegistrationOpen",
            s.starts_at <= now() AS started
       FROM event_sessions s JOIN events e ON e.id = s.event_id
      WHERE s.id = $1
        FOR NO KEY UPDATE OF s`,
    [sessionId],
  );
  if (!row) return null;
  const session = { ...row, reclaimedSpots: 0 } as LockedSession;
  const [reclaimed] = await m.query(
    `WITH d AS (DELETE FROM ticket_holds WHERE session_id = $1 AND expires_at <= now() RETURNING spots)
     SELECT coalesce(sum(spots), 0)::int AS spots FROM d`,
    [sessionId],
  );
  if (reclaimed.spots > 0) {
    await m.query(`UPDATE event_sessions SET held_spots = held_spots - $2 WHERE id = $1`, [sessionId, reclaimed.spots]);
    session.heldSpots -= reclaimed.spots;
    session.reclaimedSpots = reclaimed.spots;
  }
  return session;
}
