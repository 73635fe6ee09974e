import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attendee, eventually, TestApp, WebhookReceiver } from '@evreg/testing';
import { DataSource } from 'typeorm';
import { verifyWebhookSignature } from '../src/modules/webhooks/webhook-signing';

/** The same webhooks in the embedded default: PGlite over one connection, in-process jobs. */
describe('Webhooks in embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'evreg-embedded-webhooks-'));
  let receiver: WebhookReceiver;
  let app: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await TestApp.start({
      env: {
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        WEBHOOK_SWEEP_INTERVAL_MS: '300',
        WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1',
      },
      dataDir,
    });
    ds = app.running.app.get(DataSource);
  }, 180_000); // PGlite boots, migrates and seeds in ~25 s alone, several times that on a busy machine.
  afterAll(async () => {
    await app?.close();
    await receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records and delivers each event once, signed, while people register at the same time', async () => {
    const created = await app.request('POST', '/api/webhooks', {
      token: await app.adminToken(),
      body: { url: receiver.url('/embedded'), events: ['registration.created', 'registration.queued', 'session.full'] },
    });
    expect(created.status).toBe(201);
    await ds.query(
      `INSERT INTO events (id, title, description, city, status) VALUES (4343, 'Visita guiada', '<p>x</p>', 'Toledo', 1)`,
    );
    const [session] = await ds.query(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, max_queue_spots)
       VALUES (4343, current_date + 3, current_date + 3, '10:00', '11:00', now() + interval '3 days', now() + interval '3 days 1 hour', 5, 5)
       RETURNING id`,
    );
    const people = [981, 982, 983, 984, 985, 986];
    const results = await Promise.all(
      people.map((n) =>
        app.request('POST', `/api/events/sessions/${session.id}/registrations`, {
          body: { eventSessionId: session.id, ...attendee(n) },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(people.map(() => 201));
    await eventually(() => receiver.at('/embedded').length >= 7, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    const got = receiver.at('/embedded');
    expect(got.map((r) => r.body.type).sort()).toEqual(
      [...Array(5).fill('registration.created'), 'registration.queued', 'session.full'].sort(),
    );
    for (const r of got)
      expect(verifyWebhookSignature(created.body.secret, r.raw, r.headers['x-webhook-signature'] as string)).toBe(true);
    const [{ delivered }] = await ds.query(
      `SELECT count(*)::int AS delivered FROM webhook_deliveries WHERE status = 1 AND attempts = 1`,
    );
    expect(delivered).toBe(7);
  }, 40_000);
});
