import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmailDeliveryService } from '../src/modules/email/email-delivery.service';
import { type CapturedMail, SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { TEST_REDIS_URL, databaseUrl } from '@evreg/testing';

/** Messages a worker process holds at once (one per pooled SMTP connection): at most this many can go out twice
 * when it is killed (docs/domain.md, "Messages after a worker crash"). */
const HELD_PER_WORKER = 3;
const APP_SECRET = 'secreto-compartido-por-los-procesos-de-prueba';

/** Pending e-mails written straight into the outbox (a staff notification's own text, nothing else needed). */
async function recordMessages(app: TestApp, tag: string, count: number): Promise<{ id: number; address: string }[]> {
  return app.sql(
    `INSERT INTO email_messages (email_type, email_address, recipient_name, data)
     SELECT 'Notification', 'crash-' || $1 || '-' || g || '@example.com', 'Persona ' || g, '{"subject": "Aviso", "message": "El evento cambia de sala."}'
       FROM generate_series(1, $2::int) g
     RETURNING id::int, email_address AS address`,
    [tag, count],
  );
}

const messageId = (mail: CapturedMail) => mail.headers['message-id'];

describe('E-mail after a crash at send time', () => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
  });
  afterAll(() => smtp?.stop());
  afterEach(() => {
    smtp.answerDelayMs = 0;
  });

  describe('two instances with a short lease', () => {
    let a: TestApp;
    let b: TestApp;
    const env = { APP_SECRET, EMAIL_LEASE_MS: '1500', EMAIL_SWEEP_INTERVAL_MS: '300', EMAIL_RETRY_BASE_MS: '100' };

    beforeAll(async () => {
      // Each with its own job queue: two workers sweeping and claiming the same outbox side by side.
      a = await TestApp.start({ env });
      b = await TestApp.start({ env, databaseName: a.databaseName! });
      await useSmtp(a, await a.adminToken(), smtp);
    }, 60_000);
    afterAll(async () => {
      await b?.running.close();
      await a?.close();
    });

    it('gives each e-mail a Message-ID of its own row, the same when that row is delivered again', async () => {
      const [first, second] = await recordMessages(a, 'id', 2);
      await a.running.app.get(EmailDeliveryService).dispatch();
      const [mail] = await eventually(
        () => smtp.to(first.address).length === 1 && smtp.to(first.address),
        10_000,
        'first delivery',
      );
      await eventually(() => smtp.to(second.address).length === 1, 10_000, 'second message');
      expect(messageId(mail)).toMatch(new RegExp(`^<email-${first.id}\\.[0-9a-f]{16}@example\\.com>$`));
      expect(messageId(smtp.to(second.address)[0])).toMatch(
        new RegExp(`^<email-${second.id}\\.[0-9a-f]{16}@example\\.com>$`),
      );

      // What a worker killed after the server accepted it leaves: the row pending, its claim run out.
      await eventually(
        async () => (await a.sql(`SELECT status FROM email_messages WHERE id = $1`, [first.id]))[0].status === 1,
      );
      await a.sql(
        `UPDATE email_messages SET status = 0, sent_at = NULL, claimed_until = now() - interval '1 second' WHERE id = $1`,
        [first.id],
      );
      const copies = await eventually(
        () => smtp.to(first.address).length === 2 && smtp.to(first.address),
        10_000,
        'delivered again',
      );
      expect(messageId(copies[1])).toBe(messageId(copies[0]));
    });

    it('keeps the claim of a send slower than the lease while its worker is alive: delivered once', async () => {
      smtp.answerDelayMs = 5_000; // more than three leases
      const [slow] = await recordMessages(a, 'slow', 1);
      void a.running.app.get(EmailDeliveryService).dispatch();

      await eventually(
        async () => (await a.sql(`SELECT status FROM email_messages WHERE id = $1`, [slow.id]))[0].status === 1,
        20_000,
        'sent',
      );
      // Both instances swept many times meanwhile.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(smtp.to(slow.address).length).toBe(1);
      expect((await a.sql(`SELECT attempts FROM email_messages WHERE id = $1`, [slow.id]))[0].attempts).toBe(1);
    }, 40_000);
  });

  describe('worker processes killed or stopped mid-send (default lease and sweep)', () => {
    const workerJs = resolve(__dirname, '../dist/worker.js');
    const prefix = `evreg-test-crash-${randomBytes(4).toString('hex')}`;
    const workers: ChildProcess[] = [];
    let app: TestApp;
    let dataDir: string;

    /** `node dist/worker.js` on the test database and queue, as in production. */
    const startWorker = (): ChildProcess => {
      if (!existsSync(workerJs)) throw new Error(`Falta ${workerJs}: compile antes (npm run build -w @evreg/api)`);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: databaseUrl(app.databaseName!),
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        APP_SECRET,
        DATA_DIR: dataDir,
        DB_POOL_SIZE: '5',
      };
      const worker = spawn(process.execPath, [workerJs], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      workers.push(worker);
      return worker;
    };

    /** SIGTERM, as a deploy stops it; resolves with how long it took to exit (SIGKILL after 30 s). */
    const stopWorker = async (worker: ChildProcess): Promise<number> => {
      const started = Date.now();
      if (worker.exitCode !== null || worker.signalCode !== null) return 0;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
      clearTimeout(timer);
      if (worker.exitCode === null && worker.signalCode === null) {
        worker.kill('SIGKILL');
        await exited;
      }
      return Date.now() - started;
    };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'evreg-worker-'));
      // The API instance runs no jobs: the worker processes do.
      app = await TestApp.start({ env: { APP_SECRET, QUEUE_PREFIX: prefix, RUN_WORKERS: 'false' } });
      await useSmtp(app, await app.adminToken(), smtp);
    }, 60_000);
    afterAll(async () => {
      for (const worker of workers) await stopWorker(worker);
      await app?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('its claims are sent by another worker within the short lease, at most the held ones twice, with the same Message-ID', async () => {
      const messages = await recordMessages(app, 'kill', 20);
      const addresses = new Set(messages.map((m) => m.address));
      const ours = () => smtp.messages.filter((m) => m.to.some((to) => addresses.has(to)));
      const rows = () =>
        app.sql<{ id: number; status: number; claimed: boolean }>(
          `SELECT id::int, status, claimed_until > now() AS claimed FROM email_messages WHERE id = ANY($1::int[])`,
          [messages.map((m) => m.id)],
        );

      // A slow server: a message is accepted (kept) at once but confirmed only a second later, so several are in
      // flight when the worker dies.
      smtp.answerDelayMs = 1_000;
      const first = startWorker();
      await eventually(() => ours().length >= 4, 60_000, 'the first worker sending');
      const exited = new Promise((r) => first.once('exit', r));
      first.kill('SIGKILL');
      await exited;
      const killedAt = Date.now();
      smtp.answerDelayMs = 0;

      const left = await rows();
      const held = left.filter((r) => r.status === 0 && r.claimed);
      expect(held.length).toBeGreaterThanOrEqual(1); // it died holding a message the server had already accepted
      expect(held.length).toBeLessThanOrEqual(HELD_PER_WORKER);

      startWorker();
      await eventually(async () => (await rows()).every((r) => r.status === 1), 90_000, 'every message sent');
      const elapsedMs = Date.now() - killedAt;
      expect(elapsedMs).toBeLessThan(60_000); // the old 5-minute lease would have kept them waiting
      await new Promise((r) => setTimeout(r, 1_000));

      const delivered = ours();
      for (const address of addresses)
        expect(delivered.filter((m) => m.to.includes(address)).length).toBeGreaterThanOrEqual(1);
      const duplicates = delivered.length - addresses.size;
      expect(duplicates).toBeLessThanOrEqual(HELD_PER_WORKER);
      for (const address of addresses) {
        const copies = delivered.filter((m) => m.to.includes(address));
        expect(new Set(copies.map(messageId)).size).toBe(1);
      }
    }, 150_000);

    it('a worker stopped while a backlog is being sent finishes the messages in hand and exits, holding none', async () => {
      for (const worker of workers) await stopWorker(worker);
      const messages = await recordMessages(app, 'stop', 120);
      const addresses = new Set(messages.map((m) => m.address));
      const ours = () => smtp.messages.filter((m) => m.to.some((to) => addresses.has(to)));
      const rows = () =>
        app.sql<{ status: number; claimed: boolean }>(
          `SELECT status, claimed_until > now() AS claimed FROM email_messages WHERE id = ANY($1::int[])`,
          [messages.map((m) => m.id)],
        );

      // A backlog of about 40 s at one second a message over three connections.
      smtp.answerDelayMs = 1_000;
      const worker = startWorker();
      await eventually(() => ours().length >= 3, 60_000, 'the worker sending');
      const tookMs = await stopWorker(worker);
      expect(worker.exitCode).toBe(0);
      expect(tookMs).toBeLessThan(15_000); // one message per sender, not the backlog

      const left = await rows();
      expect(left.filter((r) => r.status === 0 && r.claimed)).toEqual([]);
      // Every message the server received is recorded sent: nothing to send twice.
      expect(left.filter((r) => r.status === 1).length).toBe(ours().length);
      expect(left.filter((r) => r.status === 0).length).toBeGreaterThan(0);

      smtp.answerDelayMs = 0;
      startWorker();
      await eventually(
        async () => (await rows()).every((r) => r.status === 1),
        60_000,
        'the rest sent by the next worker',
      );
      await new Promise((r) => setTimeout(r, 500));
      for (const address of addresses) expect(smtp.to(address).length).toBe(1);
    }, 150_000);
  });
});
