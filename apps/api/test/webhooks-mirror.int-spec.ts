import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { WEBHOOK_EVENT_TYPES } from '@evreg/contracts';
import {
  attendee,
  createSession,
  dni,
  eventually,
  insertSession,
  ReceivedWebhook,
  TestApp,
  WebhookReceiver,
} from '@evreg/testing';
import type { AppConfig } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.module';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { webhookPayloadSchemaName } from '../src/modules/webhooks/webhook-schemas';

type Body = ReceivedWebhook['body'] & { data: Record<string, any> };

/** Webhooks an integrator can mirror from (docs/webhooks.md): every body carries the registration's state, its
 * sequence and the session's counters as of the change; session.spots_available fires once per transition from full;
 * real deliveries validate against the schemas the served OpenAPI document publishes. */
describe('Webhooks to mirror from', () => {
  let app: TestApp;
  let admin: string;
  let receiver: WebhookReceiver;
  let appSecret: string;
  let path = 0;
  let person = 30_000;
  let validate: (body: unknown) => string[];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await TestApp.start({
      env: { WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1', WEBHOOK_SWEEP_INTERVAL_MS: '500' },
    });
    admin = await app.adminToken();
    appSecret = app.running.app.get<symbol, AppConfig>(APP_CONFIG).appSecret;

    // The schemas as the served document publishes them, every object closed (additionalProperties: false), so a
    // field sent but not documented fails too.
    const doc = (await app.request('GET', '/api/docs-json')).body;
    const close = (schema: unknown): unknown => {
      if (Array.isArray(schema)) return schema.map(close);
      if (!schema || typeof schema !== 'object') return schema;
      const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, close(v)]));
      return out.type === 'object' && out.properties ? { ...out, additionalProperties: false } : out;
    };
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: close(doc.components) });
    validate = (body) => {
      const type = (body as Body).type as (typeof WEBHOOK_EVENT_TYPES)[number];
      const check = ajv.getSchema(`doc#/components/schemas/${webhookPayloadSchemaName(type)}`);
      if (!check) return [`no schema for ${type}`];
      return check(body) ? [] : (check.errors ?? []).map((e) => `${type} ${e.instancePath} ${e.message}`);
    };
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.stop();
  });

  async function hook(events: readonly string[] = WEBHOOK_EVENT_TYPES) {
    await app.sql(`DELETE FROM webhooks`);
    const p = `/mirror-${++path}`;
    const res = await app.request('POST', '/api/webhooks', {
      token: admin,
      body: { url: receiver.url(p), events, isActive: true },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id as number, path: p };
  }

  async function settled(webhookId: number) {
    await eventually(
      async () =>
        (await app.sql(`SELECT status FROM webhook_deliveries WHERE webhook_id = $1`, [webhookId])).every(
          (d) => d.status === 1,
        ),
      20_000,
      'delivered',
    );
    await new Promise((r) => setTimeout(r, 300));
  }

  async function book(sessionId: number) {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(++person) },
    });
    if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.results[0] as { registrationId: number; ticketCode: string | null; queued: boolean };
  }

  const bodies = (p: string) => receiver.at(p).map((r) => r.body as Body);
  const ofRegistration = (got: Body[], id: number) => got.filter((b) => b.data.registration?.id === id);

  it('carries state, sequence, updatedAt and the counters as of each change; sorting by sequence restores the order', async () => {
    const { id, path: p } = await hook();
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 1 });
    const a = await book(sessionId);
    const b = await book(sessionId); // the last seat: session.full
    const c = await book(sessionId); // the last waiting place: session.waitinglist.full
    expect(c.queued).toBe(true);
    // A cancels by the link: C is promoted into the seat, so the session never looks free (no spots_available).
    const byLink = await app.request(
      'POST',
      `/api/registrations/cancellation/${cancellationToken(appSecret, a.registrationId)}`,
    );
    expect(byLink.status).toBe(200);
    await settled(id);
    const ticket = (
      await app.request('GET', `/api/registrations/cancellation/${cancellationToken(appSecret, c.registrationId)}`)
    ).body.ticketCode as string;
    const scanned = await app.request('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: admin,
      body: { nonce: `mirror-${Date.now()}`, code: ticket },
    });
    expect(scanned.body.outcome).toBe('valid');
    // Staff cancel C: its seat stays free (nobody waiting), so the full session gets a free seat again.
    expect((await app.request('POST', `/api/registrations/${c.registrationId}/cancel`, { token: admin })).status).toBe(
      200,
    );
    await settled(id);

    const got = bodies(p);
    const event = { id: eventId, title: `Evento ${eventId}` };
    const one = (type: string, registrationId?: number) => {
      const found = got.filter(
        (x) => x.type === type && (registrationId === undefined || x.data.registration.id === registrationId),
      );
      expect(found).toHaveLength(1);
      return found[0].data;
    };
    const counters = (online: number, queue: number, available: number) => ({
      id: sessionId,
      maxAttendees: 2,
      reservedSpots: 0,
      maxQueueSpots: 1,
      onlineRegistered: online,
      reservedRegistered: 0,
      registeredCount: online,
      queueCount: queue,
      availableSpots: available,
      sequence: expect.any(Number),
      startsAt: expect.stringMatching(/Z$/),
      endsAt: expect.stringMatching(/Z$/),
    });
    const isoMs = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    expect(one('registration.created', a.registrationId)).toEqual({
      registration: {
        id: a.registrationId,
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: expect.stringMatching(/@example\.com$/),
        queuePosition: null,
        state: 'active',
        sequence: 1,
        updatedAt: isoMs,
      },
      event,
      session: counters(1, 0, 1),
    });
    expect(one('registration.created', b.registrationId).session).toEqual(counters(2, 0, 0));
    expect(one('session.full')).toEqual({ event, session: counters(2, 0, 0) });
    expect(one('registration.queued', c.registrationId)).toMatchObject({
      registration: { state: 'waiting', queuePosition: 1, sequence: 1 },
      session: counters(2, 1, 0),
    });
    // The cancellation's bodies show the session as the whole change left it: A's seat taken by C.
    expect(one('registration.cancelled', a.registrationId)).toMatchObject({
      registration: { state: 'cancelled', queuePosition: null, sequence: 2 },
      session: counters(2, 0, 0),
    });
    expect(one('registration.promoted', c.registrationId)).toMatchObject({
      registration: { state: 'active', queuePosition: null, sequence: 2 },
      session: counters(2, 0, 0),
    });
    expect(one('registration.checked_in', c.registrationId)).toMatchObject({
      registration: { state: 'active', sequence: 3 },
      session: counters(2, 0, 0),
    });
    expect(one('registration.cancelled', c.registrationId)).toMatchObject({
      registration: { state: 'cancelled', sequence: 4 },
      session: counters(1, 0, 1),
    });
    // Once: when staff cancelled C (A's cancellation was taken by the waiting list).
    expect(one('session.spots_available')).toEqual({ event, session: counters(1, 0, 1) });

    // Out of order (as retries deliver them), a registration's events sort back by sequence, strictly increasing,
    // and the latest is its current state.
    const shuffled = [...ofRegistration(got, c.registrationId)].reverse();
    shuffled.push(shuffled.shift()!);
    const sorted = shuffled.sort((x, y) => x.data.registration.sequence - y.data.registration.sequence);
    expect(sorted.map((x) => x.type)).toEqual([
      'registration.queued',
      'registration.promoted',
      'registration.checked_in',
      'registration.cancelled',
    ]);
    expect(sorted.map((x) => x.data.registration.sequence)).toEqual([1, 2, 3, 4]);
    const times = sorted.map((x) => Date.parse(x.data.registration.updatedAt));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    const [row] = await app.sql(`SELECT version FROM registrations WHERE id = $1`, [c.registrationId]);
    expect(row.version).toBe(4);

    // Every delivered body validates against its event type's schema in the served document (registration.moved's:
    // the bulk move's test below).
    expect(got.flatMap(validate)).toEqual([]);
    expect(new Set(got.map((x) => x.type))).toEqual(
      new Set(WEBHOOK_EVENT_TYPES.filter((type) => type !== 'registration.moved')),
    );
    expect(one('session.waitinglist.full')).toEqual({ event, session: counters(2, 1, 0) });
    // The check bites: a field missing, an undocumented one, a wrong state.
    const created = got.find((x) => x.type === 'registration.created')!;
    const { sequence: _dropped, ...withoutSequence } = created.data.registration;
    expect(validate({ ...created, data: { ...created.data, registration: withoutSequence } })).not.toEqual([]);
    expect(validate({ ...created, data: { ...created.data, extra: 1 } })).not.toEqual([]);
    const wrongState = { ...created.data.registration, state: 'pending' };
    expect(validate({ ...created, data: { ...created.data, registration: wrongState } })).not.toEqual([]);
  });

  it('staff deleting a registration or a waiting entry announce it cancelled, one sequence on, with the counters after', async () => {
    const { id, path: p } = await hook(['registration.cancelled', 'session.spots_available']);
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
    const seated = await book(sessionId);
    const first = await book(sessionId);
    const second = await book(sessionId);
    expect((await app.request('DELETE', `/api/events/queue/${first.registrationId}`, { token: admin })).status).toBe(
      200,
    );
    // Deleting the seated one promotes `second` into its seat: still full, no spots_available.
    expect(
      (await app.request('DELETE', `/api/events/registrations/${seated.registrationId}`, { token: admin })).status,
    ).toBe(204);
    await settled(id);
    const got = bodies(p);
    expect(got.map((x) => x.type).sort()).toEqual(['registration.cancelled', 'registration.cancelled']);
    expect(ofRegistration(got, first.registrationId)[0].data).toMatchObject({
      registration: { state: 'cancelled', queuePosition: null, sequence: 2 },
      session: { onlineRegistered: 1, queueCount: 1, availableSpots: 0 },
    });
    expect(ofRegistration(got, seated.registrationId)[0].data).toMatchObject({
      registration: { state: 'cancelled', sequence: 2 },
      session: { onlineRegistered: 1, queueCount: 0, availableSpots: 0 },
    });
    expect(second.queued).toBe(true);
    expect(got.flatMap(validate)).toEqual([]);
  });

  it('a bulk move announces registration.moved: the new session and the one left, as the move left them', async () => {
    const { id, path: p } = await hook(['registration.moved', 'registration.promoted', 'session.spots_available']);
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 2 });
    const target = await insertSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 2 });
    const a = await book(source);
    const aPerson = person;
    await book(source);
    const waiting = await book(source);
    await book(target); // the target is full: A goes to its waiting list
    const moved = await app.request('POST', '/api/bulk/registrations/move', {
      token: admin,
      body: { registrationIds: [a.registrationId], targetSessionId: target },
    });
    expect(moved.body).toMatchObject({ done: 1, promoted: [waiting.registrationId] });
    await settled(id);

    const got = bodies(p);
    // The source stays full (its first in line took A's seat): no spots_available.
    expect(got.map((x) => x.type).sort()).toEqual(['registration.moved', 'registration.promoted']);
    const [move] = ofRegistration(got, a.registrationId);
    expect(move.type).toBe('registration.moved');
    expect(move.data).toEqual({
      registration: expect.objectContaining({
        id: a.registrationId,
        state: 'waiting',
        queuePosition: 1,
        sequence: 2,
      }),
      event: { id: eventId, title: `Evento ${eventId}` },
      session: expect.objectContaining({ id: target, onlineRegistered: 1, queueCount: 1, availableSpots: 0 }),
      fromSession: expect.objectContaining({ id: source, onlineRegistered: 2, queueCount: 0, availableSpots: 0 }),
    });
    expect(ofRegistration(got, waiting.registrationId)[0].data.registration).toMatchObject({
      state: 'active',
      sequence: 2,
    });
    const raw = receiver.at(p).map((r) => r.raw);
    expect(raw.join()).not.toMatch(/taxId|telephone|phone/i);
    expect(raw.join()).not.toContain(dni(aPerson).slice(0, 8));
    expect(got.flatMap(validate)).toEqual([]);
  });

  it('a move that fails midway leaves no registration.moved, no history and the person where they were', async () => {
    const { id } = await hook(['registration.moved']);
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 2 });
    const target = await insertSession(app, eventId, { maxAttendees: 2 });
    const a = await book(source);
    // The move's last write (the new session's Registration e-mail) fails, after its webhook event was written.
    await app.sql(`CREATE FUNCTION refuse_move_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.registration_id = ${a.registrationId} AND NEW.email_type = 'Registration'
                AND EXISTS (SELECT 1 FROM registrations WHERE id = NEW.registration_id AND session_id = ${target})
            THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await app.sql(
      `CREATE TRIGGER refuse_move_email BEFORE INSERT ON email_messages FOR EACH ROW EXECUTE FUNCTION refuse_move_email()`,
    );
    try {
      const refused = await app.request('POST', '/api/bulk/registrations/move', {
        token: admin,
        body: { registrationIds: [a.registrationId], targetSessionId: target },
      });
      expect(refused.status).toBe(500);
    } finally {
      await app.sql(`DROP TRIGGER refuse_move_email ON email_messages; DROP FUNCTION refuse_move_email()`);
    }
    expect(await app.sql(`SELECT session_id, version FROM registrations WHERE id = $1`, [a.registrationId])).toEqual([
      { session_id: source, version: 1 },
    ]);
    expect(await app.sql(`SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1`, [id])).toEqual([]);
    expect(
      await app.sql(`SELECT 1 FROM history_entries WHERE subject_kind = 'registration' AND subject_id = $1`, [
        a.registrationId,
      ]),
    ).toEqual([]);
  });

  it('fires session.spots_available exactly once when 20 cancellations at once free seats of a full session', async () => {
    const { id, path: p } = await hook(['session.spots_available', 'registration.cancelled']);
    const { sessionId } = await createSession(app, { maxAttendees: 20, maxQueueSpots: 0 });
    const seated = [];
    for (let i = 0; i < 20; i++) seated.push(await book(sessionId));
    const answers = await Promise.all(
      seated.map((r) => app.request('POST', `/api/registrations/${r.registrationId}/cancel`, { token: admin })),
    );
    expect(answers.map((r) => r.status)).toEqual(seated.map(() => 200));
    await settled(id);
    const rows = await app.sql(
      `SELECT payload FROM webhook_deliveries WHERE session_id = $1 AND event_type = 'session.spots_available'`,
      [sessionId],
    );
    expect(rows).toHaveLength(1);
    const available = bodies(p).filter((x) => x.type === 'session.spots_available');
    expect(available).toHaveLength(1);
    // The first cancellation to commit saw the session full and left one seat free.
    expect(available[0].data.session).toMatchObject({ onlineRegistered: 19, availableSpots: 1 });
    const cancelled = bodies(p).filter((x) => x.type === 'registration.cancelled');
    expect(cancelled).toHaveLength(20);
    // Each cancellation's counters are its own: 19, 18, ... 0 registered, each once.
    expect(cancelled.map((x) => x.data.session.onlineRegistered).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    expect(cancelled.every((x) => x.data.registration.sequence === 2)).toBe(true);

    // Full again, then a capacity increase frees a seat: once more.
    for (let i = 0; i < 20; i++) await book(sessionId);
    const [{ event_id: eventId }] = await app.sql(`SELECT event_id FROM event_sessions WHERE id = $1`, [sessionId]);
    const grown = await app.request('PUT', `/api/events/${eventId}/sessions/${sessionId}/max-attendees`, {
      token: admin,
      body: { maxAttendees: 22 },
    });
    expect(grown.status).toBe(200);
    await settled(id);
    const after = bodies(p).filter((x) => x.type === 'session.spots_available');
    expect(after).toHaveLength(2);
    expect(after[1].data.session).toMatchObject({ maxAttendees: 22, onlineRegistered: 20, availableSpots: 2 });
    expect(bodies(p).flatMap(validate)).toEqual([]);
  });

  it("orders a session's counters by its own sequence: after 20 cancellations at once, the highest is the final state", async () => {
    const { id, path: p } = await hook(['session.spots_available', 'registration.cancelled']);
    const { sessionId } = await createSession(app, { maxAttendees: 20, maxQueueSpots: 0 });
    const seated = [];
    for (let i = 0; i < 20; i++) seated.push(await book(sessionId));
    const answers = await Promise.all(
      seated.map((r) => app.request('POST', `/api/registrations/${r.registrationId}/cancel`, { token: admin })),
    );
    expect(answers.map((r) => r.status)).toEqual(seated.map(() => 200));
    await settled(id);
    const got = bodies(p);
    // One number per state of the counters: the cancellations' numbers are distinct, and an event sharing one
    // (session.spots_available, in its cancellation's transaction) carries the same counters.
    const cancelled = got.filter((x) => x.type === 'registration.cancelled');
    expect(new Set(cancelled.map((x) => x.data.session.sequence)).size).toBe(20);
    const bySequence = new Map<number, string>();
    for (const x of got) {
      const counters = JSON.stringify(x.data.session);
      expect(bySequence.get(x.data.session.sequence) ?? counters).toBe(counters);
      bySequence.set(x.data.session.sequence, counters);
    }
    // The receiver's rule (docs/webhooks.md): the counters of the highest session sequence. Sorted by it, the
    // cancellations come in their commit order (19, 18, ... 0 registered), and the last is the session as it is.
    const sorted = [...cancelled].sort((x, y) => x.data.session.sequence - y.data.session.sequence);
    expect(sorted.map((x) => x.data.session.onlineRegistered)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    const [now] = await app.sql(
      `SELECT counters_sequence::int AS sequence, online_registered, queue_count FROM event_sessions WHERE id = $1`,
      [sessionId],
    );
    expect(sorted[19].data.session).toMatchObject({
      sequence: now.sequence,
      onlineRegistered: now.online_registered,
      queueCount: now.queue_count,
      registeredCount: 0,
      availableSpots: 20,
    });
    expect(got.flatMap(validate)).toEqual([]);
  });

  it('fires no session.spots_available when the waiting list takes every freed seat, even at once', async () => {
    const { id } = await hook(['session.spots_available', 'registration.promoted']);
    const { sessionId } = await createSession(app, { maxAttendees: 5, maxQueueSpots: 5 });
    const seated = [];
    for (let i = 0; i < 5; i++) seated.push(await book(sessionId));
    for (let i = 0; i < 5; i++) expect((await book(sessionId)).queued).toBe(true);
    const answers = await Promise.all(
      seated.map((r) => app.request('POST', `/api/registrations/${r.registrationId}/cancel`, { token: admin })),
    );
    expect(answers.map((r) => r.status)).toEqual(seated.map(() => 200));
    await settled(id);
    const types = await app.sql(`SELECT event_type FROM webhook_deliveries WHERE session_id = $1`, [sessionId]);
    expect(types.map((t) => t.event_type)).toEqual(Array(5).fill('registration.promoted'));
  });
});
