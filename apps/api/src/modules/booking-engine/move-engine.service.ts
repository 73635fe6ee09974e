import { Injectable } from '@nestjs/common';
import { REGISTRATION_STATE, type HistoryChange } from '@evreg/contracts';
import { EntityManager } from 'typeorm';
import { EmailOutbox } from '../email/email-outbox';
import { HistoryService } from '../history/history.service';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { allocate, freeOnlineSpots } from './booking-rules';
import { LockedSession, Placed, PlacedRow } from './engine-types';
import { WaitingListEngine } from './waiting-list-engine.service';

const { Active, Waiting } = REGISTRATION_STATE;

/** Moving registrations to another session of their event (staff, bulk). Both sessions locked by the caller, the
 * lower id first, then the rows. */
@Injectable()
export class MoveEngine {
  constructor(
    private readonly waitingList: WaitingListEngine,
    private readonly emailOutbox: EmailOutbox,
    private readonly history: HistoryService,
    private readonly webhookOutbox: WebhookOutbox,
  ) {}

  /** Places `rows` (active or waiting in `from`, in booking order: a holder before their companions) in `to` by the
   * placement rules of a booking: an active row that used a reserved spot takes a free reserved spot of `to` if one
   * is left; the others are allocated together (allocate: seat who fits online, queue the rest at the end of the
   * waiting list, or refuse the whole group when the list can't take them). Refused, nothing is written and the
   * answer is null. Placed, the rows keep their id (and so their ticket), get the Registration or Queue e-mail of
   * their new session and the registration.moved webhook event, the places they left are given back in `from` and
   * its waiting list promoted into them. */
  async moveRegistrations(
    m: EntityManager,
    from: LockedSession,
    to: LockedSession,
    rows: PlacedRow[],
  ): Promise<{ placed: Placed[]; promoted: number[] } | null> {
    let reservedLeft = to.reservedSpots - to.reservedRegistered;
    const reserved = new Set<number>();
    for (const row of rows) {
      if (row.state === Active && row.usesReservedSpot && reservedLeft > 0) {
        reserved.add(row.id);
        reservedLeft -= 1;
      }
    }
    const rest = rows.filter((row) => !reserved.has(row.id));
    const allocation = allocate(rest.length, { ...to, freeOnline: freeOnlineSpots(to) });
    if (!allocation) return null;

    await m.query(
      `UPDATE event_sessions SET online_registered = online_registered + $2, reserved_registered = reserved_registered + $3,
              queue_count = queue_count + $4 WHERE id = $1`,
      [to.id, allocation.seated, reserved.size, allocation.queued],
    );
    to.onlineRegistered += allocation.seated;
    to.reservedRegistered += reserved.size;
    to.queueCount += allocation.queued;
    const placed = new Map<number, number | null>();
    for (const row of rows)
      placed.set(row.id, reserved.has(row.id) ? null : allocation.waitingPositions[rest.indexOf(row)]);
    for (const [id, position] of placed) {
      await m.query(
        `UPDATE registrations SET session_id = $2, state = $3, queue_position = $4, uses_reserved_spot = $5,
                version = version + 1 WHERE id = $1`,
        [id, to.id, position === null ? Active : Waiting, position, reserved.has(id)],
      );
    }
    // Recorded before the source's promotions, so a person's history reads in the order things happened.
    await this.history.record(m, {
      subject: 'registration',
      ids: [...placed.keys()],
      action: 'sessionChanged',
      changes: [...placed].map(([id, position]) => {
        const before = rows.find((row) => row.id === id)?.queuePosition ?? null;
        const session: HistoryChange = { field: 'sessionId', from: from.id, to: to.id };
        // Seated before and after: no position to speak of.
        return before === position ? [session] : [session, { field: 'queuePosition', from: before, to: position }];
      }),
    });
    // What they occupied in the source goes back (rows as they were), then its waiting list moves up into it.
    await this.waitingList.givePlacesBack(m, from, rows);
    const promoted = await this.waitingList.promoteWaiting(m, from);
    // After the promotions, so `fromSession` carries the source's counters as the move leaves them.
    await this.webhookOutbox.recordMoved(m, [...placed.keys()], from.id);
    const seated = [...placed].filter(([, position]) => position === null).map(([id]) => id);
    const queued = [...placed].filter(([, position]) => position !== null).map(([id]) => id);
    if (seated.length) await this.emailOutbox.record(m, 'Registration', seated);
    if (queued.length) await this.emailOutbox.record(m, 'Queue', queued);
    return { placed: [...placed].map(([id, queuePosition]) => ({ id, queuePosition })), promoted };
  }
}
