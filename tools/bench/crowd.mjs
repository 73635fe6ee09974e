// The crowd ten times bigger (issue 24 §3): 50,000 visitors on one session of 10,000 online seats and 5,000 waiting
// places, against the production shape: two API instances (RUN_WORKERS=false, pool 4 each) and one separate worker
// process (dist/worker.js) sharing PostgreSQL, Redis and one job queue; the crowd from its own process
// (tools/bench/load.mjs), 64 in flight. E-mail goes to a real SMTP server (smtp-server) on loopback and webhooks to an
// HTTP receiver on loopback, both in this process, counting what they get. Run by tools/bench/run.mjs
// (`--only crowd50k`); it prints visitors/s, completed bookings/s, the p99 of each call, the 5xx, the invariant
// check, each process's RSS before, at its peak and after, the time from the last answer to the outboxes empty, and
// the e-mails and webhook deliveries received against the registrations.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { REDIS_URL, ROOT, checkInvariants, fmt, runCrowd, seedSession, sql, startApi } from './lib.mjs';

const ADMIN = { email: 'admin@example.com', password: 'Benchmark-Admin-1' };
/** The longest the outboxes may take to empty after the crowd before the run is failed. */
const DRAIN_LIMIT_MS = 1_800_000;
/** How often the run's database is analysed (autovacuum's default naptime), see autoAnalyze. */
const ANALYZE_EVERY_MS = 60_000;

/** Runs the crowd on a clone of the migrated template; answers whether every check held. */
export async function crowd50k({ clone, port, scale = 1, concurrency = 64 }) {
  const workload = {
    visitors: Math.round(50_000 * scale),
    seats: Math.round(10_000 * scale),
    queue: Math.round(5_000 * scale),
  };
  const db = await clone();
  const sessionId = await seedSession(db, workload);
  const smtp = await smtpCapture();
  const hooks = await webhookReceiver();
  const env = {
    DB_POOL_SIZE: '4',
    RUN_WORKERS: 'false',
    QUEUE_PREFIX: `evreg-bench-crowd-${port}`,
    WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1',
  };
  const ports = [port, port + 1];
  const processes = [];
  try {
    for (const p of ports)
      processes.push({ name: `API :${p}`, child: await startApi({ port: p, databaseUrl: db, env }) });
    processes.push({
      name: 'worker',
      child: await startWorker(db, { ...env, RUN_WORKERS: 'true', METRICS_PORT: String(port + 2) }, port + 2),
    });
    await configure(port, smtp.port, hooks.port);

    const analyzer = autoAnalyze(db);
    const before = processes.map(({ child }) => rssOf(child.pid));
    const peaks = [...before];
    const sampler = setInterval(() => {
      processes.forEach(({ child }, i) => (peaks[i] = Math.max(peaks[i], rssOf(child.pid))));
    }, 250);
    const result = await runCrowd({ ports, sessionId, visitors: workload.visitors, concurrency });
    const crowdEnded = Date.now();
    const atCrowdEnd = processes.map(({ child }) => rssOf(child.pid));
    const check = await checkInvariants(db, { sessionId, ...workload, result });
    printCrowd(workload, concurrency, result, check);

    const drained = await outboxesEmpty(db, crowdEnded);
    clearInterval(sampler);
    clearInterval(analyzer);
    const after = processes.map(({ child }) => rssOf(child.pid));
    const mail = await mailCheck(db, sessionId, smtp);
    const webhooks = await webhookCheck(db, sessionId, hooks);
    console.log(
      '\n| outboxes vacíos tras la última respuesta | tras la última inscripción | correos (direcciones distintas) / inscripciones | webhooks (ids distintos) / inscripciones |',
    );
    console.log('|---|---|---|---|');
    console.log(
      `| ${drained.ok ? `${(drained.ms / 1000).toFixed(1)} s` : `NO (${drained.pending} pendientes)`} | ` +
        `${drained.sinceLastBooking.toFixed(1)} s | ${mail.messages} (${mail.addresses}) / ${mail.expected}${mail.ok ? '' : ' FALLO'} | ` +
        `${webhooks.received} (${webhooks.ids}) / ${webhooks.expected}${webhooks.ok ? '' : ' FALLO'} |`,
    );
    console.log('\n| proceso | RSS antes | RSS al acabar la multitud | RSS máximo | RSS con los outboxes vacíos |');
    console.log('|---|---|---|---|---|');
    processes.forEach(({ name }, i) =>
      console.log(`| ${name} | ${mb(before[i])} | ${mb(atCrowdEnd[i])} | ${mb(peaks[i])} | ${mb(after[i])} |`),
    );
    return check.ok && drained.ok && mail.ok && webhooks.ok;
  } finally {
    await Promise.all(processes.map(({ child }) => stopChild(child)));
    await smtp.close();
    await hooks.close();
  }
}

