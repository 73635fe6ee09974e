import { Injectable } from '@nestjs/common';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import { LockedSession } from './engine-types';

const { Active, Cancelled, Waiting } = REGISTRATION_STATE;

/** Capacity administration: a session's capacity settings, the waiting-list limit of coming sessions, and
 * clearing sessions for deletion. Promotion onto seats that opened is the caller's next step. */
@Injectable()
export class CapacityEngine {
  /** Writes the locked session's capacity settings as the caller changed them on `session` (the caller has
   * checked them against the invariants). Promotion onto seats that opened is the caller's next step. */
  async applyCapacity(m: EntityManager, session: LockedSession): Promise<void> {
    await m.query(
      `UPDATE event_sessions SET max_attendees = $2, reserved_spots = $3, max_queue_spots = $4, is_promotion_locked = $5 WHERE id = $1`,
      [session.id, session.maxAttendees, session.reservedSpots, session.maxQueueSpots, session.isPromotionLocked],
    );
  }

  /** The waiting-list limit of every session not yet ended set to `limit`, never below the people already
   * waiting there, in the caller's transaction. The sessions to change are locked in id order (the lock order of
   * every session change), each re-read under its lock, so the limit is decided against the bookings committed
   * before it. Answers each changed session with its limit before and after. */
  async setWaitingLimitOfComingSessions(
    m: EntityManager,
    limit: number,
  ): Promise<{ id: number; from: number; to: number }[]> {
    const [changed]: [{ id: number; from: number; to: number }[], number] = await m.query(
      `WITH c AS (SELECT id, max_queue_spots AS was FROM event_sessions
                   WHERE ends_at > now() AND max_queue_spots <> greatest($1::int, queue_count)
                   ORDER BY id FOR NO KEY UPDATE)
       UPDATE event_sessions s SET max_queue_spots = greatest($1::int, s.queue_count)
         FROM c WHERE s.id = c.id
       RETURNING s.id, c.was AS "from", s.max_queue_spots AS "to"`,
      [limit],
    );
    return changed.sort((x, y) => x.id - y.id);
  }

  /** Before sessions locked by the caller are deleted: false when anyone is active or waiting in one of
   * them; otherwise their cancelled registrations are deleted (they would keep the session alive). */
  async clearForDeletion(m: EntityManager, sessionIds: number[]): Promise<boolean> {
    const [busy] = await m.query(
      `SELECT 1 FROM registrations WHERE session_id = ANY($1::int[]) AND state = ANY($2::int[]) LIMIT 1`,
      [sessionIds, [Active, Waiting]],
    );
    if (busy) return false;
    await m.query(`DELETE FROM registrations WHERE session_id = ANY($1::int[]) AND state = $2`, [
      sessionIds,
      Cancelled,
    ]);
    return true;
  }
}
