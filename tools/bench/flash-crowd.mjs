// Flash crowd on one session: 1,000 online seats, a 500-place waiting list, 5,000 visitors who each hold a
// spot then register, as the booking page does, fired from a separate process. Then a read benchmark of
// GET event + sessions. Prints figures; the invariant check at the end says whether the run was correct.
//
//   npm run build && node tools/bench/flash-crowd.mjs [--instances 1] [--visitors 5000] [--concurrency 64]
//
// Needs PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL).
import { cpus } from 'node:os';
import {
  checkInvariants,
  fmt,
  freshDatabase,
  percentiles,
  pool,
  request,
  runCrowd,
  seedSession,
  startApi,
} from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const instances = arg('instances', 1);
const visitors = arg('visitors', 5000);
const concurrency = arg('concurrency', 64);
const seats = arg('seats', 1000);
const queue = arg('queue', 500);
const poolSize = arg('pool', 8);
const readRequests = arg('reads', 20000);

const db = await freshDatabase('evreg_bench');
const ports = Array.from({ length: instances }, (_, i) => 3400 + i);
const apis = [];
for (const port of ports) apis.push(await startApi({ port, databaseUrl: db, env: { DB_POOL_SIZE: String(poolSize) } }));

try {
  const sessionId = await seedSession(db, { seats, queue });

  console.log(`\nMáquina: ${cpus().length} núcleos (${cpus()[0].model}), Node ${process.version}`);
  console.log(`API: ${instances} instancia(s), pool ${poolSize} conexiones cada una; PostgreSQL y Redis locales`);
  console.log(
    `Multitud: ${visitors} visitantes, concurrencia ${concurrency}, ${seats} plazas en línea, lista de espera ${queue}\n`,
  );

  const result = await runCrowd({ ports, sessionId, visitors, concurrency });

  const completed = result.seated + result.queued;
  console.log(
    `Reservas completadas: ${completed} (${result.seated} con plaza, ${result.queued} en lista de espera), rechazadas ${result.refused}`,
  );
  console.log(
    `Tiempo: ${result.seconds.toFixed(2)} s  ->  ${(completed / result.seconds).toFixed(0)} reservas/s, ${(visitors / result.seconds).toFixed(0)} visitantes/s`,
  );
  console.log(
    `Retener  (POST /api/ticketholds):      p50 ${fmt(result.hold.p50)}  p95 ${fmt(result.hold.p95)}  p99 ${fmt(result.hold.p99)}  máx ${fmt(result.hold.max)}`,
  );
  console.log(
    `Inscribir (POST .../registrations):    p50 ${fmt(result.register.p50)}  p95 ${fmt(result.register.p95)}  p99 ${fmt(result.register.p99)}  máx ${fmt(result.register.max)}`,
  );
  console.log(`Respuestas: ${JSON.stringify(result.statuses)}`);

  const check = await checkInvariants(db, { sessionId, seats, queue, visitors, result });
  const { ok, positionsOk } = check;
  console.log(
    `Invariantes: ${check.registered} inscritos (esperado ${check.expectedSeated}), ${check.waiting} en espera (esperado ${check.expectedWaiting}), posiciones 1..n ${positionsOk ? 'sí' : 'NO'}, ` +
      `rechazados ${result.refused} (esperado ${visitors - check.expectedSeated - check.expectedWaiting}), errores 5xx ${result.serverErrors}  ->  ${ok ? 'OK' : 'FALLO'}`,
  );

  // Reads: what the booking page loads, event then sessions, from this process with keep-alive.
  const readMs = [];
  let readErrors = 0;
  const readStarted = Date.now();
  await pool(readRequests, concurrency, async (i) => {
    const port = ports[i % ports.length];
    const res = await request(port, 'GET', i % 2 ? '/api/events/1/sessions?showEventDetails=true' : '/api/events/1');
    readMs.push(res.ms);
    if (res.status !== 200) readErrors++;
  });
  const readSeconds = (Date.now() - readStarted) / 1000;
  const reads = percentiles(readMs);
  console.log(
    `\nLecturas (GET evento + sesiones): ${(readRequests / readSeconds).toFixed(0)} peticiones/s, p50 ${fmt(reads.p50)}  p99 ${fmt(reads.p99)}, errores ${readErrors}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  for (const api of apis) api.kill('SIGTERM');
}
