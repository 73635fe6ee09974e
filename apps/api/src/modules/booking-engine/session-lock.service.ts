import { Injectable } from '@nestjs/common';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { holdExpiredSql, onlineCapacity } from './booking-rules';
import { LockedSession, PlacedRow } from './engine-types';

const { Waiting } = REGISTRATION_STATE;

/** Which of a locked session's holds are deleted with their spots given back. */
export type HoldsToDelete = { expired: true } | { token: string } | { expiredHoldId: string };

/** The engine's lock: the session row first, then registration rows; taking it reclaims the session's expired
 * holds. Also the one place hold rows are deleted with their spots given back. */
@Injectable()
export class SessionLock {
  constructor(private readonly webhookOutbox: WebhookOutbox) {}

  /** Locks the session row (FOR NO KEY UPDATE: the same lock an UPDATE of its counters takes, and one that
   * doesn't conflict with the KEY SHARE locks that inserting registrations or holds take on it through their
   * foreign key; FOR UPDATE would, and two bookings would deadlock), then reclaims its expired holds (they
   * stopped counting at expiresAt; here they stop taking room in the counter too). Null when the session
   * doesn't exist. */
  async lockSession(m: EntityManager, sessionId: number): Promise<LockedSession | null> {
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
    // session.spots_available is decided at the commit for a session locked full (WebhookOutbox).
    if (session.onlineRegistered >= onlineCapacity(session)) this.webhookOutbox.noteFullWhenLocked(m, session.id);
    session.reclaimedSpots = await this.deleteHolds(m, session, { expired: true });
    return session;
  }

  /** Locks the registration's session, then the registration with `lock` (the engine's lock order). Null when
   * it doesn't exist, or with `waitingOnly` when it is not (or no longer) a waiting entry. */
  async lockRegistration(
    m: EntityManager,
    registrationId: number,
    options: { waitingOnly?: boolean; lock: 'FOR UPDATE' | 'FOR NO KEY UPDATE' },
  ): Promise<{ session: LockedSession; row: PlacedRow & { userTaxId: string } } | null> {
    const [found] = await m.query(
      `SELECT session_id FROM registrations WHERE id = $1 AND ($2::int IS NULL OR state = $2)`,
      [registrationId, options.waitingOnly ? Waiting : null],
    );
    if (!found) return null;
    const session = (await this.lockSession(m, found.session_id))!;
    const lock = options.lock === 'FOR UPDATE' ? 'FOR UPDATE' : 'FOR NO KEY UPDATE';
    const [locked] = await m.query(
      `SELECT id, state, uses_reserved_spot AS "usesReservedSpot", queue_position AS "queuePosition", user_tax_id AS "userTaxId",
              session_id AS "sessionId"
         FROM registrations WHERE id = $1 ${lock}`,
      [registrationId],
    );
    // Moved to another session (MoveEngine) while this waited for the lock: lock the session it is in now.
    if (locked && locked.sessionId !== session.id) return this.lockRegistration(m, registrationId, options);
    if (!locked || (options.waitingOnly && locked.state !== Waiting)) return null;
    const { sessionId: _sessionId, ...row } = locked;
    return { session, row };
  }

  /** Deletes the locked session's holds that `which` names (all expired ones, a token's, or one hold if it has
   * expired) and takes their spots off its held_spots counter. Answers the spots given back. */
  async deleteHolds(m: EntityManager, session: LockedSession, which: HoldsToDelete): Promise<number> {
    const [condition, params] =
      'token' in which
        ? ['token = $2', [which.token]]
        : 'expiredHoldId' in which
          ? [`id = $2 AND ${holdExpiredSql()}`, [which.expiredHoldId]]
          : [holdExpiredSql(), []];
    const [row] = await m.query(
      `WITH d AS (DELETE FROM ticket_holds WHERE session_id = $1 AND ${condition} RETURNING spots)
       SELECT coalesce(sum(spots), 0)::int AS spots FROM d`,
      [session.id, ...params],
    );
    const spots: number = row.spots;
    if (spots > 0) {
      await m.query(`UPDATE event_sessions SET held_spots = held_spots - $2 WHERE id = $1`, [session.id, spots]);
      session.heldSpots -= spots;
    }
    return spots;
  }
}
