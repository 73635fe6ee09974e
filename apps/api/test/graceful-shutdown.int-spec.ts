import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { attendee, createSession, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TEST_REDIS_URL, databaseUrl } from '@evreg/testing';

/** docs/domain.md, "Restarts and graceful shutdown": a real `node dist/main.js` gets SIGTERM in the middle of a
 * crowd of visitors on keep-alive connections. */
const mainJs = resolve(__dirname, '../dist/main.js');
const APP_SECRET = 'secreto-compartido-por-los-procesos-de-prueba';
const SHUTDOWN_TIMEOUT_MS = 20_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: any;
}

/** What became of one request: a complete HTTP answer, or the socket error it met instead. */
interface Outcome {
  label: string;
  /** Sent by a client that ignores readiness. */
  direct: boolean;
  /** A hold's session token, a registration's e-mail. */
  token?: string;
  email?: string;
  startedAt: number;
  endedAt: number;
  answer?: Answer;
  error?: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** One request over node:http, so that a reset, a refused connection or a cut answer is seen as such (its code). The
 * body must arrive whole and, when JSON, parse. */
function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; pauseMidBody?: Promise<void> } = {},
): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const length = payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) };
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...length, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('respuesta cortada')));
        res.on('end', () => {
          if (!res.complete) return reject(new Error('respuesta incompleta'));
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            const json = String(res.headers['content-type']).includes('application/json');
            resolvePromise({ status: res.statusCode!, headers: res.headers, body: json ? JSON.parse(text) : text });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    if (!options.pauseMidBody || !payload) return void req.end(payload);
    // Headers and half the body now, the rest later: a request in progress for as long as the pause lasts.
    const half = Math.floor(payload.length / 2);
    req.write(payload.slice(0, half));
    void options.pauseMidBody.then(() => req.end(payload.slice(half)));
  });
}

const errorCode = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

/** `node dist/main.js` on the test database with its own queue prefix, as in production. */
class ApiProcess {
  readonly output: string[] = [];
  readonly queuePrefix = `evreg-test-shutdown-${randomBytes(4).toString('hex')}`;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  private readonly child: ChildProcess;

