import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { attendee } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** The same delivery in the embedded default: PGlite over one connection, in-process jobs. */
describe('E-mail delivery in embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'evreg-embedded-email-'));
  let smtp: SmtpCapture;
  let app: TestApp;
  let ds: DataSource;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({
      env: { DATABASE_URL: undefined, REDIS_URL: undefined, EMAIL_SWEEP_INTERVAL_MS: '300' },
      dataDir,
    });
    ds = app.running.app.get(DataSource);
    await useSmtp(app, await app.adminToken(), smtp);
  }, 180_000); // PGlite boots, migrates and seeds in ~25 s alone, several times that on a busy machine.
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each registration its e-mail once, while people register at the same time', async () => {
    await ds.query(
      `INSERT INTO events (id, title, description, city, status) VALUES (4242, 'Visita guiada', '<p>x</p>', 'Toledo', 1)`,
    );
    const [session] = await ds.query(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, max_queue_spots)
       VALUES (4242, current_date + 3, current_date + 3, '10:00', '11:00', now() + interval '3 days', now() + interval '3 days 1 hour', 5, 5)
       RETURNING id`,
    );
    const people = [971, 972, 973, 974, 975, 976];
    const results = await Promise.all(
      people.map((n) =>
        app.request('POST', `/api/events/sessions/${session.id}/registrations`, {
          body: { eventSessionId: session.id, ...attendee(n) },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(people.map(() => 201));

    await eventually(
      async () => {
        const [{ pending }] = await ds.query(`SELECT count(*)::int AS pending FROM email_messages WHERE status <> 1`);
        return pending === 0;
      },
      15_000,
      'all sent',
    );
    await new Promise((r) => setTimeout(r, 500));
    for (const n of people) expect(smtp.to(attendee(n).email)).toHaveLength(1);
    // Five seats, one on the waiting list.
    expect(people.map((n) => smtp.to(attendee(n).email)[0].subject.split(':')[0]).sort()).toEqual([
      'Estás en la lista de espera',
      ...Array(5).fill('Inscripción confirmada'),
    ]);
  }, 30_000);
});
