// One command, one run, one machine: the database's ceiling (pgbench), the reference server (bare node:http + pg
// with the product's booking SQL: tools/bench/reference-server.mjs) and the product with 1 and 2 API instances,
// back to back under the same crowds, then a table of figures and ratios (product / reference, product /
// pgbench). Ratios measured in one run are what docs/performance.md compares: these machines are noisy.
//
//   npm run bench            (builds first; needs PostgreSQL at DATABASE_URL and Redis at REDIS_URL, pgbench)
//   node tools/bench/run.mjs [--concurrency 64] [--pool 8] [--only seated|rush] [--scale 0.1]
//
// Workloads: the rush (5,000 visitors for 1,000 seats and 500 waiting places) and the all-seated crowd (3,000
// visitors, 3,000 seats), whose completed bookings/s is the headline figure. Each visitor holds a spot then
// registers, as the booking page does. Invariants are checked after every run.
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  SERVER_URL,
  checkInvariants,
  databaseUrl,
  fmt,
  freshDatabase,
  runCrowd,
  seedSession,
  sql,
  startApi,
} from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const concurrency = Number(arg('concurrency', 64));
const poolSize = Number(arg('pool', 8));
const only = arg('only', null);
/** A smaller run (e.g. 0.1) to try the command quickly; figures are only comparable at 1. */
const scale = Number(arg('scale', 1));

const WORKLOADS = [
  { name: 'seated', label: 'todos con plaza', visitors: 3000, seats: 3000, queue: 0 },
  { name: 'rush', label: 'avalancha', visitors: 5000, seats: 1000, queue: 500 },
]
  .filter((w) => !only || w.name === only)
  .map((w) => ({
    ...w,
    visitors: Math.round(w.visitors * scale),
    seats: Math.round(w.seats * scale),
    queue: Math.round(w.queue * scale),
  }));

/** The product's schema, migrated once by the API itself; each run clones it. */
async function templateDatabase() {
  const template = await freshDatabase('evreg_bench_template');
  const api = await startApi({ port: 3390, databaseUrl: template });
  await stop([api]);
  return 'evreg_bench_template';
}

async function cloneOf(template, name) {
  await sql(SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await sql(SERVER_URL, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return databaseUrl(name);
}

async function stop(children) {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function startReference(port, db) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'tools/bench/reference-server.mjs'), String(port), db, String(poolSize)],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  child.kill();
  throw new Error('the reference server did not start');
}

/** pgbench on the two-statement booking (tools/bench/ceiling): bookings/s the database alone sustains. */
function pgbenchCeiling() {
  const dir = join(ROOT, 'tools/bench/ceiling');
  const db = databaseUrl('evreg_bench_ceiling');
  spawnSync('psql', [
    SERVER_URL,
    '-qc',
    'DROP DATABASE IF EXISTS evreg_bench_ceiling WITH (FORCE)',
    '-c',
    'CREATE DATABASE evreg_bench_ceiling',
  ]);
  const schema = spawnSync('psql', [db, '-q', '-f', join(dir, 'schema.sql')], { encoding: 'utf8' });
  if (schema.status !== 0) throw new Error(`pgbench schema: ${schema.stderr}`);
  const run = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(poolSize),
      '-j',
      '2',
      '-t',
      String(Math.ceil(12000 / poolSize)),
      '-f',
      join(dir, 'booking.sql'),
      db,
    ],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`pgbench: ${run.stderr || run.stdout}`);
  return Number(tps);
}

const template = await templateDatabase();
console.log(`\nMáquina: ${cpus().length} núcleos (${cpus()[0].model}), Node ${process.version}`);
console.log(
  `Concurrencia ${concurrency}, pool ${poolSize} conexiones por proceso (2 instancias: ${poolSize / 2} cada una)\n`,
);

const ceiling = pgbenchCeiling();
console.log(`pgbench (sin HTTP, dos sentencias por reserva, ${poolSize} clientes): ${ceiling.toFixed(0)} reservas/s\n`);

const SERVERS = [
  { name: 'referencia', start: async (db) => [await startReference(3500, db)], ports: [3500] },
  {
    name: 'producto ×1',
    start: async (db) => [await startApi({ port: 3400, databaseUrl: db, env: { DB_POOL_SIZE: String(poolSize) } })],
    ports: [3400],
  },
  {
    name: 'producto ×2',
    start: async (db) =>
      Promise.all(
        [3400, 3401].map((port) =>
          startApi({ port, databaseUrl: db, env: { DB_POOL_SIZE: String(Math.max(1, poolSize / 2)) } }),
        ),
      ),
    ports: [3400, 3401],
  },
];

const rows = [];
let failed = false;
for (const workload of WORKLOADS) {
  for (const server of SERVERS) {
    const db = await cloneOf(template, 'evreg_bench_run');
    const sessionId = await seedSession(db, workload);
    const children = await server.start(db);
    try {
      const result = await runCrowd({ ports: server.ports, sessionId, visitors: workload.visitors, concurrency });
      const check = await checkInvariants(db, { sessionId, ...workload, result });
      failed ||= !check.ok;
      rows.push({
        workload,
        server: server.name,
        bookings: (result.seated + result.queued) / result.seconds,
        visitors: workload.visitors / result.seconds,
        hold: result.hold.p99,
        register: result.register.p99,
        loadCpu: result.loadCpu,
        ok: check.ok,
        statuses: result.statuses,
      });
      console.log(
        `${workload.label} · ${server.name}: ${JSON.stringify(result.statuses)} -> ${check.ok ? 'OK' : 'FALLO'}`,
      );
    } finally {
      await stop(children);
    }
  }
}

const reference = (w) => rows.find((r) => r.workload === w && r.server === 'referencia');
console.log(
  '\n| carga | servidor | reservas completadas/s | visitantes/s | p99 retener | p99 inscribir | CPU del generador | invariantes | / referencia | / pgbench |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const ref = reference(r.workload);
  console.log(
    `| ${r.workload.label} | ${r.server} | ${r.bookings.toFixed(0)} | ${r.visitors.toFixed(0)} | ${fmt(r.hold)} | ${fmt(r.register)} | ` +
      `${r.loadCpu.toFixed(2)} núcleos | ${r.ok ? 'OK' : 'FALLO'} | ${(r.bookings / ref.bookings).toFixed(2)} | ${(r.bookings / ceiling).toFixed(2)} |`,
  );
}
console.log(`\npgbench: ${ceiling.toFixed(0)} reservas/s (el techo de la base de datos para este diseño)`);
if (failed) process.exitCode = 1;
