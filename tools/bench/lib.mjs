// Shared helpers for the benchmarks: a keep-alive HTTP client with latency recording, percentiles, the API
// process launcher and direct SQL. No test framework: these scripts print figures.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

/** Starts one API process on real PostgreSQL and Redis; resolves when /api/health answers ok. */
export async function startApi({ port, databaseUrl: db, env = {} }) {
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
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
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
  }
  child.kill();
  throw new Error(`API on port ${port} did not start`);
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
