import { type Server, type Socket, connect, createServer } from 'node:net';
import { EmailDeliveryService } from '../src/modules/email/email-delivery.service';
import { attendee, createSession } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { TEST_REDIS_URL } from '@evreg/testing';

/** A TCP relay to the test Redis that can be cut and restored: a Redis outage for one app without touching the
 * machine's Redis server. */
class RedisRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(): Promise<void> {
    const target = new URL(TEST_REDIS_URL);
    const server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}

const env = {
  APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba',
  EMAIL_SWEEP_INTERVAL_MS: '300',
  EMAIL_RETRY_BASE_MS: '100',
};

describe('E-mail delivery with several instances and a Redis outage', () => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
  });
  afterAll(() => smtp?.stop());

  const register = (app: TestApp, sessionId: number, n: number) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });

  describe('two API instances on one database', () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      // Each with its own job queue (prefix): their dispatchers really run side by side.
      a = await TestApp.start({ env });
      b = await TestApp.start({ env, databaseName: a.databaseName! });
    }, 60_000);
    afterAll(async () => {
      await b?.running.close();
      await a?.close();
    });

    it('deliver each message exactly once', async () => {
      const { sessionId } = await createSession(a, { maxAttendees: 40, maxQueueSpots: 10 });
      const people = Array.from({ length: 50 }, (_, i) => 700 + i);
      const results = await Promise.all(people.map((n, i) => register(i % 2 ? a : b, sessionId, n)));
      expect(results.map((r) => r.status)).toEqual(people.map(() => 201));
      // Sending is enabled once all 50 have booked: the messages wait pending until then (docs/domain.md), and then
      // both instances race for them. (Enabled before, each instance would draw tickets' QR images while serving the
      // rush, which under jest's VM modules blocks it for seconds and starves its 5-connection test pool.)
      await useSmtp(a, await a.adminToken(), smtp);
      // Both instances also sweep and dispatch at the same time.
      await Promise.all([a, b].map((app) => app.running.app.get(EmailDeliveryService).dispatch()));

      await eventually(
        async () => {
          const [{ pending }] = await a.sql(
            `SELECT count(*)::int AS pending FROM email_messages WHERE session_id = $1 AND status <> 1`,
            [sessionId],
          );
          return pending === 0;
        },
        60_000,
        'all sent',
      );
      await new Promise((r) => setTimeout(r, 500));
      for (const n of people) expect(smtp.to(attendee(n).email)).toHaveLength(1);
      const subjects = people.map((n) => smtp.to(attendee(n).email)[0].subject);
      expect(subjects.filter((s) => s.startsWith('Inscripción confirmada'))).toHaveLength(40);
      expect(subjects.filter((s) => s.startsWith('Estás en la lista de espera'))).toHaveLength(10);
    }, 90_000);
  });

  describe('Redis cut while people register', () => {
    let relay: RedisRelay;
    let app: TestApp;

    beforeAll(async () => {
      relay = new RedisRelay();
      await relay.start();
      app = await TestApp.start({ env: { ...env, REDIS_URL: relay.url } });
      await useSmtp(app, await app.adminToken(), smtp);
    });
    afterAll(async () => {
      await app?.close();
      await relay.cut();
    });

    it('registrations still succeed, and every message recorded meanwhile is delivered once Redis is back', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 10 });
      expect((await register(app, sessionId, 801)).status).toBe(201);
      await eventually(() => smtp.to(attendee(801).email).length === 1);

      await relay.cut();
      try {
        const started = Date.now();
        for (const n of [802, 803, 804]) expect((await register(app, sessionId, n)).status).toBe(201);
        expect(Date.now() - started).toBeLessThan(3_000);
        await new Promise((r) => setTimeout(r, 700));
        // Nothing could run the jobs: still pending, never tried.
        const rows = await app.sql(`SELECT status, attempts FROM email_messages WHERE session_id = $1 ORDER BY id`, [
          sessionId,
        ]);
        expect(rows.slice(1)).toEqual([0, 0, 0].map(() => ({ status: 0, attempts: 0 })));
      } finally {
        await relay.start();
      }

      await eventually(
        async () => [802, 803, 804].every((n) => smtp.to(attendee(n).email).length === 1),
        20_000,
        'delivered after the outage',
      );
      await new Promise((r) => setTimeout(r, 500));
      for (const n of [801, 802, 803, 804]) expect(smtp.to(attendee(n).email)).toHaveLength(1);
    }, 40_000);
  });
});
