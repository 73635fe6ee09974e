import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVENT_STATUS, HOLD_DURATION_MINUTES, SETTING_KEYS } from '@evreg/contracts';
import { DataSource } from 'typeorm';
import { positional, runPrepared } from '../../database/named-statement';
import { isUniqueViolation } from '../../database/pg-errors';
import { FIRST_HOLD, FirstHoldParams, NEW_HOLD, REPLACE_HOLD } from './booking-statements';
import { Hold } from './engine-types';
import { HoldsToDelete, SessionLock } from './session-lock.service';
import { WaitingListEngine } from './waiting-list-engine.service';

/** Holds: taking, replacing and releasing them. A release gives the spots back and promotes from the waiting
 * list in its own transaction under the session lock. */
@Injectable()
export class HoldEngine {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly lock: SessionLock,
    private readonly waitingList: WaitingListEngine,
  ) {}

  /** The rush's common case in one statement and one round trip: a token's first hold on a session of a Live
   * event, open and not started, with room on the counter. Anything else (a replacement, a refusal, a race of
   * the token with itself) answers null. */
  async firstHold(sessionId: number, token: string, spots: number): Promise<Hold | null> {
    try {
      const [row] = await runPrepared<Hold, FirstHoldParams>(this.ds, FIRST_HOLD, {
        session: sessionId,
        token,
        spots,
        minutesKey: SETTING_KEYS.ticketHoldDurationMinutes,
        live: EVENT_STATUS.Live,
        defaultMinutes: HOLD_DURATION_MINUTES.default,
      });
      return row ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** One UPDATE on the session row admits the hold if online registrations plus held spots stay within online
   * capacity, and writes the hold in the same statement; the row lock lasts that statement and the commit.
   * A token's earlier hold on the session is locked first (FOR UPDATE) so a replacement subtracts exactly
   * what it replaces. A replacement of an unexpired hold keeps its expires_at (and created_at): asking again
   * never stretches the deadline, only the spots may change; an expired one not yet deleted starts afresh.
   * Answers null when the counter says there is no room. */
  async hold(sessionId: number, token: string, spots: number, minutes: number): Promise<Hold | null> {
    const run = () =>
      this.ds.transaction(async (m) => {
        const [existing] = await m.query(
          `SELECT id, spots FROM ticket_holds WHERE session_id = $1 AND token = $2 FOR UPDATE`,
          [sessionId, token],
        );
        const values = { session: sessionId, token, spots, previousSpots: existing?.spots ?? 0, minutes };
        if (!existing) return ((await m.query(NEW_HOLD.text, positional(NEW_HOLD, values))) as Hold[])[0] ?? null;
        // TypeORM answers an UPDATE with [rows, affected].
        const [rows] = await m.query(REPLACE_HOLD.text, positional(REPLACE_HOLD, { ...values, hold: existing.id }));
        return (rows as Hold[])[0] ?? null;
      });
    try {
      return await run();
    } catch (error) {
      // The same token racing itself for its first hold on this session: the unique index let one through.
      if (!isUniqueViolation(error)) throw error;
      return run();
    }
  }

  /** In its own transaction: every hold of the token on the session deleted and given back (then promotion). */
  releaseHoldsOfToken(sessionId: number, token: string): Promise<number> {
    return this.release(sessionId, { token });
  }

  /** In its own transaction: the hold deleted and given back if it has expired (then promotion). */
  releaseExpiredHold(sessionId: number, holdId: string): Promise<number> {
    return this.release(sessionId, { expiredHoldId: holdId });
  }

  /** In its own transaction: the session's expired holds deleted and their spots given back (then promotion).
   * For the sweep and for a hold refused on a counter that expired holds filled. */
  releaseExpiredHolds(sessionId: number): Promise<number> {
    return this.release(sessionId, { expired: true });
  }

  /** Deletes the session's holds `which` names under the session lock, gives the spots back and promotes from
   * the waiting list if that (or the expired holds reclaimed with the lock) freed an online spot. Answers the
   * spots freed. The promotion e-mails recorded with the release wake their sender after the commit (the outbox kit). */
  private async release(sessionId: number, which: HoldsToDelete): Promise<number> {
    return this.ds.transaction(async (m) => {
      const session = await this.lock.lockSession(m, sessionId);
      if (!session) return 0;
      const freed = (await this.lock.deleteHolds(m, session, which)) + session.reclaimedSpots;
      if (freed > 0) await this.waitingList.promoteWaiting(m, session);
      return freed;
    });
  }
}
