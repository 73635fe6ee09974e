import { WEBHOOK_EVENT_TYPES } from '@evreg/contracts';
import { attendee, createSession, eventually, TestApp, ThrowawayRedis, WebhookReceiver } from '@evreg/testing';
import { WebhookDeliveryService } from '../src/modules/webhooks/webhook-delivery.service';

const env = {
  APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba',
  WEBHOOK_SWEEP_INTERVAL_MS: '300',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '200',
  WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1',
};

/** Webhook delivery with several instances and with Redis away: exactly once as the receiver sees it, nothing lost. */
describe('Webhook delivery with several instances and a Redis outage', () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver?.stop());

  const register = (app: TestApp, sessionId: number, n: number) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });

  async function hook(app: TestApp, path: string): Promise<number> {
    const res = await app.request('POST', '/api/webhooks', {
      token: await app.adminToken(),
      body: { url: receiver.url(path), events: WEBHOOK_EVENT_TYPES },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  const pending = async (app: TestApp, webhookId: number) =>
    (
      await app.sql(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status <> 1`, [
        webhookId,
      ])
    )[0].n;

  describe('two API instances on one database', () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      // Each with its own job queue (prefix): their senders really run side by side.
      a = await TestApp.start({ env });
      b = await TestApp.start({ env, databaseName: a.databaseName! });
    }, 60_000);
    afterAll(async () => {
      await b?.running.close();
      await a?.close();
    });

    it('never deliver an event twice, even with slow and failing answers', async () => {
      const id = await hook(a, '/two');
      // Slow answers keep claims held while the other instance looks; every fifth request fails once.
      receiver.on('/two', (n) => (n % 5 === 4 ? { status: 500 } : { delayMs: 30 }));
      const { sessionId } = await createSession(a, { maxAttendees: 40, maxQueueSpots: 10 });
      const people = Array.from({ length: 50 }, (_, i) => 20_000 + i);
      const results = await Promise.all(people.map((n, i) => register(i % 2 ? a : b, sessionId, n)));
      expect(results.map((r) => r.status)).toEqual(people.map(() => 201));
      await Promise.all([a, b].map((app) => app.running.app.get(WebhookDeliveryService).dispatch()));
      await eventually(async () => (await pending(a, id)) === 0, 20_000, 'all delivered');
      await new Promise((r) => setTimeout(r, 500));

      const got = receiver.at('/two');
      // Each event answered 2xx exactly once: 40 created, 10 queued, session.full, session.waitinglist.full.
      const okPerEvent = new Map<string, number>();
      for (const r of got.filter((r) => r.answered === 200)) {
        const eventId = r.headers['x-webhook-id'] as string;
        okPerEvent.set(eventId, (okPerEvent.get(eventId) ?? 0) + 1);
      }
      expect(okPerEvent.size).toBe(52);
      expect([...okPerEvent.values()].every((n) => n === 1)).toBe(true);
      expect(got.some((r) => r.answered === 500)).toBe(true);
      // Every request the receiver saw was one try recorded, so no try was made by two workers.
      const [{ tries }] = await a.sql(
        `SELECT sum(attempts)::int AS tries FROM webhook_deliveries WHERE webhook_id = $1`,
        [id],
      );
      expect(got).toHaveLength(tries);
    }, 40_000);
  });

  describe('Redis away', () => {
    let redis: ThrowawayRedis;
    let app: TestApp;

    beforeAll(async () => {
      redis = await ThrowawayRedis.start();
      app = await TestApp.start({ env: { ...env, REDIS_URL: redis.url } });
    });
    afterAll(async () => {
      await app?.close();
      await redis?.stop();
    });

    it('delays the deliveries, never the visitor, and loses none', async () => {
      const id = await hook(app, '/redis');
      const { sessionId } = await createSession(app, { maxAttendees: 10 });
      expect((await register(app, sessionId, 30_001)).status).toBe(201);
      await eventually(() => receiver.at('/redis').length === 1);
      // The first dispatch is over only once its outcome is recorded and its sender has looked for more due rows: a
      // sender still looping when Redis goes would (rightly) deliver the next ones without it, and this test is about
      // deliveries that wait for Redis.
      await eventually(async () => (await pending(app, id)) === 0, 20_000, 'first delivery recorded');
      await new Promise((r) => setTimeout(r, 500));

      await redis.kill();
      try {
        const started = Date.now();
        for (const n of [30_002, 30_003, 30_004]) expect((await register(app, sessionId, n)).status).toBe(201);
        expect(Date.now() - started).toBeLessThan(3_000);
        await new Promise((r) => setTimeout(r, 700));
        // Nothing could run the jobs: recorded, pending, never tried.
        const rows = await app.sql(
          `SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id`,
          [id],
        );
        expect(rows.slice(1)).toEqual([0, 0, 0].map(() => ({ status: 0, attempts: 0 })));
        expect(receiver.at('/redis')).toHaveLength(1);
      } finally {
        await redis.resume();
      }

      await eventually(async () => (await pending(app, id)) === 0, 20_000, 'delivered after the outage');
      await new Promise((r) => setTimeout(r, 500));
      const got = receiver.at('/redis');
      expect(got).toHaveLength(4);
      expect(got.map((r) => r.body.data.registration.email).sort()).toEqual(
        [30_001, 30_002, 30_003, 30_004].map((n) => attendee(n).email).sort(),
      );
    }, 40_000);
  });
});