  constructor(
    readonly port: number,
    databaseName: string,
    dataDir: string,
    env: Record<string, string>,
  ) {
    if (!existsSync(mainJs)) throw new Error(`Falta ${mainJs}: compile antes (npm run build -w @evreg/api)`);
    this.child = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'log',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl(databaseName),
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: this.queuePrefix,
        APP_SECRET,
        ADMIN_EMAIL: TEST_ADMIN_EMAIL,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        DATA_DIR: dataDir,
        DB_POOL_SIZE: '8',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.output.push(chunk.toString('utf8')));
    this.child.stderr!.on('data', (chunk: Buffer) => this.output.push(chunk.toString('utf8')));
    this.exited = new Promise((done) =>
      this.child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })),
    );
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Until GET /api/health answers 200 (the process has started and listens). */
  async started(): Promise<void> {
    const agent = new Agent({ keepAlive: false });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!this.running) throw new Error(`main.js terminó al arrancar:\n${this.output.join('')}`);
      const ok = await send(agent, this.port, 'GET', '/api/health').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`main.js no arrancó en 60 s:\n${this.output.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  terminate(): void {
    this.child.kill('SIGTERM');
  }

  /** Only for a test that failed: never leave a child behind. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

describe('Graceful shutdown of an API instance (SIGTERM)', () => {
  let app: TestApp;
  let dataDir: string;
  const children: ApiProcess[] = [];

  const startApi = async (env: Record<string, string>) => {
    const child = new ApiProcess(await freePort(), app.databaseName!, dataDir, env);
    children.push(child);
    await child.started();
    return child;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'evreg-shutdown-'));
    // Only for fixtures and SQL on the shared test database; the instance under test is the child process.
    app = await TestApp.start({ env: { APP_SECRET, RUN_WORKERS: 'false' } });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) await child.kill();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      for (const { queuePrefix } of children) {
        const keys = await redis.keys(`${queuePrefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      await redis.quit();
    }
  });

  it('answers every request it accepted, turns unready before it stops accepting, and exits 0', async () => {
    const api = await startApi({ SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 70, reservedSpots: 10, maxQueueSpots: 20 });
    const late = await createSession(app, { maxAttendees: 5 });

    // The load balancer's readiness probe, every 100 ms on a fresh connection: when it first saw 503, when it took
    // the instance out (two 503 in a row), and when the first connection was refused (the listener had closed).
    const lb = { unreadyAt: 0, outAt: 0, refusedAt: 0, other: [] as string[] };
    let signalledAt = 0;
    let probing = true;
    let listenerClosed!: () => void;
    const closed = new Promise<void>((r) => (listenerClosed = r));
    const probe = (async () => {
      const fresh = new Agent({ keepAlive: false });
      while (probing) {
        const at = Date.now();
        try {
          const answer = await send(fresh, api.port, 'GET', '/api/health/ready');
          if (answer.status === 503 && answer.body?.status === 'draining') {
            if (lb.unreadyAt) lb.outAt ||= Date.now();
            lb.unreadyAt ||= Date.now();
          } else if (answer.status !== 200 || lb.unreadyAt) lb.other.push(`${answer.status}`);
        } catch (error) {
          const code = errorCode(error);
          if (code !== 'ECONNREFUSED' || !signalledAt) lb.other.push(code);
          else if (!lb.refusedAt) {
            lb.refusedAt = at;
            listenerClosed();
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // The crowd: 150 visitors (a hold, then a registration with its token) between public reads, over keep-alive
    // connections. 14 connections come through the balancer, kept busy, and take no new request once it has taken
    // the instance out: everything they sent, during the drain too, must be answered. 2 more are clients that ignore
    // readiness (a balancer that has not noticed, a direct client), a request every 20 ms until they are refused.
    const visitors = 150;
    const outcomes: Outcome[] = [];
    const crowd = new Agent({ keepAlive: true, maxSockets: 16 });
    const call = async (
      direct: boolean,
      label: string,
      method: string,
      path: string,
      options = {},
    ): Promise<Outcome> => {
      const outcome: Outcome = { label, direct, startedAt: Date.now(), endedAt: 0 };
      outcomes.push(outcome);
      try {
        outcome.answer = await send(crowd, api.port, method, path, options);
      } catch (error) {
        outcome.error = errorCode(error);
      }
      outcome.endedAt = Date.now();
      return outcome;
    };
    const visit = async (direct: boolean, i: number): Promise<Outcome> => {
      const token = `shutdown-visitor-${i}-${randomBytes(4).toString('hex')}`;
      const held = await call(direct, 'hold', 'POST', '/api/ticketholds', {
        body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots: 1 },
      });
      held.token = token;
      if (held.answer?.status !== 200) return held;
      const registered = await call(direct, 'registration', 'POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(50_000 + i) },
        headers: { 'x-session-token': token },
      });
      registered.email = attendee(50_000 + i).email;
      return registered;
    };
    let nextVisitor = 0;
    let reads = 0;
    let rerouted = 0;
    const stream = async (direct: boolean) => {
      for (let turn = 0; ; turn++) {
        if (!direct && lb.outAt) {
          rerouted++;
          return;
        }
        const last =
          turn % 2 === 0 && nextVisitor < visitors
            ? await visit(direct, nextVisitor++)
            : await call(
                direct,
                'event',
                'GET',
                reads++ % 2 ? `/api/events/${eventId}` : `/api/events/${eventId}/sessions`,
              );
        if (!signalledAt && outcomes.filter((o) => o.endedAt).length >= 120) {
          signalledAt = Date.now();
          api.terminate();
        }
        // A stop that never comes is the assertions' to report.
        if (last.error || (signalledAt && Date.now() - signalledAt > SHUTDOWN_TIMEOUT_MS)) return;
        if (direct) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const crowdDone = Promise.all(Array.from({ length: 16 }, (_, i) => stream(i >= 14)));

    // One registration in progress across the close of the listener: its headers and half its body go out during
    // the drain, the rest once connections are refused. It must still be answered, and written.
    await new Promise<void>((r) => {
      const wait = setInterval(() => lb.unreadyAt && (clearInterval(wait), r()), 10);
    });
    const slowPerson = attendee(90_000);
    const slow = send(
      new Agent({ keepAlive: false }),
      api.port,
      'POST',
      `/api/events/sessions/${late.sessionId}/registrations`,
      {
        body: { eventSessionId: late.sessionId, ...slowPerson },
        headers: { 'x-session-token': `shutdown-slow-${randomBytes(4).toString('hex')}` },
        pauseMidBody: closed,
      },
    );

    await crowdDone;
    const slowAnswer = await slow;
    let timer: NodeJS.Timeout | undefined;
    const exit = await Promise.race([
      api.exited,
      new Promise<null>((r) => (timer = setTimeout(() => r(null), SHUTDOWN_TIMEOUT_MS + 10_000))),
    ]);
    clearTimeout(timer);
    probing = false;
    await probe;
    crowd.destroy();

    const viaLb = outcomes.filter((o) => !o.direct);
    const direct = outcomes.filter((o) => o.direct);
    const answered = outcomes.filter((o) => o.answer);
    // Sent once readiness had said 503: the instance was draining when it answered them.
    const duringDrain = answered.filter((o) => o.startedAt > lb.unreadyAt);
    const notAnswered = direct.filter((o) => o.error);
    process.stdout.write(
      `Cierre bajo carga: ${viaLb.length} peticiones por el balanceador (${viaLb.filter((o) => o.answer).length} ` +
        `respondidas; ${rerouted} conexiones dejaron de enviar al retirarla el balanceador), ${direct.length} de clientes que ignoran la ` +
        `disponibilidad (${direct.filter((o) => o.answer).length} respondidas, ` +
        `${notAnswered.filter((o) => o.error === 'ECONNREFUSED').length} rechazadas con ECONNREFUSED, ` +
        `${notAnswered.filter((o) => o.error !== 'ECONNREFUSED').length} cortadas al cerrar la escucha); ` +
        `${duringDrain.length} respondidas durante el drenaje; ` +
        `salida ${JSON.stringify(exit)}\n`,
    );

    // Exited on its own, 0, before its hard timeout, after each step in turn.
    expect(signalledAt).toBeGreaterThan(0);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit!.at - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const log = api.output.join('');
    expect(log).toContain('Cierre ordenado terminado');
    expect(log).not.toContain('no terminó');

    // Readiness said 503 (and nothing else) while the listener still accepted; then connections were refused.
    expect(lb.other).toEqual([]);
    expect(lb.unreadyAt).toBeGreaterThanOrEqual(signalledAt);
    expect(lb.outAt).toBeGreaterThan(lb.unreadyAt);
    expect(lb.refusedAt).toBeGreaterThan(lb.outAt);

    // Every request sent through the balancer got a complete answer: no reset, no hang-up, no cut body, no refusal.
    expect(viaLb.filter((o) => !o.answer).map((o) => `${o.label}: ${o.error}`)).toEqual([]);
    // Answers kept coming during the drain, each closing its connection; none is a server error.
    expect(duringDrain.length).toBeGreaterThan(0);
    expect(duringDrain.filter((o) => o.answer!.headers.connection !== 'close')).toEqual([]);
    expect(answered.filter((o) => o.answer!.status >= 500).map((o) => `${o.label}: ${o.answer!.status}`)).toEqual([]);
    // The registration in progress when the listener closed was finished and answered.
    expect(slowAnswer.status).toBe(201);
    expect(slowAnswer.headers.connection).toBe('close');

    // Clients that ignore readiness were turned away only after it said 503: refused, or reset by the system while
    // waiting to be accepted when the listener closed (the server never read those; see docs/domain.md).
    expect(notAnswered.filter((o) => o.startedAt < lb.unreadyAt)).toEqual([]);
    expect(notAnswered.length).toBeGreaterThan(0);

    // The database is whole: counters equal the rows, every registration written is one a visitor was told of, and
    // a request that got no answer wrote nothing.
    expect(await invariantProblems(app, sessionId)).toEqual([]);
    const told = answered
      .filter((o) => o.label === 'registration' && o.answer!.status === 201)
      .flatMap((o) => (o.answer!.body.results as { registrationId: number }[]).map((r) => r.registrationId));
    const rows = await app.sql<{ id: number; email: string; consents: number }>(
      `SELECT r.id, r.email, (SELECT count(*)::int FROM consents c WHERE c.registration_id = r.id) AS consents
         FROM registrations r WHERE r.session_id = $1 ORDER BY r.id`,
      [sessionId],
    );
    expect(told.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual([...told].sort((a, b) => a - b));
    expect(rows.filter((r) => r.consents !== 1)).toEqual([]);
    const unansweredHolds = notAnswered.filter((o) => o.label === 'hold').map((o) => o.token);
    expect(await app.sql(`SELECT token FROM ticket_holds WHERE token = ANY($1::text[])`, [unansweredHolds])).toEqual(
      [],
    );
    const unansweredPeople = notAnswered.filter((o) => o.label === 'registration').map((o) => o.email);
    expect(rows.filter((r) => unansweredPeople.includes(r.email))).toEqual([]);
    const slowRows = await app.sql(`SELECT id FROM registrations WHERE session_id = $1 AND email = $2`, [
      late.sessionId,
      slowPerson.email,
    ]);
    expect(slowRows.map((r) => r.id)).toEqual([slowAnswer.body.results[0].registrationId]);
  }, 120_000);

  it('stays alive (200) while readiness is 503 during the drain, then exits 0', async () => {
    const api = await startApi({ SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const agent = new Agent({ keepAlive: false });
    const get = (path: string) => send(agent, api.port, 'GET', path);

    expect(await get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get('/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });

    api.terminate();
    const deadline = Date.now() + 10_000;
    let ready = await get('/api/health/ready');
    while (ready.status !== 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      ready = await get('/api/health/ready');
    }
    expect(ready).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect(ready.headers.connection).toBe('close');

    const live = await get('/api/health/live');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(live.headers.connection).toBe('close');
    // Still serving while it drains: the full health check and a public read.
    expect((await get('/api/health')).status).toBe(200);
    expect((await get('/api/events/999999')).status).toBe(404);

    expect(await api.exited).toMatchObject({ code: 0, signal: null });
    const log = api.output.join('');
    const steps = [
      'SIGTERM: cierre ordenado',
      '/api/health/ready 503',
      'No se aceptan conexiones nuevas',
      'Peticiones terminadas',
    ];
    const positions = [...steps, 'Cierre ordenado terminado'].map((step) => log.indexOf(step));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  }, 60_000);
});
