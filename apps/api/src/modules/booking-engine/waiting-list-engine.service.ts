import { Injectable } from '@nestjs/common';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import { EmailOutbox } from '../email/email-outbox';
import { SYSTEM_ACTOR } from '../history/actor-context';
import { HistoryService } from '../history/history.service';
import { SmsOutbox } from '../sms/sms-outbox';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { manualPromotionSpot, promotableCount } from './booking-rules';
import { LockedSession, PlacedRow } from './engine-types';
import { decided } from '../../observability/metrics';

const { Active, Cancelled, Waiting } = REGISTRATION_STATE;

/** The waiting list and giving places back: cancelling and deleting registrations, closing the list's gaps,
 * promotion (automatic and by hand) and reordering. Every method runs in the caller's transaction with the
 * session locked (SessionLock). */
@Injectable()
export class WaitingListEngine {
  constructor(
    private readonly emailOutbox: EmailOutbox,
    private readonly smsOutbox: SmsOutbox,
    private readonly webhookOutbox: WebhookOutbox,
    private readonly history: HistoryService,
  ) {}

  /** Cancels a locked registration: it stays as cancelled (off the list) and gets the Cancellation e-mail (and the
   * registration.cancelled webhook event). */
  async markCancelled(m: EntityManager, registrationId: number): Promise<void> {
    await m.query(
      `UPDATE registrations SET state = $2, queue_position = NULL, cancelled_at = now(), version = version + 1 WHERE id = $1`,
      [registrationId, Cancelled],
    );
    await this.emailOutbox.record(m, 'Cancellation', [registrationId]);
    decided.cancelled.inc();
    await this.webhookOutbox.record(m, 'registration.cancelled', [registrationId]);
  }

  /** Deletes registrations (any state) of a locked session; what they occupied is given back by
   * givePlacesBack. Their consent records stay unless the caller deletes them (GDPR). With `announce` (staff
   * deleting a registration or waiting entry), those still active or waiting get the registration.cancelled webhook
   * event first; a GDPR erasure announces nothing. */
  async deleteRegistrations(
    m: EntityManager,
    registrationIds: number[],
    options: { announce?: boolean } = {},
  ): Promise<void> {
    if (options.announce && this.webhookOutbox.maybeActive()) {
      const placed: { id: number }[] = await m.query(
        `SELECT id FROM registrations WHERE id = ANY($1::int[]) AND state = ANY($2::int[])`,
        [registrationIds, [Active, Waiting]],
      );
      await this.webhookOutbox.record(
        m,
        'registration.cancelled',
        placed.map((row) => row.id),
        { deleted: true },
      );
    }
    await m.query(`DELETE FROM registrations WHERE id = ANY($1::int[])`, [registrationIds]);
  }

  /** Gives back what the locked session's rows (being cancelled or deleted) occupied: online and reserved seats
   * on the counters, and each waiting-list gap closed (from the back, so each at the position it still has).
   * Cancelled rows occupy nothing. Promotion into the freed seats is the caller's next step (promoteWaiting). */
  async givePlacesBack(m: EntityManager, session: LockedSession, rows: PlacedRow[]): Promise<void> {
    const active = rows.filter((row) => row.state === Active);
    const online = active.filter((row) => !row.usesReservedSpot).length;
    const reserved = active.length - online;
    if (active.length) {
      await m.query(
        `UPDATE event_sessions SET online_registered = online_registered - $2, reserved_registered = reserved_registered - $3 WHERE id = $1`,
        [session.id, online, reserved],
      );
      session.onlineRegistered -= online;
      session.reservedRegistered -= reserved;
    }
    const waiting = rows.filter((row) => row.state === Waiting).sort((x, y) => y.queuePosition! - x.queuePosition!);
    for (const row of waiting) await this.closeWaitingGap(m, session, row.queuePosition!);
  }

  /** Closes the gap a waiting entry leaves at `position` (1..n stays exact; positionsAfterGap). */
  async closeWaitingGap(m: EntityManager, session: LockedSession, position: number): Promise<void> {
    await m.query(
      `UPDATE registrations SET queue_position = queue_position - 1 WHERE session_id = $1 AND state = $3 AND queue_position > $2`,
      [session.id, position, Waiting],
    );
    await m.query(`UPDATE event_sessions SET queue_count = queue_count - 1 WHERE id = $1`, [session.id]);
    session.queueCount -= 1;
  }

