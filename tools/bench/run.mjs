// One command, one run, one machine: the database's ceiling (pgbench), the reference server (bare node:http + pg
// with the product's booking SQL: tools/bench/reference-server.mjs) and the product with 1 and 2 API instances,
// back to back under the same crowds, then a table of figures and ratios (product / reference, product /
// pgbench). Ratios measured in one run are what docs/performance.md compares: these machines are noisy.
//
//   npm run bench            (builds first; needs PostgreSQL at DATABASE_URL and Redis at REDIS_URL, pgbench)
//   node tools/bench/run.mjs [--concurrency 64] [--pool 8] [--only seated|rush|reads|crowd50k] [--scale 0.1] [--tag b --port 4400]
//                            [--servers reference,x1,x2] [--no-ceiling]
//   node tools/bench/run.mjs --pin [--only seated|rush] [--tag pin --port 5100]
//
// `--tag` suffixes its databases' names and `--port` moves its ports (3400 by default: products 3400-3401, the
// reference 3500, the template's migration 3390), so runs from two worktrees on one machine don't meet.
//
// Workloads: the rush (5,000 visitors for 1,000 seats and 500 waiting places) and the all-seated crowd (3,000
// visitors, 3,000 seats), whose completed bookings/s is the headline figure. Each visitor holds a spot then
// registers, as the booking page does. Invariants are checked after every run. Then `reads`: keep-alive clients
// reading the booking page's two calls (the event, its sessions) for 10 s, without and with If-None-Match, against
// the reference server's bare reads and the product (`--only reads` for that part alone).
//
// After the rush, on the product, its cost of a refusal: a late crowd on the full session (every hold and every
// registration refused) and then micro-cached reads on the same processes, the server's CPU per call of each and
// their ratio (issue 24: a refusal as cheap as a read).
//
// `--only crowd50k`, never in the default run (it takes minutes): the crowd ten times bigger, 50,000 visitors on two
// API instances and a separate worker, with e-mail and webhooks delivered to loopback (tools/bench/crowd.mjs).
//
// `--pin`, never in the default run (Linux, root: taskset): the API alone, as if the database had a machine of its
// own (issue 24 §2). PostgreSQL is pinned to CPU 1 (`taskset -a -cp 1`: the postmaster first, so the backends it
// forks inherit it, then every process of `pgrep -u postgres`), and this process, pgbench, the load generator and
// one API instance (`taskset -c 0`) run on CPU 0; then pgbench, the all-seated crowd and the rush, and a table of
// completed bookings/s, p99s, the CPU per booking of the API, PostgreSQL and the load generator (from /proc), each
// core's use (/proc/stat) and a projection: one API core alone serves about 1 / (API CPU per booking), two cores
// twice that, capped by what the database's core can do. PostgreSQL is put back on every CPU when the run ends, on
// failure and on SIGINT / SIGTERM / SIGHUP too, and each of its processes is checked (tools/bench/affinity.mjs).
// It pins a shared PostgreSQL: every database on it, not only the benchmark's, runs on one core meanwhile.
import { fork, spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { affinityOf, cpuTimes, cpuUse, ownChildren, pinPostgres, pinSelf, postgresProcesses } from './affinity.mjs';
import { crowd50k } from './crowd.mjs';
import { postgresCpuSeconds, serverCpuSeconds } from './cpu-time.mjs';
import { API_CPU, DB_CPU, printPinned } from './pinned-report.mjs';
import {
  ROOT,
  SERVER_URL,
  assertPortFree,
  checkInvariants,
  databaseUrl,
  fmt,
  freshDatabase,
  runCrowd,
  seedSession,
  sql,
  startApi,
  waitForHealth,
} from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const concurrency = Number(arg('concurrency', 64));
const poolSize = Number(arg('pool', 8));
const only = arg('only', null);
const tag = arg('tag', '');
const dbName = (name) => (tag ? `${name}_${tag}` : name);
const port = Number(arg('port', 3400));
const REFERENCE_PORT = port + 100;
/** A smaller run (e.g. 0.1) to try the command quickly; figures are only comparable at 1. */
const scale = Number(arg('scale', 1));
/** `--pin`: PostgreSQL on CPU 1, the API (one instance by default) and the load generator on CPU 0 (header). */
const pin = process.argv.includes('--pin');
/** Which servers run the crowds (all three by default, product ×1 alone with `--pin`); `x1` alone with `--no-ceiling`
 * is the quick way to profile or to compare two builds' CPU per booking (`API_MAIN`, tools/bench/lib.mjs). Ratios
 * need the reference / pgbench. */
const servers = arg('servers', pin ? 'x1' : 'reference,x1,x2').split(',');
const withCeiling = !process.argv.includes('--no-ceiling');
if (pin && only && !['seated', 'rush'].includes(only)) throw new Error('--pin runs the seated and rush crowds only');
if (pin && cpus().length !== 2)
  throw new Error(`--pin is written for a 2-core machine (this one has ${cpus().length})`);

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
  const template = await freshDatabase(dbName('evreg_bench_template'));
  const api = await startApi({ port: port - 10, databaseUrl: template });
  await stop([api]);
  return dbName('evreg_bench_template');
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
  await assertPortFree(port);
  const child = spawn(
    process.execPath,
    [join(ROOT, 'tools/bench/reference-server.mjs'), String(port), db, String(poolSize)],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return waitForHealth(child, port, { attempts: 100, intervalMs: 100, name: 'the reference server' });
}

/** pgbench on the two-statement booking (tools/bench/ceiling): bookings/s the database alone sustains. */
function pgbenchCeiling() {
  const dir = join(ROOT, 'tools/bench/ceiling');
  const name = dbName('evreg_bench_ceiling');
  const url = databaseUrl(name);
  spawnSync('psql', [
    SERVER_URL,
    '-qc',
    `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
    '-c',
    `CREATE DATABASE ${name}`,
  ]);
  const schema = spawnSync('psql', [url, '-q', '-f', join(dir, 'schema.sql')], { encoding: 'utf8' });
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
      url,
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

const SERVERS = [
  {
    key: 'reference',
    name: 'referencia',
    start: async (db) => [await startReference(REFERENCE_PORT, db)],
    ports: [REFERENCE_PORT],
  },
  {
    key: 'x1',
    name: 'producto ×1',
    start: async (db) => [
      await startApi({
        port,
        databaseUrl: db,
        env: { DB_POOL_SIZE: String(poolSize) },
        cpu: pin ? API_CPU : null,
      }),
    ],
    ports: [port],
  },
  {
    key: 'x2',
    name: 'producto ×2',
    start: async (db) =>
      Promise.all(
        [port, port + 1].map((port) =>
          startApi({
            port,
            databaseUrl: db,
            env: { DB_POOL_SIZE: String(Math.max(1, poolSize / 2)) },
            cpu: pin ? API_CPU : null,
          }),
        ),
      ),
    ports: [port, port + 1],
  },
].filter((server) => servers.includes(server.key));

let pinning = null;
if (pin) {
  pinSelf(String(API_CPU));
  console.log(`Este proceso y lo que arranca (API, generador de carga, pgbench) en la CPU ${API_CPU}`);
  pinning = pinPostgres(DB_CPU, {
    // A signal ends the run: this process's children (the API, the load generator, pgbench) end with it.
    onSignal: () => ownChildren().forEach((pid) => process.kill(pid, 'SIGTERM')),
  });
}
const rows = [];
const refusalRows = [];
let failed = false;
let ceiling;
try {
  ceiling = WORKLOADS.length && withCeiling ? pgbenchCeiling() : NaN;
  if (WORKLOADS.length && withCeiling)
    console.log(
      `pgbench (sin HTTP, dos sentencias por reserva, ${poolSize} clientes${pin ? `, PostgreSQL en la CPU ${DB_CPU} y pgbench en la ${API_CPU}` : ''}): ${ceiling.toFixed(0)} reservas/s\n`,
    );
  await crowds();
} finally {
  pinning?.restore();
}

const reference = (w) => rows.find((r) => r.workload === w && r.server === 'referencia');
if (pin) printPinned({ rows, concurrency, poolSize, ceiling, withCeiling });
else if (rows.length) {
  console.log(
    '\n| carga | servidor | reservas completadas/s | visitantes/s | p99 retener | p99 inscribir | CPU del servidor por reserva | CPU de PostgreSQL por reserva | CPU del generador | invariantes | / referencia | / pgbench |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ref = reference(r.workload) ?? { bookings: NaN };
    console.log(
      `| ${r.workload.label} | ${r.server} | ${r.bookings.toFixed(0)} | ${r.visitors.toFixed(0)} | ${fmt(r.hold)} | ${fmt(r.register)} | ` +
        `${r.serverMs.toFixed(2)} ms | ${r.dbMs.toFixed(2)} ms | ` +
        `${r.loadCpu.toFixed(2)} núcleos | ${r.ok ? 'OK' : 'FALLO'} | ${(r.bookings / ref.bookings).toFixed(2)} | ${(r.bookings / ceiling).toFixed(2)} |`,
    );
  }
  console.log(`\npgbench: ${ceiling.toFixed(0)} reservas/s (el techo de la base de datos para este diseño)`);
}
if (refusalRows.length) {
  console.log(
    '\nRechazos tras la avalancha (sesión y lista de espera llenas: cada retención y cada inscripción rechazada) frente a lecturas con microcaché, en los mismos procesos; objetivo: rechazo ≤ 2 × lectura',
  );
  console.log(
    '| servidor | llamadas rechazadas | CPU del servidor por rechazo | CPU de PostgreSQL por rechazo | lecturas | CPU del servidor por lectura | rechazo / lectura | estados |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of refusalRows) {
    console.log(
      `| ${r.server} | ${r.calls} | ${r.refusedUs.toFixed(0)} µs | ${r.refusedDbUs.toFixed(0)} µs | ${r.reads} | ${r.readUs.toFixed(0)} µs | ` +
        `${(r.refusedUs / r.readUs).toFixed(2)} | ${JSON.stringify(r.statuses)} |`,
    );
  }
}

if (!pin && (!only || only === 'reads')) failed = (await readsWorkload()) || failed;
if (only === 'crowd50k') {
  const clone = () => cloneOf(template, dbName('evreg_bench_run'));
  failed = !(await crowd50k({ clone, port, scale, concurrency })) || failed;
}
if (failed) process.exitCode = 1;

/** Every workload on every server: the crowd, its CPU, the invariants; one row each into `rows`. */
async function crowds() {
  for (const workload of WORKLOADS) {
    for (const server of SERVERS) {
      const db = await cloneOf(template, dbName('evreg_bench_run'));
      const sessionId = await seedSession(db, workload);
      const children = await server.start(db);
      try {
        const cpuBefore = { server: serverCpuSeconds(children), db: postgresCpuSeconds(), cores: cpuTimes() };
        const result = await runCrowd({ ports: server.ports, sessionId, visitors: workload.visitors, concurrency });
        const cores = cpuUse(cpuBefore.cores, cpuTimes());
        const completed = result.seated + result.queued;
        const serverMs = ((serverCpuSeconds(children) - cpuBefore.server) / completed) * 1e3;
        const dbMs = ((postgresCpuSeconds() - cpuBefore.db) / completed) * 1e3;
        const affinity = {
          api: [...new Set(children.map((child) => affinityOf(child.pid)))].join(' '),
          load: result.affinity,
          db: [...new Set(postgresProcesses().all.map(affinityOf).filter(Boolean))].join(' '),
        };
        const check = await checkInvariants(db, { sessionId, ...workload, result });
        failed ||= !check.ok;
        rows.push({
          workload,
          server: server.name,
          bookings: completed / result.seconds,
          serverMs,
          dbMs,
          visitors: workload.visitors / result.seconds,
          hold: result.hold.p99,
          register: result.register.p99,
          loadCpu: result.loadCpu,
          loadMs: ((result.loadCpu * result.seconds) / completed) * 1e3,
          cores,
          affinity,
          ok: check.ok,
          statuses: result.statuses,
        });
        console.log(
          `${workload.label} · ${server.name}: ${JSON.stringify(result.statuses)} -> ${check.ok ? 'OK' : 'FALLO'}` +
            (pin
              ? ` (CPU permitidas: API ${affinity.api}, generador ${affinity.load}, PostgreSQL ${affinity.db})`
              : ''),
        );
        if (workload.name === 'rush' && server.name !== 'referencia' && !pin) {
          const cost = await refusalCost(children, server.ports, sessionId, workload.visitors);
          failed ||= !cost.ok;
          refusalRows.push({ server: server.name, ...cost });
        }
      } finally {
        await stop(children);
      }
    }
  }
}

/** The booking page's two reads (an event with three sessions), `concurrency` keep-alive readers for 10 s each run:
 * the reference server's bare reads (one query per request, no cache), then the product with and without
 * If-None-Match, one instance and two. A 5xx or a refused connection fails the command. */
async function readsWorkload() {
  const paths = ['/api/events/1', '/api/events/1/sessions?showEventDetails=true'];
  const seconds = Math.max(2, Math.round(10 * scale));
  const product = (ports) => async (db) =>
    Promise.all(
      ports.map((port) =>
        startApi({ port, databaseUrl: db, env: { DB_POOL_SIZE: String(Math.max(1, poolSize / ports.length)) } }),
      ),
    );
  const runs = [
    {
      server: 'referencia',
      conditional: false,
      start: async (db) => [await startReference(REFERENCE_PORT, db)],
      ports: [REFERENCE_PORT],
    },
    { server: 'producto ×1', conditional: false, start: product([port]), ports: [port] },
    { server: 'producto ×1', conditional: true, start: product([port]), ports: [port] },
    { server: 'producto ×2', conditional: false, start: product([port, port + 1]), ports: [port, port + 1] },
    { server: 'producto ×2', conditional: true, start: product([port, port + 1]), ports: [port, port + 1] },
  ];
  const results = [];
  let bad = false;
  for (const run of runs) {
    const db = await cloneOf(template, dbName('evreg_bench_run'));
    const sessionId = await seedSession(db, { seats: 1000, queue: 100 });
    await sql(
      db,
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots)
       SELECT event_id, start_date + n, end_date + n, start_time, end_time, starts_at + n * interval '1 day', ends_at + n * interval '1 day', 500, 20, 50
         FROM event_sessions, generate_series(1, 2) AS n WHERE id = $1`,
      [sessionId],
    );
    const children = await run.start(db);
    try {
      const cpuBefore = serverCpuSeconds(children);
      const result = await readLoad(run.ports, paths, seconds, run.conditional);
      const errors = Object.entries(result.statuses).filter(([status]) => status === '0' || Number(status) >= 500);
      bad ||= errors.length > 0;
      results.push({
        ...run,
        ...result,
        serverCpuUs: ((serverCpuSeconds(children) - cpuBefore) / result.requests) * 1e6,
      });
      console.log(
        `lecturas · ${run.server}${run.conditional ? ' · If-None-Match' : ''}: ${JSON.stringify(result.statuses)}`,
      );
    } finally {
      await stop(children);
    }
  }
  const ref = results.find((r) => r.server === 'referencia');
  console.log(
    `\nLecturas (GET ${paths.join(' y GET ')}, ${concurrency} clientes keep-alive, ${seconds} s por fila; objetivo ≥ 10.000/s, p99 < 50 ms)`,
  );
  console.log(
    '| servidor | If-None-Match | peticiones/s | p50 | p99 | 304 | bytes/respuesta | CPU del servidor por petición | CPU del generador | / referencia |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const notModified = (r.statuses['304'] ?? 0) / r.requests;
    console.log(
      `| ${r.server} | ${r.conditional ? 'sí' : 'no'} | ${r.perSecond.toFixed(0)} | ${fmt(r.latency.p50)} | ${fmt(r.latency.p99)} | ` +
        `${(notModified * 100).toFixed(0)} % | ${r.bytesPerRequest.toFixed(0)} | ${r.serverCpuUs.toFixed(0)} µs | ` +
        `${r.loadCpu.toFixed(2)} núcleos | ${(r.perSecond / ref.perSecond).toFixed(2)} |`,
    );
  }
  return bad;
}

/** The keep-alive readers of tools/bench/read-load.mjs, in their own process, for `seconds`. */
function readLoad(ports, paths, seconds, conditional) {
  return new Promise((resolve, reject) => {
    const child = fork(join(ROOT, 'tools/bench/read-load.mjs'), [
      ports.join(','),
      paths.join(','),
      String(seconds),
      String(concurrency),
      conditional ? '1' : '0',
    ]);
    child.on('message', resolve);
    child.on('exit', (code) => code && reject(new Error(`read-load exited ${code}`)));
  });
}

/** After the rush, on the same processes: a late crowd refused whole (its holds NO_SPOTS, its registrations FULL),
 * then the booking page's reads (micro-cached) for a few seconds; the server's CPU per call of each. Fails unless
 * every late call was a 409. */
async function refusalCost(children, ports, sessionId, first) {
  const visitors = Math.max(100, Math.round(4000 * scale));
  let server = serverCpuSeconds(children);
  const db = postgresCpuSeconds();
  const crowd = await runCrowd({ ports, sessionId, visitors, concurrency, first });
  const calls = visitors * 2;
  const refusedUs = ((serverCpuSeconds(children) - server) / calls) * 1e6;
  const refusedDbUs = ((postgresCpuSeconds() - db) / calls) * 1e6;
  server = serverCpuSeconds(children);
  const reads = await readLoad(ports, ['/api/events/1', '/api/events/1/sessions?showEventDetails=true'], 5, false);
  const readUs = ((serverCpuSeconds(children) - server) / reads.requests) * 1e6;
  const ok = crowd.refused === visitors && crowd.statuses['hold 409'] === visitors && crowd.serverErrors === 0;
  return { calls, refusedUs, refusedDbUs, reads: reads.requests, readUs, ok, statuses: crowd.statuses };
}
