import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { RemindersService } from '../src/modules/reminders/reminders.service';
import {
  NetelipStub,
  SmtpCapture,
  TEST_REDIS_URL,
  TestApp,
  attendee,
  createSession,
  databaseUrl,
  eventually,
  useSmtp,
} from '@evreg/testing';

const KEY = 'ReminderHoursBeforeSession';
const HOURS_MESSAGE =
  'Horas de antelación del recordatorio: debe ser un número entero entre 0 y 720 (0 desactiva los recordatorios)';
const APP_SECRET = 'secreto-compartido-por-los-procesos-de-recordatorio';

/** Registers people n, n+1, ... through the public booking API, each with a phone: they fill the seats, then the
 * waiting list. Answers the registration ids in order. */
async function register(app: TestApp, sessionId: number, from: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = from; n < from + count; n++) {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n, { telephoneNumber: `6001${String(n).padStart(5, '0')}` }) },
    });
    if (res.status !== 201) throw new Error(`register ${n}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return ids;
}

/** The people booked `days` days ago (a reminder time can't be waited for in a test: it is hours away). */
const bookedDaysAgo = (app: TestApp, ids: number[], days = 3) =>
  app.sql(
    `UPDATE registrations SET registered_at = registered_at - make_interval(days => $2), created_at = created_at - make_interval(days => $2) WHERE id = ANY($1)`,
    [ids, days],
  );

const reminderEmails = async (app: TestApp, sessionId: number) =>
  (
    await app.sql<{ registration_id: number }>(
      `SELECT registration_id FROM email_messages WHERE session_id = $1 AND email_type = 'Reminder' ORDER BY registration_id, id`,
      [sessionId],
    )
  ).map((row) => row.registration_id);

const reminderSms = async (app: TestApp, sessionId: number) =>
  app.sql<{ registration_id: number; message: string; phone_number: string }>(
    `SELECT registration_id, message, phone_number FROM sms_messages WHERE session_id = $1 AND sms_type = 'Reminder' ORDER BY registration_id, id`,
    [sessionId],
  );

/** The session's local date and time (Europe/Madrid, the fixtures' time zone) `hours` from now, as the session
 * form sends them. */
function madrid(hoursFromNow: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + hoursFromNow * 3_600_000))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Moves the session through the session form (PUT) to start `hours` from now, lasting an hour. */
async function moveSession(app: TestApp, admin: string, eventId: number, sessionId: number, hours: number) {
  const start = madrid(hours);
  const end = madrid(hours + 1);
  const res = await app.request('PUT', `/api/events/${eventId}/sessions/${sessionId}`, {
    token: admin,
    body: { startDate: start.date, endDate: end.date, startTime: start.time, endTime: end.time },
  });
  expect(res.status).toBe(200);
}

describe('Reminders before a session', () => {
  let smtp: SmtpCapture;
  let stub: NetelipStub;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    stub = await NetelipStub.start();
  });
  afterAll(async () => {
    await smtp?.stop();
    await stub?.close();
  });

  describe('one instance, swept on demand', () => {
    let app: TestApp;
    let admin: string;
    let reminders: RemindersService;
    const sweep = () => reminders.sweep();

    beforeAll(async () => {
      // The periodic sweep is out of the way (an hour): each test sweeps when it means to.
      app = await TestApp.start({
        env: { APP_SECRET, NETELIP_BASE_URL: stub.url, REMINDER_SWEEP_INTERVAL_MS: '3600000' },
      });
      admin = await app.adminToken();
      reminders = app.running.app.get(RemindersService);
      await useSmtp(app, admin, smtp);
      const sms = await app.request('PUT', '/api/smssettings', {
        token: admin,
        body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok-netelip' },
      });
      expect(sms.status).toBe(200);
    }, 60_000);
    afterAll(() => app?.close());

    it('stores the hours with the other settings (24 by default) and refuses bad values naming the field', async () => {
      const stored = await app.request('GET', `/api/settings/${KEY}`, { token: admin });
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({ key: KEY, value: '24' });
      for (const value of ['-1', '721', '1.5', 'mañana', '']) {
        const res = await app.request('PUT', `/api/settings/${KEY}`, {
          token: admin,
          body: { data: { key: KEY, value } },
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ 'data.value': [HOURS_MESSAGE] });
      }
      const saved = await app.request('PUT', `/api/settings/${KEY}`, {
        token: admin,
        body: { data: { key: KEY, value: ' 48 ' } },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.value).toBe('48');
      expect((await app.request('GET', `/api/settings/${KEY}`, { token: admin })).body.value).toBe('48');
      await app.request('PUT', `/api/settings/${KEY}`, { token: admin, body: { data: { key: KEY, value: '24' } } });
    });

    it('reminds each seated person once, by e-mail and SMS with the cancellation link; the link frees the seat for the first of the waiting list', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 3, startsInHours: 2 });
      const [first, second, waiting1, waiting2] = await register(app, sessionId, 100, 4);
      await bookedDaysAgo(app, [first, second, waiting1, waiting2]);
      stub.reset();

      expect(await sweep()).toBe(2);
      expect(await sweep()).toBe(0);
      expect(await reminderEmails(app, sessionId)).toEqual([first, second]);
      const sms = await reminderSms(app, sessionId);
      expect(sms.map((s) => s.registration_id)).toEqual([first, second]);

      // The e-mail, from the default Recordatorio template, with its 'Ya no puedo asistir' link.
      const reminded = () => smtp.to('persona100@example.com').filter((m) => m.subject.startsWith('Recordatorio'));
      const [mail] = await eventually(() => reminded().length === 1 && reminded(), 10_000, 'reminder e-mail');
      expect(mail.subject).toMatch(/^Recordatorio: Evento \d+, \S+/);
      const link = /Ya no puedo asistir: (\S+)/.exec(mail.text)?.[1];
      expect(link).toMatch(new RegExp(`^http://localhost:3000/cancel\\?token=${first}-[A-Za-z0-9_-]{32}&lang=es$`));
      // The HTML's link is the same (Handlebars writes '=' as '&#x3D;' and '&' as '&amp;', which a browser reads back).
      const href = /<a href="([^"]+)">Ya no puedo asistir<\/a>/.exec(mail.html)?.[1];
      expect(href?.replaceAll('&#x3D;', '=').replaceAll('&amp;', '&')).toBe(link);

      // The SMS carries the same link, and is delivered through Netelip.
      expect(sms[0].message).toContain('Recordatorio: tiene plaza en');
      expect(sms[0].message).toContain(link);
      await eventually(() => stub.requests.some((r) => r.message.includes(link!)), 10_000, 'SMS delivered');

      // 'Ya no puedo asistir': the seat goes to the first of the waiting list.
      const token = new URL(link!).searchParams.get('token')!;
      const cancelled = await app.request('POST', `/api/registrations/cancellation/${token}`);
      expect(cancelled.status).toBe(200);
      const states = await app.sql<{ id: number; state: number; queue_position: number | null }>(
        `SELECT id, state, queue_position FROM registrations WHERE session_id = $1 ORDER BY id`,
        [sessionId],
      );
      expect(states).toEqual([
        { id: first, state: 1, queue_position: null },
        { id: second, state: 0, queue_position: null },
        { id: waiting1, state: 0, queue_position: null },
        { id: waiting2, state: 2, queue_position: 1 },
      ]);
      // Promoted after the reminder time: the promotion e-mail told them everything, no reminder follows.
      expect(await sweep()).toBe(0);
      expect(await reminderEmails(app, sessionId)).toEqual([first, second]);
    });

    it('sends none to who booked after the reminder time, and one to who was promoted before it', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3, startsInHours: 2 });
      await register(app, sessionId, 200, 1);
      expect(await sweep()).toBe(0);

      // Promoted two days ago (booked three days ago onto the waiting list).
      const { sessionId: other } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3, startsInHours: 2 });
      const [seated, promoted] = await register(app, other, 210, 2);
      const cancel = await app.request('POST', `/api/registrations/${seated}/cancel`, { token: admin });
      expect(cancel.status).toBe(200);
      await bookedDaysAgo(app, [seated, promoted]);
      await app.sql(`UPDATE registrations SET promoted_at = now() - interval '2 days' WHERE id = $1`, [promoted]);

      expect(await sweep()).toBe(1);
      expect(await reminderEmails(app, other)).toEqual([promoted]);
      expect(await reminderEmails(app, sessionId)).toEqual([]);
    });

    it('sends none while the setting is 0, and the due ones once it is set again', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 3, startsInHours: 2 });
      const ids = await register(app, sessionId, 300, 2);
      await bookedDaysAgo(app, ids);
      const off = await app.request('PUT', `/api/settings/${KEY}`, {
        token: admin,
        body: { data: { key: KEY, value: '0' } },
      });
      expect(off.status).toBe(200);
      expect(await sweep()).toBe(0);
      expect(await reminderEmails(app, sessionId)).toEqual([]);

      await app.request('PUT', `/api/settings/${KEY}`, { token: admin, body: { data: { key: KEY, value: '24' } } });
      expect(await sweep()).toBe(2);
      expect(await reminderEmails(app, sessionId)).toEqual(ids);
    });

    it('reminds again, at its new reminder time, a session moved later; a session moved earlier into its window reminds who booked before the move', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 3, startsInHours: 2 });
      const [id] = await register(app, sessionId, 400, 1);
      await bookedDaysAgo(app, [id]);
      expect(await sweep()).toBe(1);

      // Moved three days later: a new reminder time, not come yet.
      await moveSession(app, admin, eventId, sessionId, 72);
      expect(await sweep()).toBe(0);
      // Moved back to three hours from now (later than the start first reminded): the new reminder is due.
      await moveSession(app, admin, eventId, sessionId, 3);
      expect(await sweep()).toBe(1);
      expect(await reminderEmails(app, sessionId)).toEqual([id, id]);
      // Moved earlier again (two hours): already reminded for a later start, nothing more.
      await moveSession(app, admin, eventId, sessionId, 2);
      expect(await sweep()).toBe(0);

      // Booked now for a session three days away, then moved to two hours from now: its reminder time has passed,
      // but the booking came before the move.
      const { eventId: e2, sessionId: s2 } = await createSession(app, { maxAttendees: 3, startsInHours: 72 });
      const [early] = await register(app, s2, 410, 1);
      expect(await sweep()).toBe(0);
      await moveSession(app, admin, e2, s2, 2);
      // Booked after that move: within the window, no reminder.
      await register(app, s2, 411, 1);
      expect(await sweep()).toBe(1);
      expect(await reminderEmails(app, s2)).toEqual([early]);
    });

    it('does not send a reminder still pending once its person has cancelled, and says why in the log', async () => {
      // E-mail off for a while: the reminders wait in the outbox.
      const off = await app.request('PUT', '/api/email/settings', { token: admin, body: { emailEnabled: false } });
      expect(off.status).toBe(200);
      const { sessionId } = await createSession(app, { maxAttendees: 3, startsInHours: 2 });
      const [gone, stays] = await register(app, sessionId, 600, 2);
      await bookedDaysAgo(app, [gone, stays]);
      expect(await sweep()).toBe(2);
      const cancel = await app.request('POST', `/api/registrations/${gone}/cancel`, { token: admin });
      expect(cancel.status).toBe(200);

      await useSmtp(app, admin, smtp);
      const rows = await eventually(async () => {
        const found = await app.sql<{ registration_id: number; status: number; error_message: string | null }>(
          `SELECT registration_id, status, error_message FROM email_messages WHERE session_id = $1 AND email_type = 'Reminder' ORDER BY registration_id`,
          [sessionId],
        );
        return found.every((row) => row.status !== 0) && found;
      }, 15_000);
      expect(rows).toEqual([
        { registration_id: gone, status: 2, error_message: 'No enviado: la inscripción ya no está activa' },
        { registration_id: stays, status: 1, error_message: null },
      ]);
      expect(smtp.to('persona600@example.com').filter((m) => m.subject.startsWith('Recordatorio'))).toEqual([]);
      expect(smtp.to('persona601@example.com').filter((m) => m.subject.startsWith('Recordatorio'))).toHaveLength(1);
    });

    it('skips the rows another sweep holds mid-transaction, and claims them once that sweep dies without committing', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 5, startsInHours: 2 });
      const ids = await register(app, sessionId, 500, 4);
      await bookedDaysAgo(app, ids);
      // A sweeper that has locked two of them and is killed before its commit (its connection cut).
      const other = new Client({ connectionString: databaseUrl(app.databaseName!) });
      await other.connect();
      other.on('error', () => undefined);
      await other.query('BEGIN');
      await other.query(`SELECT id FROM registrations WHERE id = ANY($1) FOR UPDATE`, [ids.slice(0, 2)]);
      await other.query(`UPDATE registrations SET reminder_queued_at = now() WHERE id = ANY($1)`, [ids.slice(0, 2)]);
      const [{ pid }] = (await other.query(`SELECT pg_backend_pid() AS pid`)).rows;

      expect(await sweep()).toBe(2);
      expect(await reminderEmails(app, sessionId)).toEqual(ids.slice(2));

      await app.sql(`SELECT pg_terminate_backend($1)`, [pid]);
      await eventually(
        async () => (await app.sql(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [pid])).length === 0,
      );
      expect(await sweep()).toBe(2);
      expect(await reminderEmails(app, sessionId)).toEqual(ids);
      expect(await sweep()).toBe(0);
    });
  });

  describe('embedded mode (PGlite, in-process jobs)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'evreg-remind-embedded-'));
    let app: TestApp;

    beforeAll(async () => {
      app = await TestApp.start({
        env: { DATABASE_URL: undefined, REDIS_URL: undefined, REMINDER_SWEEP_INTERVAL_MS: '3600000' },
        dataDir,
      });
    }, 180_000); // PGlite boots, migrates and seeds in ~25 s alone, several times that on a busy machine.
    afterAll(async () => {
      await app?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('claims and queues the same way, and a moved session is stamped by the trigger', async () => {
      const ds = app.running.app.get(DataSource);
      const admin = await app.adminToken();
      const [event] = await ds.query(
        `INSERT INTO events (id, title, description, city, status) VALUES (9000, 'Embebido', '<p>x</p>', 'Madrid', 1) RETURNING id`,
      );
      const [session] = await ds.query(
        `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, max_queue_spots)
         VALUES ($1, current_date, current_date, '10:00', '11:00', now() + interval '2 hours', now() + interval '3 hours', 5, 0) RETURNING id`,
        [event.id],
      );
      const booked = await app.request('POST', `/api/events/sessions/${session.id}/registrations`, {
        body: { eventSessionId: session.id, ...attendee(9000) },
      });
      expect(booked.status).toBe(201);
      await ds.query(`UPDATE registrations SET registered_at = now() - interval '3 days' WHERE id = $1`, [
        booked.body.id,
      ]);
      const reminders = app.running.app.get(RemindersService);
      expect(await reminders.sweep()).toBe(1);
      expect(await reminders.sweep()).toBe(0);
      await moveSession(app, admin, event.id, session.id, 3);
      const [moved] = await ds.query(`SELECT rescheduled_at IS NOT NULL AS stamped FROM event_sessions WHERE id = $1`, [
        session.id,
      ]);
      expect(moved.stamped).toBe(true);
      expect(await reminders.sweep()).toBe(1);
      const rows = await ds.query(
        `SELECT count(*)::int AS n FROM email_messages WHERE registration_id = $1 AND email_type = 'Reminder'`,
        [booked.body.id],
      );
      expect(rows[0].n).toBe(2);
    }, 60_000);
  });

  describe('two API instances and a worker killed mid-way', () => {
    const workerJs = resolve(__dirname, '../dist/worker.js');
    const prefix = `evreg-test-remind-${randomBytes(4).toString('hex')}`;
    const PEOPLE = 300;
    let a: TestApp;
    let b: TestApp;
    let worker: ChildProcess | null = null;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'evreg-remind-'));
      // The instances sweep when the test says (the same code their timer runs), ten reminders a transaction; they
      // share the queue and the database. Reminders start off.
      const env = {
        APP_SECRET,
        QUEUE_PREFIX: prefix,
        REMINDER_SWEEP_INTERVAL_MS: '3600000',
        REMINDER_BATCH_SIZE: '10',
        EMAIL_SWEEP_INTERVAL_MS: '500',
      };
      a = await TestApp.start({ env });
      b = await TestApp.start({ env, databaseName: a.databaseName! });
      const off = await a.request('PUT', `/api/settings/${KEY}`, {
        token: await a.adminToken(),
        body: { data: { key: KEY, value: '0' } },
      });
      expect(off.status).toBe(200);
    }, 60_000);
    afterAll(async () => {
      if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
      await b?.running.close();
      await a?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('queues exactly one reminder per registration, delivered once', async () => {
      if (!existsSync(workerJs)) throw new Error(`Falta ${workerJs}: compile antes (npm run build -w @evreg/api)`);
      const admin = await a.adminToken();
      const { sessionId } = await createSession(a, { maxAttendees: PEOPLE, startsInHours: 2 });
      const ids: number[] = [];
      for (let n = 0; n < PEOPLE; n += 20) ids.push(...(await register(a, sessionId, 1000 + n, 20)));
      await bookedDaysAgo(a, ids);

      // `node dist/worker.js` on the same database and queue, sweeping every 100 ms one reminder a transaction.
      worker = spawn(process.execPath, [workerJs], {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'log',
          DATABASE_URL: databaseUrl(a.databaseName!),
          REDIS_URL: TEST_REDIS_URL,
          QUEUE_PREFIX: prefix,
          APP_SECRET,
          DATA_DIR: dataDir,
          DB_POOL_SIZE: '5',
          REMINDER_SWEEP_INTERVAL_MS: '100',
          REMINDER_BATCH_SIZE: '1',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise((r) => worker!.once('exit', r));
      let output = '';
      worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await eventually(() => output.includes('Worker en marcha'), 30_000, 'worker started');

      const on = await a.request('PUT', `/api/settings/${KEY}`, {
        token: admin,
        body: { data: { key: KEY, value: '24' } },
      });
      expect(on.status).toBe(200);
      // The worker's first reminders are in; both instances sweep alongside it, and it is killed mid-way.
      const watcher = new Client({ connectionString: databaseUrl(a.databaseName!) });
      await watcher.connect();
      try {
        const queued = async () =>
          (
            await watcher.query(
              `SELECT count(*)::int AS n FROM email_messages WHERE session_id = $1 AND email_type = 'Reminder'`,
              [sessionId],
            )
          ).rows[0].n as number;
        while ((await queued()) === 0) await new Promise((r) => setTimeout(r, 5));
        expect(await queued()).toBeLessThan(PEOPLE);
        const sweeps = Promise.all([a, b].map((app) => app.running.app.get(RemindersService).sweep()));
        worker.kill('SIGKILL');
        await exited;
        await sweeps;
      } finally {
        await watcher.end();
      }
      // What the kill interrupted is claimed by the next sweeps (once PostgreSQL has rolled back the dead
      // connection's transaction), once.
      await eventually(
        async () => {
          await Promise.all([a, b].map((app) => app.running.app.get(RemindersService).sweep()));
          return (await reminderEmails(a, sessionId)).length >= PEOPLE;
        },
        20_000,
        'every reminder queued',
      );
      expect(await reminderEmails(a, sessionId)).toEqual(ids);
      const claims = await a.sql(
        `SELECT count(*)::int AS n FROM registrations WHERE session_id = $1 AND reminder_queued_at IS NOT NULL`,
        [sessionId],
      );
      expect(claims[0].n).toBe(PEOPLE);

      // Delivered once each once e-mail is on. The confirmations of these bookings are not what this test is about
      // (each draws a QR code, slow under the test runner): only the reminders are sent.
      await a.sql(`DELETE FROM email_messages WHERE session_id = $1 AND email_type <> 'Reminder'`, [sessionId]);
      await useSmtp(a, admin, smtp);
      const addresses = ids.map((_, i) => `persona${1000 + i}@example.com`);
      const reminded = (address: string) => smtp.to(address).filter((m) => m.subject.startsWith('Recordatorio'));
      await eventually(() => addresses.every((address) => reminded(address).length > 0), 60_000, 'every reminder');
      for (const address of addresses) expect(reminded(address)).toHaveLength(1);
    }, 180_000);
  });
});
