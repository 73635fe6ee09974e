import { attendee, createSession, invariantProblems, TestApp } from '@evreg/testing';
import { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../src/database/pg-errors';
import { BookingBatches } from '../src/modules/booking-engine/booking-batches';
import { BookingEngine } from '../src/modules/booking-engine/booking-engine.service';
import { HoldsService } from '../src/modules/holds/holds.service';
import { BookingService } from '../src/modules/registrations/booking.service';
import { RefusalLimiter } from '../src/modules/registrations/refusal-limiter';

/** Bookings of one session arriving together are decided together (docs/domain.md, "Bookings decided together"):
 * requests made in the same turn of the event loop share one statement, so one transaction, whose timestamp they all
 * carry. Each must still get exactly the answer it would get alone. */
describe('Bookings decided together', () => {
  let app: TestApp;
  let holds: HoldsService;
  let booking: BookingService;
  let batches: BookingBatches;

  beforeAll(async () => {
    // A webhook below points at port 9 on this machine (nothing listens): its deliveries are recorded, not received.
    app = await TestApp.start({ env: { WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1' } });
    holds = app.running.app.get(HoldsService);
    booking = app.running.app.get(BookingService);
    batches = app.running.app.get(BookingBatches);
  }, 60_000);
  afterAll(() => app?.close());

  const settle = <T>(work: Promise<T>[]) => Promise.allSettled(work);
  const codeOf = (r: PromiseSettledResult<unknown>) =>
    r.status === 'rejected' ? (r.reason as { code?: string }).code : 'OK';

  it('40 first holds at once on 25 seats: the first that fit are granted in one transaction, the rest refused', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 25, maxQueueSpots: 0 });
    // Two spots for every fifth visitor: 8 × 2 + 32 × 1 = 48 spots asked for 25 seats.
    const spots = (i: number) => (i % 5 === 0 ? 2 : 1);
    const results = await settle(Array.from({ length: 40 }, (_, i) => holds.hold(sessionId, `lote-${i}`, spots(i))));
    expect(results.filter((r) => !['OK', 'NO_SPOTS'].includes(codeOf(r)!))).toEqual([]);
    const rows = await app.sql(`SELECT token, spots, expires_at FROM ticket_holds WHERE session_id = $1`, [sessionId]);
    expect(rows.reduce((sum, r) => sum + r.spots, 0)).toBe(25);
    const granted = results.flatMap((r, i) => (r.status === 'fulfilled' ? [`lote-${i}`] : []));
    expect(rows.map((r) => r.token).sort()).toEqual([...granted].sort());
    // Visitors 0-19 ask 24 spots; visitor 20's two don't fit, which ends the batch's admissions. The careful way
    // then gives the one seat left to one of the later one-spot visitors, in a transaction of its own.
    expect(granted.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `lote-${i}`));
    expect(granted.slice(20)).toHaveLength(1);
    expect(spots(Number(granted[20].slice(5)))).toBe(1);
    const together = new Set(rows.map((r) => new Date(r.expires_at).getTime()));
    expect(together.size).toBe(2);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a token twice in one batch keeps one hold, with the later request', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const results = await settle([
      holds.hold(sessionId, 'doble', 1),
      holds.hold(sessionId, 'otro', 1),
      holds.hold(sessionId, 'doble', 2),
    ]);
    expect(results.map(codeOf)).toEqual(['OK', 'OK', 'OK']);
    expect(
      await app.sql(`SELECT token, spots FROM ticket_holds WHERE session_id = $1 ORDER BY token`, [sessionId]),
    ).toEqual([
      { token: 'doble', spots: 2 },
      { token: 'otro', spots: 1 },
    ]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  /** The person as the booking service passes it on once validated. */
  const person = (n: number) => {
    const a = attendee(n);
    return {
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      userTaxId: a.userTaxId,
      telephoneNumber: null,
    };
  };

  it('30 registrations at once on their holds: one transaction seats them all, with their e-mails and consents', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 40, maxQueueSpots: 5 });
    const people = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? [100 + i * 2, 101 + i * 2] : [100 + i * 2]));
    for (const [i, p] of people.entries()) await holds.hold(sessionId, `inscripcion-${i}`, p.length);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
    const results = await Promise.all(
      people.map((p, i) => batches.placePublic(sessionId, p.map(person), `inscripcion-${i}`, `10.0.0.${i}`)),
    );
    const rows = await app.sql(
      `SELECT r.id, r.email, r.created_at, c.ip_address, m.email_type
         FROM registrations r JOIN consents c ON c.registration_id = r.id JOIN email_messages m ON m.registration_id = r.id
        WHERE r.session_id = $1 AND r.state = 0`,
      [sessionId],
    );
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => new Date(r.created_at).getTime())).size).toBe(1);
    // Each request got its own rows, in its order; its consents carry its own address.
    results.forEach((placed, i) => {
      expect(placed!.every((p) => p.queuePosition === null)).toBe(true);
      const mine = placed!.map(({ id }) => rows.find((row) => row.id === id));
      expect(mine.map((row) => [row.email, row.ip_address, row.email_type])).toEqual(
        people[i].map((n) => [person(n).email, `10.0.0.${i}`, 'Registration']),
      );
    });
    // Every hold was given back with its registration.
    expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 0 },
    ]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('more than fit on the counter: the batch seats the first that fit, the rest are left to the locked way', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 6, maxQueueSpots: 5 });
    // One visitor holds 2 of the 6 seats and registers with the others; 3 without a hold fit beside them.
    await holds.hold(sessionId, 'con-reserva', 2);
    const results = await Promise.all([
      batches.placePublic(sessionId, [person(700)], 'sin-1', null),
      batches.placePublic(sessionId, [person(701), person(702)], 'con-reserva', null),
      batches.placePublic(sessionId, [person(703), person(704)], 'sin-2', null),
      batches.placePublic(sessionId, [person(705), person(706)], 'sin-3', null),
      batches.placePublic(sessionId, [person(707)], 'sin-4', null),
    ]);
    // 4 seats free beside the hold: 1, then 2 on its own hold, then 2 fit; 'sin-3' needs 2 more and doesn't, which
    // ends the batch's admissions, so 'sin-4' is left to the locked way too although one seat is free.
    expect(results.map((ids) => ids?.length ?? null)).toEqual([1, 2, 2, null, null]);
    const [s] = await app.sql(`SELECT online_registered, held_spots FROM event_sessions WHERE id = $1`, [sessionId]);
    expect(s).toEqual({ online_registered: 5, held_spots: 0 });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a full session: the batch queues who fits on the waiting list, in order, with their positions and Queue e-mails', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 3 });
    await batches.placePublic(sessionId, [person(1000), person(1001)], 'primeros', null);
    const admin = await app.adminToken();
    const hook = await app.request('POST', '/api/webhooks', {
      token: admin,
      body: { url: 'http://127.0.0.1:9/gancho', events: ['registration.queued', 'session.waitinglist.full'] },
    });
    expect(hook.status).toBe(201);
    const results = await Promise.all([
      batches.placePublic(sessionId, [person(1002)], 'espera-1', '10.2.0.1'),
      batches.placePublic(sessionId, [person(1003), person(1004)], 'espera-2', '10.2.0.2'),
      batches.placePublic(sessionId, [person(1005)], 'espera-3', null),
      batches.placePublic(sessionId, [person(1006)], 'espera-4', null),
    ]);
    // Three waiting places: the first two requests take them; the third doesn't fit, which ends the batch's
    // admissions (the locked way refuses it on exact numbers).
    expect(results.map((placed) => placed?.map((p) => p.queuePosition) ?? null)).toEqual([[1], [2, 3], null, null]);
    const rows = await app.sql(
      `SELECT r.email, r.state, r.queue_position, m.email_type, m.data, c.ip_address
         FROM registrations r JOIN email_messages m ON m.registration_id = r.id JOIN consents c ON c.registration_id = r.id
        WHERE r.session_id = $1 AND r.queue_position IS NOT NULL ORDER BY r.queue_position`,
      [sessionId],
    );
    expect(rows).toEqual(
      [
        [1002, 1, '10.2.0.1'],
        [1003, 2, '10.2.0.2'],
        [1004, 3, '10.2.0.2'],
      ].map(([n, position, ip]) => ({
        email: person(n as number).email,
        state: 2,
        queue_position: position,
        email_type: 'Queue',
        data: { queuePosition: position },
        ip_address: ip,
      })),
    );
    // Integrators are told of each queued person, with the position, and that the waiting list filled.
    const deliveries = await app.sql(
      `SELECT event_type, payload->'registration'->>'queuePosition' AS position FROM webhook_deliveries
        WHERE session_id = $1 ORDER BY registration_id NULLS LAST`,
      [sessionId],
    );
    expect(deliveries).toEqual([
      { event_type: 'registration.queued', position: '1' },
      { event_type: 'registration.queued', position: '2' },
      { event_type: 'registration.queued', position: '3' },
      { event_type: 'session.waitinglist.full', position: null },
    ]);
    await app.request('DELETE', `/api/webhooks/${hook.body.id}`, { token: admin });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('the batch queues nobody while an expired hold takes room, or when a pair meets the last seat', async () => {
    // An expired hold counted on the counter: the locked way reclaims it and may seat, so the batch leaves it.
    const expired = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    await batches.placePublic(expired.sessionId, [person(1100)], 'dentro', null);
    await holds.hold(expired.sessionId, 'caducada', 1);
    await app.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE token = 'caducada'`);
    expect(
      await Promise.all([
        batches.placePublic(expired.sessionId, [person(1101)], 'a', null),
        batches.placePublic(expired.sessionId, [person(1102)], 'b', null),
      ]),
    ).toEqual([null, null]);
    // One seat left and a pair first: one of them would be seated, the other queued; that is the locked way's.
    const edge = await createSession(app, { maxAttendees: 3, maxQueueSpots: 5 });
    await batches.placePublic(edge.sessionId, [person(1200), person(1201)], 'dentro', null);
    expect(
      await Promise.all([
        batches.placePublic(edge.sessionId, [person(1202), person(1203)], 'pareja', null),
        batches.placePublic(edge.sessionId, [person(1204)], 'solo', null),
      ]),
    ).toEqual([null, null]);
    for (const id of [expired.sessionId, edge.sessionId]) expect(await invariantProblems(app, id)).toEqual([]);
  });

  it('a person twice in one batch: the batch is replayed one by one, in order; only the later request fails', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const results = await Promise.allSettled(
      [800, 801, 800, 802].map((n, i) => batches.placePublic(sessionId, [person(n)], `dup-${i}`, null)),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('at the edge of capacity the batch seats who fits; the rest go the locked way and queue or are refused', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5, maxQueueSpots: 3 });
    const results = await settle(
      Array.from({ length: 10 }, (_, i) =>
        booking.registerPublic(sessionId, [attendee(600 + i)] as never, `borde-${i}`, null),
      ),
    );
    const answers = results.map((r) =>
      r.status === 'fulfilled'
        ? (r.value as { results: { queued: boolean }[] }).results[0].queued
          ? 'Q'
          : 'S'
        : codeOf(r),
    );
    expect(answers.filter((a) => a === 'S')).toHaveLength(5);
    expect(answers.filter((a) => a === 'Q')).toHaveLength(3);
    expect(answers.filter((a) => a === 'FULL')).toHaveLength(2);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('registrations read together: each request gets its own refusal or booking from the one shared read', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    await booking.registerPublic(sessionId, [attendee(900)] as never, 'ya-dentro', '10.1.0.1');
    await app.sql(
      `INSERT INTO blacklist_entries (email, reason, expires_at) VALUES ($1, 0, now() + interval '1 day')`,
      [attendee(902).email],
    );
    // The attempt's address, token and IP are over the refusal limit for the third request only.
    const limited = app.running.app.get(RefusalLimiter).keys([attendee(903).email], 'limitado', '10.1.0.4');
    for (const key of limited)
      await app.sql(
        `INSERT INTO public_refusal_counters (key_hash, window_start, refusals, max_refusals, blocked_until)
         VALUES ($1, now(), 99, 5, now() + interval '1 minute')`,
        [key.hash],
      );
    const results = await settle([
      booking.registerPublic(sessionId, [attendee(901)] as never, 'nuevo', '10.1.0.2'),
      booking.registerPublic(sessionId, [attendee(904), attendee(902)] as never, 'con-bloqueado', '10.1.0.3'),
      booking.registerPublic(sessionId, [attendee(903)] as never, 'limitado', '10.1.0.4'),
      booking.registerPublic(sessionId, [attendee(905), attendee(900)] as never, 'con-inscrito', '10.1.0.5'),
      booking.registerPublic(sessionId, [attendee(906)] as never, 'otro-nuevo', '10.1.0.6'),
    ]);
    expect(results.map(codeOf)).toEqual(['OK', 'BLACKLISTED', 'TOO_MANY_REQUESTS', 'DUPLICATE_REGISTRATION', 'OK']);
    // The refusals name the right attendee of their own request.
    expect((results[1] as PromiseRejectedResult).reason.extra.attendeeErrors).toHaveProperty('1');
    expect((results[3] as PromiseRejectedResult).reason.extra.attendeeErrors).toHaveProperty('1');
    const emails = await app.sql(`SELECT email FROM registrations WHERE session_id = $1 ORDER BY email`, [sessionId]);
    expect(emails.map((r) => r.email)).toEqual([900, 901, 906].map((n) => attendee(n).email));
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });
});

/** A batch that waited DB_CONNECT_TIMEOUT_MS for a connection in vain sent nothing to the server: it is run again as a
 * batch, once, and then fails as a whole (docs/domain.md, "Bookings decided together"). Replayed one by one, as a
 * batch that failed in the database is, each of its requests would wait for a connection again. */
describe('A batch without a free connection', () => {
  let app: TestApp;
  let holds: HoldsService;
  let ds: DataSource;

  beforeAll(async () => {
    app = await TestApp.start({ env: { DB_POOL_SIZE: '2', DB_CONNECT_TIMEOUT_MS: '400' } });
    holds = app.running.app.get(HoldsService);
    ds = app.running.app.get(DataSource);
  }, 60_000);
  afterAll(() => app?.close());

  /** Takes every connection of the instance's pool until `release` is called. */
  async function takePool(): Promise<() => Promise<void>> {
    const runners = [ds.createQueryRunner(), ds.createQueryRunner()];
    for (const runner of runners) await runner.connect();
    return async () => {
      for (const runner of runners) await runner.release();
    };
  }

  it('a batch that found the pool busy runs again as a batch once a connection is free: one statement for all', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 25, maxQueueSpots: 0 });
    const release = await takePool();
    // Free again after the first wait (400 ms) and well before the second one ends (800 ms).
    const freed = new Promise<void>((resolve) => setTimeout(() => void release().then(resolve), 600));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => holds.hold(sessionId, `espera-${i}`, 1)),
    );
    await freed;
    expect(results.map((r) => r.status)).toEqual(Array(10).fill('fulfilled'));
    const rows = await app.sql(`SELECT expires_at FROM ticket_holds WHERE session_id = $1`, [sessionId]);
    expect(rows).toHaveLength(10);
    // One transaction's clock: the batch's statement, not ten of their own.
    expect(new Set(rows.map((r) => new Date(r.expires_at).getTime())).size).toBe(1);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('still no connection at the second try: every request of the batch fails as "database unavailable", nothing is written', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 25, maxQueueSpots: 0 });
    // Each request replayed alone would be one more wait for a connection: the one-request statement is never tried.
    const alone = jest.spyOn(app.running.app.get(BookingEngine), 'firstHold');
    const release = await takePool();
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => holds.hold(sessionId, `sin-conexion-${i}`, 1)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill('rejected'));
      for (const r of results) expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason)).toBe(true);
      expect(alone).not.toHaveBeenCalled();
    } finally {
      alone.mockRestore();
      await release();
    }
    expect(await app.sql(`SELECT 1 FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });
});
