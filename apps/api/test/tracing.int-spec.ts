import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  attendee,
  createSession,
  databaseUrl,
  eventually,
  SmtpCapture,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  TEST_REDIS_URL,
  TestApp,
  useSmtp,
} from '@evreg/testing';
import { JOBS_QUEUE_NAME } from '../src/queue/queue.constants';

/** Tracing (docs/architecture.md, "Metrics, logs and traces"): a real `node dist/main.js` and `node dist/worker.js`
 * with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP/HTTP receiver; one booking's trace holds the HTTP span,
 * its pg spans, and the worker's span of the e-mail it sent. (Instrumentation hooks Node's module loading, which a
 * jest test's own modules bypass: hence processes.) */
const mainJs = resolve(__dirname, '../dist/main.js');
const workerJs = resolve(__dirname, '../dist/worker.js');
const APP_SECRET = 'secreto-compartido-por-los-procesos-de-trazas';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
  service: string;
}

/** The spans received over OTLP/HTTP JSON, flattened with their resource's service.name. */
async function otlpReceiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const payload = JSON.parse(body.toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: Omit<OtlpSpan, 'service'>[] }[];
        }[];
      };
      for (const rs of payload.resourceSpans ?? []) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, spans };
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('Tracing over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let dataDir: string;
  const children: ChildProcess[] = [];
  const output: string[] = [];

  const spawnNode = (script: string, env: Record<string, string>) => {
    if (!existsSync(script)) throw new Error(`Falta ${script}: compile antes (npm run build -w @evreg/api)`);
    const child = spawn(process.execPath, [script], { env: { ...process.env, NODE_OPTIONS: '', ...env } });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    children.push(child);
  };

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    receiver = await otlpReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'evreg-trace-'));
    const prefix = `evreg-test-trace-${randomBytes(4).toString('hex')}`;
    // No sweep during the test: the only dispatch is the one the booking's commit queues, in the booking's trace.
    const quiet = {
      EMAIL_SWEEP_INTERVAL_MS: '3600000',
      SMS_SWEEP_INTERVAL_MS: '3600000',
      WEBHOOK_SWEEP_INTERVAL_MS: '3600000',
    };
    // This in-process instance only prepares the database and the SMTP settings; it runs no jobs.
    app = await TestApp.start({ env: { APP_SECRET, QUEUE_PREFIX: prefix, RUN_WORKERS: 'false', ...quiet } });
    await useSmtp(app, await app.adminToken(), smtp);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl(app.databaseName!),
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      APP_SECRET,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      DATA_DIR: dataDir,
      DB_POOL_SIZE: '4',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // A busy test process may answer slowly: an export that times out is dropped with its spans.
      OTEL_EXPORTER_OTLP_TIMEOUT: '60000',
      ...quiet,
    };
    const port = await freePort();
    spawnNode(mainJs, { ...env, PORT: String(port), HOST: '127.0.0.1', RUN_WORKERS: 'false' });
    const workerMetrics = await freePort();
    spawnNode(workerJs, { ...env, METRICS_PORT: String(workerMetrics) });
    baseUrl = `http://127.0.0.1:${port}`;
    const answers = (url: string) => () =>
      fetch(url).then(
        (r) => r.ok,
        () => false,
      );
    await eventually(answers(`${baseUrl}/api/health`), 60_000, `main.js escuchando (${output.join('')})`);
    // The worker's metrics listener opens once its boot (and the dispatch it queues at boot) is done.
    await eventually(answers(`http://127.0.0.1:${workerMetrics}/metrics`), 60_000, 'worker.js arrancado');
  }, 120_000);
  let baseUrl = '';

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await app?.close();
    await smtp?.stop();
    receiver?.server.closeAllConnections();
    await new Promise((done) => receiver?.server.close(done));
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("follows one booking from the request to the worker's e-mail in one trace, without personal data", async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    // The dispatches the three processes queued at boot run first: a booking whose dispatch joined one of their runs
    // would have its e-mail sent in that run's trace, not its own (SenderPool).
    const queue = app.running.app.get<Queue>(getQueueToken(JOBS_QUEUE_NAME));
    await eventually(
      async () =>
        (await queue.getJobs(['waiting', 'delayed', 'active', 'prioritized'])).every(
          (j) => j.name !== 'email.dispatch',
        ),
      60_000,
      'no e-mail dispatch pending before the booking',
    );
    const person = attendee(8802, { firstName: 'Trazada', lastName: 'Sinnombre' });
    const res = await fetch(`${baseUrl}/api/events/sessions/${sessionId}/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventSessionId: sessionId, ...person }),
    });
    expect(res.status).toBe(201);
    await eventually(() => smtp.to(person.email).length === 1, 60_000, 'the confirmation e-mail');

    const route = '/api/events/sessions/:eventSessionId/registrations';
    const request = await eventually(
      () => receiver.spans.find((s) => s.service === 'evreg-api' && s.name === `POST ${route}`),
      30_000,
      'the HTTP span',
    );
    const trace = () => receiver.spans.filter((s) => s.traceId === request.traceId);
    const email = await eventually(
      () => trace().find((s) => s.name === 'email.send'),
      30_000,
      `the e-mail span in the booking's trace (${receiver.spans.map((s) => `${s.service}:${s.name}`).join(', ')})`,
    );
    expect(email.service).toBe('evreg-worker');
    const apiSpans = trace().filter((s) => s.service === 'evreg-api');
    const isPg = (s: OtlpSpan) =>
      (s.attributes ?? []).some((a) => /^db\.system(\.name)?$/.test(a.key) && a.value.stringValue === 'postgresql');
    expect(apiSpans.filter(isPg).length).toBeGreaterThanOrEqual(1);
    // The worker's job span sits between them (BullMQ's telemetry carries the trace in the job).
    expect(trace().filter((s) => s.service === 'evreg-worker').length).toBeGreaterThanOrEqual(2);

    const text = JSON.stringify(receiver.spans);
    expect([person.email, person.firstName, person.lastName, person.userTaxId].filter((v) => text.includes(v))).toEqual(
      [],
    );
  }, 120_000);
});