  /** Moves waiting entries, in position order, onto free online spots (promotableCount): each becomes an active
   * registration (its registration date kept, its promotion date set) and gets the Promotion e-mail (and SMS, when SMS is enabled and a phone is known). Runs with
   * the session locked, after any change that can free spots: cancellation, deletion, capacity change, hold
   * release, unlock. Nothing happens while the session's promotion is locked. Answers the promoted ids. */
  async promoteWaiting(m: EntityManager, session: LockedSession): Promise<number[]> {
    const count = promotableCount(session);
    if (count === 0) return [];
    const [promoted]: [{ id: number; position: number }[]] = await m.query(
      `WITH p AS (SELECT id, queue_position FROM registrations WHERE session_id = $1 AND state = $3 ORDER BY queue_position LIMIT $2)
       UPDATE registrations r SET state = $4, queue_position = NULL, promoted_at = now(), uses_reserved_spot = false, version = r.version + 1
         FROM p WHERE r.id = p.id
       RETURNING r.id, p.queue_position AS position`,
      [session.id, count, Waiting, Active],
    );
    promoted.sort((x, y) => x.position - y.position);
    if (!promoted.length) return [];
    const n = promoted.length;
    // The rest move up by n (positionsAfterPromotion).
    await m.query(
      `UPDATE registrations SET queue_position = queue_position - $2 WHERE session_id = $1 AND state = $3`,
      [session.id, n, Waiting],
    );
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, queue_count = queue_count - $2 WHERE id = $1`,
      [session.id, n],
    );
    session.onlineRegistered += n;
    session.queueCount -= n;
    const ids = promoted.map((row) => row.id);
    await this.emailOutbox.record(m, 'Promotion', ids);
    await this.smsOutbox.recordPromotion(m, ids);
    await this.webhookOutbox.record(m, 'registration.promoted', ids);
    // Automatic: the engine's own act, whoever freed the seats.
    await this.history.record(m, {
      subject: 'registration',
      ids,
      action: 'promoted',
      actor: SYSTEM_ACTOR,
      changes: promoted.map((row) => [{ field: 'queuePosition', from: row.position, to: null }]),
    });
    decided.promoted.inc(n);
    return ids;
  }

  /** Staff promote one locked waiting entry at `position`, in any order and even while automatic promotion
   * is locked: a free online spot if there is one, else an unused reserved spot (manualPromotionSpot). False,
   * writing nothing, when there is neither. */
  async promoteEntry(m: EntityManager, session: LockedSession, entryId: number, position: number): Promise<boolean> {
    const spot = manualPromotionSpot(session);
    if (!spot) return false;
    const usesReservedSpot = spot === 'reserved';
    await m.query(
      `UPDATE registrations SET state = $3, queue_position = NULL, promoted_at = now(), uses_reserved_spot = $2, version = version + 1 WHERE id = $1`,
      [entryId, usesReservedSpot, Active],
    );
    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, reserved_registered = reserved_registered + $3 WHERE id = $1`,
      [session.id, usesReservedSpot ? 0 : 1, usesReservedSpot ? 1 : 0],
    );
    if (usesReservedSpot) session.reservedRegistered += 1;
    else session.onlineRegistered += 1;
    await this.closeWaitingGap(m, session, position);
    await this.emailOutbox.record(m, 'Promotion', [entryId]);
    await this.smsOutbox.recordPromotion(m, [entryId]);
    await this.webhookOutbox.record(m, 'registration.promoted', [entryId]);
    decided.promoted.inc();
    return true;
  }

  /** Sets the locked session's waiting list to `queueIds`, positions 1..n in that order. False, writing
   * nothing, unless the list names every waiting entry exactly once. */
  async reorderWaitingList(m: EntityManager, session: LockedSession, queueIds: number[]): Promise<boolean> {
    const waiting: { id: number }[] = await m.query(
      `SELECT id FROM registrations WHERE session_id = $1 AND state = $2 FOR UPDATE`,
      [session.id, Waiting],
    );
    const ids = new Set(waiting.map((row) => row.id));
    const sameSet =
      queueIds.length === ids.size && new Set(queueIds).size === ids.size && queueIds.every((id) => ids.has(id));
    if (!sameSet) return false;
    await m.query(
      `UPDATE registrations r SET queue_position = o.position
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
        WHERE r.id = o.id AND r.session_id = $1 AND r.state = $3`,
      [session.id, queueIds, Waiting],
    );
    return true;
  }
}
