import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { LockedSession } from './engine-types';

const { Active, Cancelled, Waiting } = REGISTRATION_STATE;

/** Capacity administration: a session's capacity settings, the waiting-list limit of coming sessions, and
 * clearing sessions for deletion. Promotion onto seats that opened is the caller's next step. */
@Injectable()
export class CapacityEngine {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Writes the locked session's capacity settings as the caller changed them on `session` (the caller has
   * checked them against the invariants). Promotion onto seats that opened is the caller's next step. */
  async applyCapacity(m: EntityManager, session: LockedSession): Promise<void> {
    await m.query(
      `UPDATE event_sessions SET max_attendees = $2, reserved_spots = $3, max_queue_spots = $4, is_promotion_locked = $5 WHERE id = $1`,
      [session.id, session.maxAttendees, session.reservedSpots, session.maxQueueSpots, session.isPromotionLocked],
    );
  }

  /** The waiting-list limit of every session not yet ended set to `limit`, never below the people already
   * waiting there (one statement; each row changes atomically against the bookings). Answers how many changed. */
  async setWaitingLimitOfComingSessions(limit: number): Promise<number> {
    const [, updated]: [unknown[], number] = await this.ds.query(
      `UPDATE event_sessions SET max_queue_spots = greatest($1::int, queue_count)
        WHERE ends_at > now() AND max_queue_spots <> greatest($1::int, queue_count)`,
      [limit],
    );
    return updated;
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
