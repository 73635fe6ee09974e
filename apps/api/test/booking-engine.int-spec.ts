import { Global, Module } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { REGISTRATION_STATE } from '@evreg/contracts';
import { attendee, createTestDatabase, databaseUrl, dropDatabase } from '@evreg/testing';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source';
import { enableNamedStatements } from '../src/database/prepared';
import { BookingEngineModule } from '../src/modules/booking-engine/booking-engine.module';
import { BookingEngine, NewAttendee } from '../src/modules/booking-engine/booking-engine.service';
import { EmailOutbox } from '../src/modules/email/email-outbox';
import { HistoryService } from '../src/modules/history/history.service';
import { SmsOutbox } from '../src/modules/sms/sms-outbox';
import { WebhookOutbox } from '../src/modules/webhooks/webhook-outbox';

const { Active, Cancelled, Waiting } = REGISTRATION_STATE;

/** The outboxes as the engine sees them, faked: each call is recorded as [method, ...arguments without the
 * transaction manager]. The messages the engine's own statements write (e-mails and webhook deliveries embedded in
 * a placement's SQL) are real rows. */
class Calls {
  readonly list: unknown[][] = [];
  note(method: string, ...args: unknown[]): void {
    this.list.push([method, ...args]);
  }
  of(method: string): unknown[][] {
    return this.list.filter(([name]) => name === method).map(([, ...args]) => args);
  }
  clear(): void {
    this.list.length = 0;
  }
}

const emailCalls = new Calls();
const smsCalls = new Calls();
const webhookCalls = new Calls();

const fakeEmailOutbox: Pick<EmailOutbox, 'record' | 'kick' | 'noteRecorded'> = {
  record: async (_m, type, ids) => emailCalls.note('record', type, ids),
  kick: () => emailCalls.note('kick'),
  noteRecorded: () => emailCalls.note('noteRecorded'),
};
const fakeSmsOutbox: Pick<SmsOutbox, 'recordPromotion'> = {
  recordPromotion: async (_m, ids) => smsCalls.note('recordPromotion', ids),
};
const fakeWebhookOutbox: Pick<
  WebhookOutbox,
  'noteFullWhenLocked' | 'noteRecorded' | 'kick' | 'maybeActive' | 'record' | 'recordSessionEvent'
> = {
  noteFullWhenLocked: (_m, sessionId) => webhookCalls.note('noteFullWhenLocked', sessionId),
  noteRecorded: (_m, count) => webhookCalls.note('noteRecorded', count),
  kick: () => webhookCalls.note('kick'),
  maybeActive: () => true,
  record: async (_m, type, ids) => webhookCalls.note('record', type, ids),
  recordSessionEvent: async (_m, type, sessionId) => webhookCalls.note('recordSessionEvent', type, sessionId),
};

@Global()
@Module({
  providers: [
    { provide: EmailOutbox, useValue: fakeEmailOutbox },
    { provide: SmsOutbox, useValue: fakeSmsOutbox },
    { provide: WebhookOutbox, useValue: fakeWebhookOutbox },
    // The real one: the engine records automatic promotions in the history, in its own transaction.
    HistoryService,
  ],
  exports: [EmailOutbox, SmsOutbox, WebhookOutbox, HistoryService],
})
class FakeOutboxesModule {}

interface Counters {
  online: number;
  reserved: number;
  held: number;
  queue: number;
}

/** The booking engine's services on a database of their own (cloned from the migrated template), without HTTP,
 * queues or senders: each call's rows, counters and outbox calls checked directly. */
