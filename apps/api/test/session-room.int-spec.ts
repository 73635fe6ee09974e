import { Client } from 'pg';
import { attendee, createSession, invariantProblems, registerOnline, TestApp } from '@evreg/testing';
import { SessionRoom } from '../src/modules/booking-engine/session-room';

/** Refusals decided from memory (docs/domain.md, "Refusals without a round trip"), on two API instances sharing one
 * PostgreSQL: the same answers as the database's, without a query, and never a stale refusal once a change that
 * makes room has been notified. */
describe('Refusals without a round trip, two API instances', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let nextPerson = 70_000;

  beforeAll(async () => {
    // No hold sweep during the tests: its query would be counted, and no hold here expires.
    const env = { APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba', HOLD_SWEEP_INTERVAL_MS: '300000' };
    a = await TestApp.start({ env });
    b = await TestApp.start({ env, databaseName: a.databaseName! });
    admin = await a.adminToken();
  }, 60_000);
  afterAll(async () => {
    await b?.running.close();
    await a?.close();
  });

  const room = (app: TestApp) => app.running.app.get(SessionRoom);
  const hold = (app: TestApp, sessionId: number, token: string, numberOfSpots = 1) =>
    app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots },
    });
  const register = (app: TestApp, sessionId: number, token?: string, person = nextPerson++) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(person) },
      headers: token ? { 'x-session-token': token } : {},
    });

  /** Runs `work` with every query the API sends (both instances run in this process) shown first to `see`, with its
   * text and the connection that sends it. */
  async function watchingQueries(
    see: (text: string, client: Client) => void,
    work: () => Promise<void>,
  ): Promise<void> {
    const original = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      see(typeof config === 'string' ? config : (config?.text ?? ''), this);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await work();
    } finally {
      Client.prototype.query = original;
    }
  }

  /** The queries about sessions and holds the API sends while `work` runs. */
  async function bookingQueries(work: () => Promise<void>): Promise<number> {
    let count = 0;
    await watchingQueries((text) => {
      // The booking path's statements and reads; not the message senders' (their leases: claimed_until).
      if (/event_sessions|ticket_holds|public_refusal_counters/.test(text) && !/claimed_until/.test(text)) count++;
    }, work);
    return count;
  }

  async function caughtUp(sessionId: number, apps: TestApp[]): Promise<void> {
    const before = apps.map((app) => room(app).notificationsOf(sessionId));
    const arrived = () => apps.every((app, i) => room(app).notificationsOf(sessionId) > before[i]);
    await a.sql(`SELECT pg_notify('session_room', $1)`, [String(sessionId)]);
    for (let i = 0; i < 1000 && !arrived(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(arrived()).toBe(true);
  }

  /** Refused by the database, the instances read the room; wait for those reads. */
  async function decidedFromMemory(sessionId: number, ...apps: TestApp[]): Promise<void> {
    await caughtUp(sessionId, apps);
    await Promise.all(apps.map((app) => room(app).refused(sessionId)));
    for (const app of apps) expect(room(app).decidesFromMemory(sessionId)).toBe(true);
  }

  /** The notification of a change reaches the instance (a bound on the wait, not on its speed). */
  async function notified(app: TestApp, sessionId: number): Promise<void> {
    for (let i = 0; i < 1000 && room(app).decidesFromMemory(sessionId); i++) await new Promise((r) => setTimeout(r, 5));
    expect(room(app).decidesFromMemory(sessionId)).toBe(false);
  }

  const withoutClock = (body: Record<string, unknown>) => ({ ...body, serverTime: undefined });

  it('a full session refuses holds and registrations without a query, with the same answers; its holders still book', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 2, maxQueueSpots: 1 });
    await registerOnline(a, sessionId, nextPerson, 1);
    nextPerson++;
    expect((await hold(a, sessionId, 'session-room-holder-token')).status).toBe(200);
    expect((await register(a, sessionId)).body.queued).toBe(true);

    const heldByDatabase = await hold(b, sessionId, 'session-room-late-token-1');
    const refusedByDatabase = await register(b, sessionId, 'session-room-late-token-1');
    expect(heldByDatabase).toMatchObject({ status: 409, body: { code: 'NO_SPOTS' } });
    expect(refusedByDatabase).toMatchObject({
      status: 409,
      body: { code: 'FULL', message: 'Completo: no quedan plazas ni sitio en la lista de espera' },
    });
    await decidedFromMemory(sessionId, b);

    let held: Awaited<ReturnType<typeof hold>> | undefined;
    let refused: Awaited<ReturnType<typeof register>> | undefined;
    let pair: Awaited<ReturnType<typeof register>> | undefined;
    const queries = await bookingQueries(async () => {
      held = await hold(b, sessionId, 'session-room-late-token-2');
      refused = await register(b, sessionId, 'session-room-late-token-2');
      pair = await b.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
        body: {
          registrations: [attendee(nextPerson++), attendee(nextPerson++)].map((p) => ({
            eventSessionId: sessionId,
            ...p,
          })),
        },
      });
    });
    expect(queries).toBe(0);
    expect(held!.status).toBe(heldByDatabase.status);
    expect(withoutClock(held!.body)).toEqual(withoutClock(heldByDatabase.body));
    expect({ status: refused!.status, body: refused!.body }).toEqual({ status: 409, body: refusedByDatabase.body });
    expect(pair).toMatchObject({ status: 409, body: refusedByDatabase.body });
    // Validation still comes first.
    const invalid = await b.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(nextPerson, { email: 'sin-arroba', confirmEmail: 'sin-arroba' }) },
    });
    expect(invalid.status).toBe(400);

    // The token that held spots when the room was read goes to the database, and takes its seat.
    const holder = await register(b, sessionId, 'session-room-holder-token');
    expect(holder).toMatchObject({ status: 201, body: { queued: false } });
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 60_000);

  it('capacity raised by staff on one instance: the other accepts at once', async () => {
    const { eventId, sessionId } = await createSession(a, { maxAttendees: 1, maxQueueSpots: 0 });
    await registerOnline(a, sessionId, nextPerson, 1);
    nextPerson++;
    expect((await hold(b, sessionId, 'session-room-raise-1')).status).toBe(409);
    await decidedFromMemory(sessionId, b);

    const raised = await a.request('PUT', `/api/events/${eventId}/sessions/${sessionId}/max-attendees`, {
      token: admin,
      body: { maxAttendees: 2 },
    });
    expect(raised.status).toBe(200);
    await notified(b, sessionId);
    expect((await hold(b, sessionId, 'session-room-raise-2')).status).toBe(200);
    expect(await register(b, sessionId, 'session-room-raise-2')).toMatchObject({
      status: 201,
      body: { queued: false },
    });
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 60_000);

  it('a cancellation with an empty waiting list: the next newcomer on the other instance gets the seat', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 1, maxQueueSpots: 0 });
    const [id] = await registerOnline(a, sessionId, nextPerson, 1);
    nextPerson++;
    expect((await register(b, sessionId)).body.code).toBe('FULL');
    await decidedFromMemory(sessionId, b);

    expect((await a.request('POST', `/api/registrations/${id}/cancel`, { token: admin })).status).toBe(200);
    await notified(b, sessionId);
    expect(await register(b, sessionId)).toMatchObject({ status: 201, body: { queued: false } });
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 60_000);

  it('a rush over two instances: exact seats and waiting places, no 5xx, the late crowd refused without a query', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 20, maxQueueSpots: 10 });
    const visitor = async (i: number) => {
      const app = i % 2 ? b : a;
      const token = `session-room-rush-${i}`;
      return [await hold(app, sessionId, token), await register(app, sessionId, token)];
    };
    const first = (await Promise.all(Array.from({ length: 80 }, (_, i) => visitor(i)))).flat();
    await decidedFromMemory(sessionId, a, b);
    let late: Awaited<ReturnType<typeof visitor>>[] = [];
    const queries = await bookingQueries(async () => {
      late = await Promise.all(Array.from({ length: 80 }, (_, i) => visitor(100 + i)));
    });
    expect(queries).toBe(0);

    const all = [...first, ...late.flat()];
    expect(all.filter((r) => r.status >= 500)).toEqual([]);
    const registered = first.filter((r) => r.status === 201).map((r) => r.body.queued);
    expect(registered.filter((q) => !q)).toHaveLength(20);
    expect(registered.filter((q) => q)).toHaveLength(10);
    for (const [held, refused] of late) {
      expect(held).toMatchObject({ status: 409, body: { code: 'NO_SPOTS' } });
      expect(refused).toMatchObject({ status: 409, body: { code: 'FULL' } });
    }
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 120_000);

  /** The most transactions the API had open at once while `work` ran (both instances run in this process): each is
   * a pool connection held from its BEGIN to its COMMIT or ROLLBACK. */
  async function mostOpenTransactions(work: () => Promise<void>): Promise<number> {
    const open = new Set<Client>();
    let most = 0;
    await watchingQueries((query, client) => {
      const text = query.trim().toUpperCase();
      if (text.startsWith('START TRANSACTION') || text.startsWith('BEGIN')) open.add(client);
      if (text.startsWith('COMMIT') || text.startsWith('ROLLBACK')) open.delete(client);
      most = Math.max(most, open.size);
    }, work);
    return most;
  }

  it('registrations their batch could not admit take the locked way one at a time per instance: exact places, no 5xx', async () => {
    // Every seat held by a hold that has expired and not yet been swept: the counter says full, so the batches admit
    // nobody and every registration goes the locked way, which reclaims the expired holds.
    const { sessionId } = await createSession(a, { maxAttendees: 20, maxQueueSpots: 10 });
    for (let i = 0; i < 20; i++) expect((await hold(a, sessionId, `session-room-expired-${i}`)).status).toBe(200);
    await a.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 minute' WHERE session_id = $1`, [sessionId]);

    let answers: Awaited<ReturnType<typeof register>>[] = [];
    const most = await mostOpenTransactions(async () => {
      answers = await Promise.all(Array.from({ length: 60 }, (_, i) => register(i % 2 ? b : a, sessionId)));
    });
    // One locked-way transaction at a time on each instance, where each request used to hold a connection while
    // waiting for the session's lock (on a saturated machine, the pool's wait past DB_CONNECT_TIMEOUT_MS: a 503).
    expect(most).toBeLessThanOrEqual(2);
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    const registered = answers.filter((r) => r.status === 201).map((r) => r.body.queued);
    expect(registered.filter((q) => !q)).toHaveLength(20);
    expect(registered.filter((q) => q)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(30).fill('FULL'));
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 120_000);
});