/** The crowd's figures, printed as soon as it ends (the outboxes take minutes more). */
function printCrowd(workload, concurrency, result, check) {
  const completed = result.seated + result.queued;
  console.log(
    `\nMultitud ×10: ${workload.visitors} visitantes, ${workload.seats} plazas en línea, lista de espera ${workload.queue}; ` +
      `2 instancias (pool 4 cada una, RUN_WORKERS=false) y 1 worker; ${concurrency} en vuelo`,
  );
  console.log(`Respuestas: ${JSON.stringify(result.statuses)}`);
  console.log(
    '| visitantes/s | reservas completadas/s | p99 retener | p99 inscribir | 5xx | invariantes | duración | CPU del generador |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${(workload.visitors / result.seconds).toFixed(0)} | ${(completed / result.seconds).toFixed(0)} | ${fmt(result.hold.p99)} | ` +
      `${fmt(result.register.p99)} | ${result.serverErrors} | ${check.ok ? 'OK' : 'FALLO'} (${check.registered} + ${check.waiting} en espera, ` +
      `posiciones 1..n ${check.positionsOk ? 'sí' : 'NO'}) | ${result.seconds.toFixed(1)} s | ${result.loadCpu.toFixed(2)} núcleos |`,
  );
}

/** ANALYZE of the run's database every minute, as autovacuum does by default. A server with autovacuum off (this
 * project's test machines) keeps the statistics of the empty template: the planner then takes the outboxes for empty
 * and each sender's claim of the next message sorts every due row (120-160 ms a claim with 10,000 e-mails due,
 * measured), which no production server with autovacuum on would show. */
function autoAnalyze(db) {
  return setInterval(() => void sql(db, 'ANALYZE').catch(() => undefined), ANALYZE_EVERY_MS);
}

/** The separate worker process (dist/worker.js): ready when its metrics listener answers. */
async function startWorker(db, env, metricsPort) {
  const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/worker.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: db,
      REDIS_URL,
      APP_SECRET: 'benchmark-secret-benchmark-secret-benchmark',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode !== null) throw new Error(`worker exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).ok) return child;
    } catch {
      /* not up yet */
    }
  }
  child.kill();
  throw new Error('worker did not start');
}

/** As staff would: e-mail sent through the capture server, and one webhook on every registration, to the receiver. */
async function configure(port, smtpPort, hooksPort) {
  const call = async (method, path, token, body) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { accessToken } = await call('POST', '/api/auth/login', null, ADMIN);
  await call('PUT', '/api/email/settings', accessToken, {
    emailEnabled: true,
    smtpHost: '127.0.0.1',
    smtpPort,
    smtpUseSsl: false,
    emailFromAddress: 'inscripciones@example.com',
    emailFromName: 'Inscripciones',
  });
  await call('POST', '/api/webhooks', accessToken, {
    url: `http://127.0.0.1:${hooksPort}/inscripciones`,
    events: ['registration.created', 'registration.queued'],
  });
}

/** Polls the e-mail and webhook outboxes from the crowd's end until no row is pending, printing what is left each
 * minute; answers the time taken, also counted from the last registration (the database's clock). */
async function outboxesEmpty(db, since) {
  let reported = since;
  for (;;) {
    const [row] = await sql(
      db,
      `SELECT (SELECT count(*)::int FROM email_messages WHERE status = 0) AS emails,
              (SELECT count(*)::int FROM webhook_deliveries WHERE status = 0) AS hooks,
              extract(epoch FROM now() - (SELECT max(created_at) FROM registrations)) AS "sinceLastBooking"`,
    );
    const ms = Date.now() - since;
    const pending = row.emails + row.hooks;
    const sinceLastBooking = Number(row.sinceLastBooking);
    if (pending === 0) return { ok: true, ms, sinceLastBooking, pending };
    if (ms > DRAIN_LIMIT_MS) return { ok: false, ms, sinceLastBooking, pending };
    if (Date.now() - reported >= 60_000) {
      reported = Date.now();
      console.log(`  ${(ms / 1000).toFixed(0)} s: pendientes ${row.emails} correos, ${row.hooks} webhooks`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every registration's address got exactly one e-mail, and nobody else got one. */
async function mailCheck(db, sessionId, smtp) {
  const rows = await sql(db, `SELECT email FROM registrations WHERE session_id = $1`, [sessionId]);
  const once = rows.every(({ email }) => smtp.received.get(email) === 1);
  const ok = once && smtp.received.size === rows.length && smtp.messages === rows.length;
  return { ok, messages: smtp.messages, addresses: smtp.received.size, expected: rows.length };
}

/** One delivery per registration, each delivery id received (a retry repeats its id: counted once). */
async function webhookCheck(db, sessionId, hooks) {
  const [{ count }] = await sql(db, `SELECT count(*)::int AS count FROM registrations WHERE session_id = $1`, [
    sessionId,
  ]);
  return { ok: hooks.ids.size === count, received: hooks.received, ids: hooks.ids.size, expected: count };
}

/** A real SMTP server on a loopback port counting messages per recipient (the bodies are not kept). */
async function smtpCapture() {
  const capture = { messages: 0, received: new Map(), port: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        capture.messages++;
        for (const { address } of session.envelope.rcptTo)
          capture.received.set(address, (capture.received.get(address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  capture.port = server.server.address().port;
  capture.close = () => new Promise((resolve) => server.close(resolve));
  return capture;
}

/** An HTTP receiver answering 204 to every delivery, keeping the delivery ids it saw. */
async function webhookReceiver() {
  const hooks = { received: 0, ids: new Set(), port: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hooks.received++;
      hooks.ids.add(req.headers['webhook-id']);
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  hooks.port = server.address().port;
  hooks.close = () => new Promise((resolve) => server.close(resolve));
  return hooks;
}

/** Resident set size in bytes (/proc/PID/status, VmRSS). */
function rssOf(pid) {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) * 1024 : 0;
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