describe('BookingEngine (services on a real database, fake outboxes)', () => {
  let databaseName: string;
  let moduleRef: TestingModule;
  let ds: DataSource;
  let engine: BookingEngine;
  let nextPerson = 1;

  beforeAll(async () => {
    databaseName = await createTestDatabase();
    moduleRef = await Test.createTestingModule({
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(databaseUrl(databaseName), 3),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            enableNamedStatements(dataSource);
            return dataSource;
          },
        }),
        FakeOutboxesModule,
        BookingEngineModule,
      ],
    }).compile();
    ds = moduleRef.get(getDataSourceToken());
    engine = moduleRef.get(BookingEngine);
  }, 60_000);

  afterAll(async () => {
    await moduleRef?.close();
    if (databaseName) await dropDatabase(databaseName);
  });

  beforeEach(() => {
    emailCalls.clear();
    smsCalls.clear();
    webhookCalls.clear();
  });

  /** A session of a Live event, open, starting in three days. */
  async function session(o: { seats?: number; reserved?: number; queue?: number } = {}): Promise<number> {
    const [event] = await ds.query(
      `INSERT INTO events (id, title, description, city, status)
       SELECT coalesce(max(id), 0) + 1, 'Evento', '<p>Descripción</p>', 'Madrid', 1 FROM events RETURNING id`,
    );
    const [row] = await ds.query(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots, is_registration_open)
       VALUES ($1, (now() + interval '3 days')::date, (now() + interval '3 days')::date, '10:00', '11:30',
               now() + interval '3 days', now() + interval '3 days 1 hour', $2, $3, $4, true)
       RETURNING id`,
      [event.id, o.seats ?? 4, o.reserved ?? 0, o.queue ?? 3],
    );
    return row.id;
  }

  function people(count: number): NewAttendee[] {
    return Array.from({ length: count }, () => {
      const a = attendee(nextPerson++);
      return {
        firstName: a.firstName,
        lastName: a.lastName,
        email: a.email,
        userTaxId: a.userTaxId,
        telephoneNumber: a.telephoneNumber,
      };
    });
  }

  async function counters(sessionId: number): Promise<Counters> {
    const [row] = await ds.query(
      `SELECT online_registered AS online, reserved_registered AS reserved, held_spots AS held, queue_count AS queue
         FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    return row;
  }

  async function rows(sessionId: number): Promise<{ id: number; state: number; position: number | null }[]> {
    return ds.query(
      `SELECT id, state, queue_position AS position FROM registrations WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );
  }

  /** Seats and queues `count` people through the locked way (no hold), answering their placements. */
  async function book(sessionId: number, count: number) {
    return ds.transaction(async (m) => {
      const result = await engine.placePublicLocked(m, sessionId, people(count), 'sin-reserva', '127.0.0.1');
      if (!result || !('placed' in result)) throw new Error(`not placed: ${JSON.stringify(result)}`);
      return result.placed;
    });
  }

  describe('holds', () => {
    it('a first hold takes its spots on the counter; the same token again goes the careful way', async () => {
      const sessionId = await session({ seats: 4 });
      const hold = await engine.firstHold(sessionId, 'token-a', 2);
      expect(hold).toEqual({ id: expect.any(String), expiresAt: expect.any(Date) });
      expect(await counters(sessionId)).toMatchObject({ held: 2 });
      expect(await engine.firstHold(sessionId, 'token-a', 1)).toBeNull();
      // No room for three more.
      expect(await engine.firstHold(sessionId, 'token-b', 3)).toBeNull();
      expect(await counters(sessionId)).toMatchObject({ held: 2 });
    });

    it('a replacement changes the spots and keeps the deadline', async () => {
      const sessionId = await session({ seats: 3 });
      const first = (await engine.hold(sessionId, 'token-r', 1, 10))!;
      const again = (await engine.hold(sessionId, 'token-r', 2, 30))!;
      expect(again.id).toBe(first.id);
      expect(again.expiresAt).toEqual(first.expiresAt);
      expect(await counters(sessionId)).toMatchObject({ held: 2 });
      // Two more than the one seat left: refused, nothing changed.
      expect(await engine.hold(sessionId, 'token-s', 2, 10)).toBeNull();
      expect(await counters(sessionId)).toMatchObject({ held: 2 });
    });

    it('a hold is released by its id only once it has expired', async () => {
      const sessionId = await session({ seats: 4 });
      const hold = (await engine.hold(sessionId, 'token-old', 2, 10))!;

      expect(await engine.releaseExpiredHold(sessionId, hold.id)).toBe(0);
      expect(await counters(sessionId)).toMatchObject({ held: 2 });

      await ds.query(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [hold.id]);
      expect(await engine.releaseExpiredHold(sessionId, hold.id)).toBe(2);
      expect(await counters(sessionId)).toMatchObject({ held: 0 });
      expect(await ds.query(`SELECT id FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([]);
      // Nobody waiting: no promotion recorded, so no e-mail written and none to wake (a promotion's e-mail wakes
      // its sender after the commit, through the outbox kit).
      expect(emailCalls.list).toEqual([]);
      expect(smsCalls.list).toEqual([]);
    });

    it("another token's release leaves this token's hold alone", async () => {
      const sessionId = await session({ seats: 4 });
      await engine.firstHold(sessionId, 'token-mine', 1);
      await engine.firstHold(sessionId, 'token-other', 2);
      expect(await engine.releaseHoldsOfToken(sessionId, 'token-other')).toBe(2);
      const left = await ds.query(`SELECT token, spots FROM ticket_holds WHERE session_id = $1`, [sessionId]);
      expect(left).toEqual([{ token: 'token-mine', spots: 1 }]);
      expect(await counters(sessionId)).toMatchObject({ held: 1 });
    });
  });

  describe('placement', () => {
    it('the one statement seats a hold holder, gives the hold back and writes the rows with their e-mails', async () => {
      const sessionId = await session({ seats: 3 });
      await engine.firstHold(sessionId, 'token-x', 2);
      const ids = await engine.placePublicAtOnce(ds, sessionId, people(2), 'token-x', '127.0.0.1');
      expect(ids).toHaveLength(2);
      expect(await counters(sessionId)).toEqual({ online: 2, reserved: 0, held: 0, queue: 0 });
      const emails = await ds.query(
        `SELECT registration_id AS id, email_type AS type FROM email_messages WHERE session_id = $1 ORDER BY registration_id`,
        [sessionId],
      );
      expect(emails).toEqual(ids!.map((id) => ({ id, type: 'Registration' })));
      // Its own commit: no webhook written (none active), none to wake.
      expect(webhookCalls.of('kick')).toEqual([]);
    });

    it('the one statement writes nothing when the seats are not there; the locked way seats and queues', async () => {
      const sessionId = await session({ seats: 2, queue: 3 });
      await book(sessionId, 1);
      expect(await engine.placePublicAtOnce(ds, sessionId, people(3), 'token-y', null)).toBeNull();
      expect(await counters(sessionId)).toEqual({ online: 1, reserved: 0, held: 0, queue: 0 });

      const placed = await book(sessionId, 3);
      expect(placed.map((p) => p.queuePosition)).toEqual([null, 1, 2]);
      expect(await counters(sessionId)).toEqual({ online: 2, reserved: 0, held: 0, queue: 2 });
      // The last online seat taken: session.full recorded with the placement.
      expect(webhookCalls.of('recordSessionEvent')).toEqual([['session.full', sessionId]]);
    });

    it('a request the waiting list has no room for is refused whole, writing nothing', async () => {
      const sessionId = await session({ seats: 1, queue: 1 });
      await book(sessionId, 1);
      const result = await ds.transaction((m) => engine.placePublicLocked(m, sessionId, people(2), 'token-z', null));
      expect(result).toEqual({ refusal: 'FULL' });
      expect(await counters(sessionId)).toEqual({ online: 1, reserved: 0, held: 0, queue: 0 });
    });

    it('staff take a reserved spot, then the end of the waiting list only when asked to', async () => {
      const sessionId = await session({ seats: 2, reserved: 1, queue: 2 });
      const place = (forceQueue: boolean) =>
        ds.transaction(async (m) => {
          const locked = (await engine.lockSession(m, sessionId))!;
          return engine.placeManual(m, locked, people(1)[0], forceQueue, null);
        });
      expect(await place(false)).toEqual({ id: expect.any(Number), queuePosition: null });
      expect(await place(false)).toBe('RESERVED_FULL');
      expect(await place(true)).toEqual({ id: expect.any(Number), queuePosition: 1 });
      expect(await counters(sessionId)).toEqual({ online: 0, reserved: 1, held: 0, queue: 1 });
    });
  });

  describe('giving places back and promotion', () => {
    it('a cancellation gives the seat back and promotes the first waiting; the list moves up', async () => {
      const sessionId = await session({ seats: 1, queue: 3 });
      const [seated, first, second] = await book(sessionId, 3);
      webhookCalls.clear();

      const promoted = await ds.transaction(async (m) => {
        const locked = (await engine.lockRegistration(m, seated.id, { lock: 'FOR NO KEY UPDATE' }))!;
        // As a cancellation does: the place given back and promoted into first, then the row marked.
        await engine.givePlacesBack(m, locked.session, [locked.row]);
        const ids = await engine.promoteWaiting(m, locked.session);
        await engine.markCancelled(m, seated.id);
        return ids;
      });

      expect(promoted).toEqual([first.id]);
      expect(await rows(sessionId)).toEqual([
        { id: seated.id, state: Cancelled, position: null },
        { id: first.id, state: Active, position: null },
        { id: second.id, state: Waiting, position: 1 },
      ]);
      expect(await counters(sessionId)).toEqual({ online: 1, reserved: 0, held: 0, queue: 1 });
      expect(emailCalls.of('record')).toEqual([
        ['Promotion', [first.id]],
        ['Cancellation', [seated.id]],
      ]);
      expect(smsCalls.list).toEqual([['recordPromotion', [first.id]]]);
      expect(webhookCalls.of('record')).toEqual([
        ['registration.promoted', [first.id]],
        ['registration.cancelled', [seated.id]],
      ]);
    });

    it('staff promote an entry out of order onto an unused reserved spot while promotion is locked', async () => {
      const sessionId = await session({ seats: 2, reserved: 1, queue: 3 });
      const [, first, second] = await book(sessionId, 3);
      await ds.query(`UPDATE event_sessions SET is_promotion_locked = true WHERE id = $1`, [sessionId]);

      const done = await ds.transaction(async (m) => {
        const locked = (await engine.lockRegistration(m, second.id, { waitingOnly: true, lock: 'FOR UPDATE' }))!;
        expect(await engine.promoteWaiting(m, locked.session)).toEqual([]);
        return engine.promoteEntry(m, locked.session, second.id, locked.row.queuePosition!);
      });

      expect(done).toBe(true);
      expect(await counters(sessionId)).toEqual({ online: 1, reserved: 1, held: 0, queue: 1 });
      expect((await rows(sessionId)).find((r) => r.id === first.id)).toMatchObject({ state: Waiting, position: 1 });
      expect(emailCalls.of('record')).toEqual([['Promotion', [second.id]]]);
    });

    it('a reordered list must name every waiting entry once', async () => {
      const sessionId = await session({ seats: 1, queue: 3 });
      const [, a, b, c] = await book(sessionId, 4);
      const reorder = (ids: number[]) =>
        ds.transaction(async (m) => engine.reorderWaitingList(m, (await engine.lockSession(m, sessionId))!, ids));
      expect(await reorder([c.id, a.id])).toBe(false);
      expect(await reorder([c.id, a.id, b.id])).toBe(true);
      const waiting = (await rows(sessionId)).filter((r) => r.state === Waiting);
      expect(waiting.map((r) => [r.id, r.position])).toEqual([
        [a.id, 2],
        [b.id, 3],
        [c.id, 1],
      ]);
    });
  });

  describe('capacity administration', () => {
    it('more seats promote as many waiting entries, in order', async () => {
      const sessionId = await session({ seats: 1, queue: 3 });
      const [, first, second, third] = await book(sessionId, 4);

      const promoted = await ds.transaction(async (m) => {
        const locked = (await engine.lockSession(m, sessionId))!;
        locked.maxAttendees = 3;
        await engine.applyCapacity(m, locked);
        return engine.promoteWaiting(m, locked);
      });

      expect(promoted).toEqual([first.id, second.id]);
      const [row] = await ds.query(`SELECT max_attendees FROM event_sessions WHERE id = $1`, [sessionId]);
      expect(row.max_attendees).toBe(3);
      expect(await counters(sessionId)).toEqual({ online: 3, reserved: 0, held: 0, queue: 1 });
      expect((await rows(sessionId)).find((r) => r.id === third.id)).toMatchObject({ state: Waiting, position: 1 });
    });

    it('the waiting-list limit of coming sessions never goes below the people waiting', async () => {
      const sessionId = await session({ seats: 1, queue: 5 });
      await book(sessionId, 4);
      await ds.transaction((m) => engine.setWaitingLimitOfComingSessions(m, 1));
      const [row] = await ds.query(`SELECT max_queue_spots FROM event_sessions WHERE id = $1`, [sessionId]);
      expect(row.max_queue_spots).toBe(3);
    });

    it('a session with anyone active or waiting is not cleared for deletion; cancelled rows are', async () => {
      const busy = await session();
      await book(busy, 1);
      const empty = await session();
      const [cancelled] = await book(empty, 1);
      await ds.query(`UPDATE registrations SET state = $2 WHERE id = $1`, [cancelled.id, Cancelled]);

      expect(await ds.transaction((m) => engine.clearForDeletion(m, [busy, empty]))).toBe(false);
      expect(await ds.transaction((m) => engine.clearForDeletion(m, [empty]))).toBe(true);
      expect(await rows(empty)).toEqual([]);
    });
  });
});
