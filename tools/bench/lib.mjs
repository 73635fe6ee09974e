// Shared helpers for the benchmarks: a keep-alive HTTP client with latency recording, percentiles, the API
// process launcher and direct SQL. No test framework: these scripts print figures.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import ts from 'typescript';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(name) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function sql(url, query, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}

export async function freshDatabase(name) {
  await sql(SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await sql(SERVER_URL, `CREATE DATABASE "${name}"`);
  return databaseUrl(name);
}

/** Refuses a port another process listens on: the health poll that follows would get that process's answers, and
 * the benchmark would measure someone else's server (seen on a shared machine: the API died of EADDRINUSE while
 * another process answered /api/health on its port). */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use by another process`) : error),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
}

/** Polls http://127.0.0.1:port/api/health until it answers ok while `child` is still running; fails as soon as the
 * child exits (it could not listen, or crashed at start). */
export async function waitForHealth(child, port, { attempts = 120, intervalMs = 500, name = 'API' } = {}) {
  for (let i = 0; i < attempts; i++) {
    await new Promise((r) => setTimeout(r, intervalMs));
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} on port ${port} exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok && child.exitCode === null && child.signalCode === null) return child;
    } catch (error) {
      // fetch never calls the Fetch standard's "bad ports" (6000, 6665-6669, …): say so instead of waiting.
      if (error.cause?.message === 'bad port') {
        child.kill();
        throw new Error(`port ${port} is one fetch refuses to call (a "bad port"): choose another --port`, {
          cause: error,
        });
      }
      /* not up yet */
    }
  }
  child.kill();
  throw new Error(`${name} on port ${port} did not start`);
}

/** The API's entry point: this worktree's build, or `API_MAIN` (another build's `main.js`, e.g. a copy of the base's
 * `apps/api/dist` inside this worktree so that it resolves the same node_modules) to measure two builds in turn. */
const API_MAIN = process.env.API_MAIN ?? join(ROOT, 'apps/api/dist/main.js');

/** Starts one API process on real PostgreSQL and Redis; resolves when /api/health answers ok. Extra Node flags
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, refused in NODE_OPTIONS) come from `API_NODE_FLAGS`. `cpu` (e.g.
 * '0') starts it under `taskset -c cpu` (run.mjs --pin); taskset execs node, so the child's pid is the API's. */
export async function startApi({ port, databaseUrl: db, env = {}, cpu = null }) {
  await assertPortFree(port);
  const flags = (process.env.API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const [command, ...args] = [
    ...(cpu === null ? [] : ['taskset', '-c', String(cpu)]),
    process.execPath,
    ...flags,
    API_MAIN,
  ];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db,
      REDIS_URL,
      QUEUE_PREFIX: `evreg-bench-${port}`,
      APP_SECRET: 'benchmark-secret-benchmark-secret-benchmark',
      ADMIN_PASSWORD: 'Benchmark-Admin-1',
      LOG_LEVEL: 'warn',
      // No load balancer to warn before a stop: no 5 s drain (docs/domain.md, "Restarts and graceful shutdown").
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return waitForHealth(child, port);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** One JSON request; answers { status, body, ms }. */
export function request(port, method, path, body, headers = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed, ms: Number(process.hrtime.bigint() - started) / 1e6 });
        });
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, body: String(error), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] ?? 0 };
}

export const fmt = (ms) => `${ms.toFixed(1)} ms`;

/** Runs `count` tasks with at most `concurrency` in flight. */
export async function pool(count, concurrency, task) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) await task(next++);
  });
  await Promise.all(workers);
}

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
export const dni = (n) => `${String(n).padStart(8, '0')}${LETTERS[n % 23]}`;

/** A session of a Live event with `seats` online seats and a waiting list of `queue`, starting in 30 days. */
export async function seedSession(db, { seats, queue }) {
  await sql(
    db,
    `INSERT INTO events (id, title, description, city, status) VALUES (1, 'Concierto de prueba', '<p>Prueba de carga</p>', 'Madrid', 1)`,
  );
  const [session] = await sql(
    db,
    `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots)
     VALUES (1, current_date + 30, current_date + 30, '20:00', '22:00', now() + interval '30 days', now() + interval '30 days 2 hours', $1, 0, $2) RETURNING id`,
    [seats, queue],
  );
  return session.id;
}

/** The crowd, from its own process (tools/bench/load.mjs) so it doesn't share a server's event loop. */
export function runCrowd({ ports, sessionId, visitors, concurrency, first = 0 }) {
  return new Promise((resolve, reject) => {
    const child = fork(join(ROOT, 'tools/bench/load.mjs'), [
      ports.join(','),
      String(sessionId),
      String(visitors),
      String(concurrency),
      String(first),
    ]);
    child.on('message', resolve);
    child.on('exit', (code) => code && reject(new Error(`load exited ${code}`)));
  });
}

/** The domain's invariants after a crowd: exactly the seats taken, the waiting list full with positions 1..n,
 * everyone else refused, counters equal to the rows, no 5xx. */
export async function checkInvariants(db, { sessionId, seats, queue, visitors, result }) {
  const [check] = await sql(
    db,
    `SELECT (SELECT count(*)::int FROM registrations WHERE session_id = $1 AND state = 0) AS registered,
            (SELECT count(*)::int FROM registrations WHERE session_id = $1 AND state = 2) AS waiting,
            (SELECT coalesce(array_agg(queue_position ORDER BY queue_position), '{}') FROM registrations WHERE session_id = $1 AND state = 2) AS positions,
            s.online_registered, s.queue_count
       FROM event_sessions s WHERE s.id = $1`,
    [sessionId],
  );
  const positionsOk = check.positions.every((p, i) => p === i + 1);
  const expectedSeated = Math.min(seats, visitors);
  const expectedWaiting = Math.min(queue, visitors - expectedSeated);
  const ok =
    check.registered === expectedSeated &&
    check.waiting === expectedWaiting &&
    result.refused === visitors - expectedSeated - expectedWaiting &&
    result.serverErrors === 0 &&
    positionsOk &&
    check.online_registered === check.registered &&
    check.queue_count === check.waiting;
  return { ok, ...check, positionsOk, expectedSeated, expectedWaiting };
}

/** A number given on the command line as `--name N`, else `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The browser tests' big-session fixture itself (TypeScript, no imports): transpiled to a module and loaded. */
export async function loadBigSessionFixture() {
  const source = readFileSync(join(ROOT, 'libs/testing/src/big-session.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const dir = mkdtempSync(join(tmpdir(), 'big-session-'));
  const file = join(dir, 'big-session.mjs');
  writeFileSync(file, outputText);
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A benchmark's end: its API stopped (waiting for the exit), then its database dropped unless `--keep` asked to
 * keep it. */
export async function stopApiAndDatabase(api, database, keep) {
  if (api) {
    await new Promise((resolve) => {
      if (api.exitCode !== null) return resolve();
      api.once('exit', resolve);
      api.kill('SIGTERM');
    });
  }
  if (keep) console.log(`\nBase de datos conservada: ${database} (bórrala con DROP DATABASE ${database})`);
  else await sql(SERVER_URL, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}
