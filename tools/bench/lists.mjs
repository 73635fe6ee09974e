// The back office's lists at real sizes (issue 15; docs/domain.md, "Lists at real sizes"): a throwaway database
// with 10,000 staff users (over 40 departments and 20 roles) and 2,000 events (three sessions each), seeded by SQL,
// then each list call through HTTP with the administrator's token, one request at a time, as a browser asks:
// users and events page 1, deep pages, every sortable column, searches, the public list, and the whole-list reads
// that remain (roles, departments, templates, and the unpaged users and events answers integrators may still ask
// for). Prints one table, a row per call: rows returned, total, median / p95 / max and bytes (on the wire with br,
// and the JSON). The target: every page under a second; the command fails if one took longer. Figures:
// docs/performance.md, "Lists at real sizes".
//
//   npm run bench:lists      (builds first)
//   node tools/bench/lists.mjs [--reps 40] [--whole-reps 5] [--users 10000] [--events 2000] [--keep]
//
// Calls are timed round-robin (one request of each call, then the next round), so a burst of another process's
// load spreads over all calls instead of landing on one. Every call is made once first, untimed. The API runs with
// PUBLIC_READ_CACHE_MS=0, so the public list is computed on every request (a micro-cache miss, its worst case);
// staff requests carry Authorization and are never cached anyway. `--keep` leaves the database evreg_bench_lists
// for EXPLAIN ANALYZE. Needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as the other benchmarks.
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_URL, freshDatabase, sql, startApi, numberArg, stopApiAndDatabase } from './lib.mjs';

const reps = numberArg('reps', 40);
const wholeReps = Math.min(reps, numberArg('whole-reps', 5));
const userCount = numberArg('users', 10_000);
const eventCount = numberArg('events', 2_000);
const keep = process.argv.includes('--keep');
const PORT = 3420;
const DATABASE = 'evreg_bench_lists';
const DEPARTMENTS = 40;
const ROLES = 20;
const SESSIONS_PER_EVENT = 3;

// Spanish names, cities and words, so that searches and text sorts meet realistic data.
// prettier-ignore
const FIRST_NAMES = [
  'María', 'José', 'Antonio', 'Carmen', 'Ana', 'Manuel', 'Laura', 'Francisco', 'Isabel', 'David', 'Lucía', 'Javier',
  'Marta', 'Daniel', 'Elena', 'Pablo', 'Cristina', 'Sergio', 'Pilar', 'Alejandro', 'Rosa', 'Carlos', 'Paula',
  'Miguel', 'Raquel', 'Jorge', 'Nuria', 'Álvaro', 'Silvia', 'Rubén', 'Beatriz', 'Iñigo', 'Ainhoa', 'Óscar', 'Noelia',
  'Adrián', 'Irene', 'Hugo', 'Sara', 'Víctor',
];
// prettier-ignore
const SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro',
  'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez',
  'Ortega', 'Delgado', 'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez', 'Iglesias', 'Medina', 'Garrido',
  'Cortés', 'Castillo', 'Santos', 'Lozano', 'Guerrero', 'Cano', 'Prieto',
];
const AREAS = ['Cultura', 'Deportes', 'Juventud', 'Educación', 'Turismo', 'Bibliotecas', 'Mayores', 'Medio Ambiente'];
// prettier-ignore
const CITIES = [
  'Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Murcia', 'Palma', 'Bilbao', 'Alicante',
  'Córdoba', 'Valladolid', 'Vigo', 'Gijón', 'Granada', 'Vitoria', 'A Coruña', 'Pamplona', 'Santander', 'Burgos',
  'Salamanca', 'Cuenca', 'Toledo', 'Cáceres', 'León',
];
const KINDS = ['Concierto', 'Taller', 'Visita guiada', 'Charla', 'Teatro', 'Exposición', 'Ruta', 'Cine', 'Curso'];
// prettier-ignore
const TOPICS = [
  'de primavera', 'para familias', 'de jazz', 'de fotografía', 'del casco antiguo', 'de cerámica', 'de astronomía',
  'de flamenco', 'de escritura', 'de robótica', 'de otoño', 'de música antigua', 'de teatro leído', 'en la ribera',
];
const PLACES = [
  'Auditorio',
  'Centro cívico',
  'Biblioteca central',
  'Casa de cultura',
  'Museo municipal',
  'Plaza mayor',
];

async function seed(db) {
  const started = Date.now();
  // ListIndexes is what makes a page cheap: if it is missing, the figures below mean nothing.
  const indexes = await sql(db, `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname LIKE '%\\_list\\_idx'`);
  if (indexes[0].n < 7) throw new Error(`the ListIndexes migration is missing (${indexes[0].n} list indexes)`);

  await sql(
    db,
    `INSERT INTO departments (name)
     SELECT a.area || ' · Distrito ' || d FROM unnest($1::text[]) AS a(area), generate_series(1, $2::int) AS d`,
    [AREAS, DEPARTMENTS / AREAS.length],
  );
  await sql(
    db,
    `INSERT INTO roles (name, description)
     SELECT 'Rol ' || lpad(n::text, 2, '0'), 'Rol de prueba ' || n FROM generate_series(1, $1::int) AS n`,
    [ROLES],
  );
  // Each test role gets about a third of the catalogue, a different third each.
  await sql(
    db,
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT r.id, p.id FROM roles r CROSS JOIN permissions p
      WHERE r.name LIKE 'Rol %' AND abs(hashtext(r.name || p.name)) % 3 = 0`,
  );
  // Users created over the last 10,000 minutes, one in 25 without a department; the password hash is not a valid
  // one, so nobody can sign in as them (the benchmark signs in as the administrator only).
  await sql(
    db,
    `INSERT INTO users (email, password_hash, first_name, last_name, department_id, email_confirmed,
                        lockout_enabled, must_change_password, created_at)
     SELECT 'usuario' || lpad(n::text, 5, '0') || '@example.com', 'no-valido',
            ($1::text[])[1 + n % cardinality($1::text[])],
            ($2::text[])[1 + (n * 7) % cardinality($2::text[])] || ' ' || ($2::text[])[1 + (n / 50 + n * 13) % cardinality($2::text[])],
            CASE WHEN n % 25 = 0 THEN NULL ELSE (SELECT min(id) FROM departments) + n % $4::int END,
            n % 50 <> 0, n % 97 = 0, n % 10 = 0, now() - make_interval(mins => $3::int - n)
       FROM generate_series(1, $3::int) AS n`,
    [FIRST_NAMES, SURNAMES, userCount, DEPARTMENTS],
  );
  // One role each, one in five a second one.
  await sql(
    db,
    `WITH r AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS i FROM roles WHERE name LIKE 'Rol %'),
          u AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'usuario%')
     INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, r.id FROM u JOIN r ON r.i = u.n % $1::int
     UNION ALL
     SELECT u.id, r.id FROM u JOIN r ON r.i = (u.n + 7) % $1::int WHERE u.n % 5 = 0`,
    [ROLES],
  );
  // Events created over the last 2,000 hours: a third drafts, a tenth cancelled, the rest Live; an HTML description
  // of a few paragraphs (the search reads its text).
  await sql(
    db,
    `INSERT INTO events (id, title, description, event_category_id, city, address, place, postal_code, status,
                         is_public, price, organizer_name, created_at, updated_at)
     SELECT n, ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || ($2::text[])[1 + (n * 3) % cardinality($2::text[])] || ' nº ' || n,
            '<p>Actividad <strong>' || ($2::text[])[1 + (n * 3) % cardinality($2::text[])] || '</strong> organizada por el área de ' ||
              ($5::text[])[1 + n % cardinality($5::text[])] || '.</p><p>' || repeat('Plazas limitadas; inscripción previa obligatoria. ', 4) ||
              '</p><ul><li>Duración: ' || (1 + n % 3) || ' horas</li><li>Accesible</li></ul>',
            (SELECT min(id) FROM event_categories) + n % 8,
            ($3::text[])[1 + (n * 3) % cardinality($3::text[])], 'Calle Mayor ' || (n % 120 + 1),
            ($4::text[])[1 + n % cardinality($4::text[])], lpad((28000 + n % 900)::text, 5, '0'),
            CASE WHEN n % 10 = 0 THEN 2 WHEN n % 3 = 0 THEN 0 ELSE 1 END, n % 7 <> 0, (n % 5) * 2.5,
            'Área de ' || ($5::text[])[1 + n % cardinality($5::text[])],
            now() - make_interval(hours => $6::int - n), now() - make_interval(hours => $6::int - n)
       FROM generate_series(1, $6::int) AS n`,
    [KINDS, TOPICS, CITIES, PLACES, AREAS, eventCount],
  );
  // Three sessions each, from 60 days ago to a year ahead, partly booked.
  await sql(
    db,
    `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at,
                                 max_attendees, reserved_spots, max_queue_spots, online_registered,
                                 reserved_registered, queue_count)
     SELECT e.id, d.day, d.day, '18:00', '20:00', d.day + time '18:00', d.day + time '20:00',
            100, 10, 20, (e.id * k) % 91, e.id % 11, CASE WHEN (e.id * k) % 91 = 90 THEN e.id % 21 ELSE 0 END
       FROM events e CROSS JOIN generate_series(1, $1::int) AS k
      CROSS JOIN LATERAL (SELECT current_date + ((e.id * 17 + k * 29) % 425 - 60) AS day) d`,
    [SESSIONS_PER_EVENT],
  );
  await sql(db, 'ANALYZE');
  const [counts] = await sql(
    db,
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM departments) AS departments,
            (SELECT count(*)::int FROM roles) AS roles, (SELECT count(*)::int FROM events) AS events,
            (SELECT count(*)::int FROM event_sessions) AS sessions, (SELECT count(*)::int FROM email_templates) AS templates`,
  );
  return { ...counts, seconds: (Date.now() - started) / 1000 };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET as the back office's browser sends it (token, br or gzip accepted): the time to the last byte, the
 * bytes on the wire and of the JSON, and the JSON (decoded after the clock stops). */
function get(path, token) {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
    if (token) headers.authorization = `Bearer ${token}`;
    const started = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port: PORT, method: 'GET', path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const raw = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode, ms, wireBytes: wire.length, jsonBytes: raw.length, body: raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Nearest rank: with 40 samples the p95 is the 38th, not the maximum. */
function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kb = (bytes) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const thousands = (n) => n.toLocaleString('en-US');

const lastUserPage = Math.ceil((userCount + 1) / 20);
const lastEventPage = Math.ceil(eventCount / 20);
const midUserPage = Math.min(250, lastUserPage);
const midEventPage = Math.min(50, lastEventPage);

/** [label, path, kind]: `page` answers must be under a second; `whole` are read fewer times. */
const CALLS = [
  ['usuarios, página 1 (por creación)', '/api/user?page=1&pageSize=20', 'page'],
  [`usuarios, página ${midUserPage}`, `/api/user?page=${midUserPage}&pageSize=20`, 'page'],
  [`usuarios, página ${lastUserPage} (la última)`, `/api/user?page=${lastUserPage}&pageSize=20`, 'page'],
  ...['lastName', 'firstName', 'email', 'departmentName', 'createdAt'].map((sort) => [
    `usuarios, sort=${sort}, página 1`,
    `/api/user?page=1&pageSize=20&sort=${sort}&order=asc`,
    'page',
  ]),
  ['usuarios, sort=lastName desc, página 1', '/api/user?page=1&pageSize=20&sort=lastName&order=desc', 'page'],
  [
    `usuarios, sort=departmentName, página ${midUserPage}`,
    `/api/user?page=${midUserPage}&pageSize=20&sort=departmentName&order=asc`,
    'page',
  ],
  ['usuarios, 100 por página, sort=lastName', '/api/user?page=1&pageSize=100&sort=lastName', 'page'],
  ['usuarios, search=garcía (muchos)', `/api/user?page=1&pageSize=20&search=${encodeURIComponent('garcía')}`, 'page'],
  ['usuarios, search=usuario04321 (uno)', '/api/user?page=1&pageSize=20&search=usuario04321', 'page'],
  [
    'usuarios, search=distrito 3 (departamento)',
    `/api/user?page=1&pageSize=20&search=${encodeURIComponent('distrito 3')}&sort=lastName`,
    'page',
  ],
  ['usuarios, search=nadie (ninguno)', '/api/user?page=1&pageSize=20&search=zzzz-nadie', 'page'],
  ['eventos, página 1 (más recientes)', '/api/events?page=1&pageSize=20', 'page'],
  [`eventos, página ${midEventPage}`, `/api/events?page=${midEventPage}&pageSize=20`, 'page'],
  [`eventos, página ${lastEventPage} (la última)`, `/api/events?page=${lastEventPage}&pageSize=20`, 'page'],
  ...['createdAt', 'id', 'title', 'city', 'status', 'price'].map((sort) => [
    `eventos, sort=${sort}, página 1`,
    `/api/events?page=1&pageSize=20&sort=${sort}&order=asc`,
    'page',
  ]),
  [
    `eventos, sort=title desc, página ${midEventPage}`,
    `/api/events?page=${midEventPage}&pageSize=20&sort=title&order=desc`,
    'page',
  ],
  ['eventos, 100 por página', '/api/events?page=1&pageSize=100', 'page'],
  ['eventos, search=madrid (ciudad)', '/api/events?page=1&pageSize=20&search=madrid', 'page'],
  ['eventos, search=jazz (título)', '/api/events?page=1&pageSize=20&search=jazz', 'page'],
  [
    'eventos, search=inscripción previa (todos, en la descripción)',
    `/api/events?page=1&pageSize=20&search=${encodeURIComponent('inscripción previa')}`,
    'page',
  ],
  ['eventos, search=turismo (solo en la descripción)', '/api/events?page=1&pageSize=20&search=turismo', 'page'],
  ['eventos, search=nada (ninguno)', '/api/events?page=1&pageSize=20&search=zzzz-nada', 'page'],
  ['eventos públicos, página 1 (sin token)', '/api/events?public=true&pageSize=20', 'public'],
  ['eventos públicos, página 40 (sin token)', '/api/events?public=true&pageSize=20&page=40', 'public'],
  ['eventos públicos, search=madrid (sin token)', '/api/events?public=true&pageSize=20&search=madrid', 'public'],
  ['roles (lista entera)', '/api/role', 'whole'],
  ['departamentos (lista entera)', '/api/department', 'whole'],
  ['plantillas de e-mail (lista entera)', '/api/email-templates', 'whole'],
  ['usuarios sin paginar (la respuesta de antes)', '/api/user', 'whole'],
  ['eventos sin paginar (la respuesta de antes)', '/api/events', 'whole'],
];

const db = await freshDatabase(DATABASE);
let api;
try {
  api = await startApi({ port: PORT, databaseUrl: db, env: { PUBLIC_READ_CACHE_MS: '0' } });
  const counts = await seed(db);
  const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Benchmark-Admin-1' }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const { accessToken } = await login.json();

  const [{ server_version: version }] = await sql(SERVER_URL, 'SHOW server_version');
  console.log(
    `\nMáquina: ${cpus().length} núcleos (${cpus()[0].model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL ${version}`,
  );
  console.log(
    `Datos: ${thousands(counts.users)} usuarios, ${counts.departments} departamentos, ${counts.roles} roles, ` +
      `${thousands(counts.events)} eventos, ${thousands(counts.sessions)} sesiones, ${counts.templates} plantillas ` +
      `(sembrados en ${counts.seconds.toFixed(1)} s)`,
  );
  console.log(
    `Medición: ${reps} peticiones por llamada (${wholeReps} las listas enteras), una a una, por rondas; carga media al empezar ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );

  const samples = new Map(CALLS.map(([label]) => [label, []]));
  const last = new Map();
  const token = (kind) => (kind === 'public' ? undefined : accessToken);
  // Once each, untimed: plans cached, pool warm, JIT done.
  for (const [label, path, kind] of CALLS) {
    const answer = await get(path, token(kind));
    if (answer.status !== 200) throw new Error(`${label}: GET ${path} answered ${answer.status} ${answer.body}`);
  }
  for (let round = 0; round < reps; round++) {
    for (const [label, path, kind] of CALLS) {
      if (kind === 'whole' && round >= wholeReps) continue;
      const answer = await get(path, token(kind));
      if (answer.status !== 200) throw new Error(`${label}: GET ${path} answered ${answer.status}`);
      samples.get(label).push(answer.ms);
      last.set(label, answer);
    }
  }
  const loadAfter = loadavg();

  console.log(
    `\n| llamada | filas | total | mediana | p95 | máx. | bytes (br) | bytes (JSON) |\n|---|---|---|---|---|---|---|---|`,
  );
  const slowPages = [];
  for (const [label, path, kind] of CALLS) {
    const times = samples.get(label).sort((a, b) => a - b);
    const answer = last.get(label);
    const body = JSON.parse(answer.body.toString('utf8'));
    const rows = Array.isArray(body) ? body.length : body.items.length;
    const total = Array.isArray(body) ? body.length : body.totalCount;
    const p95 = percentile(times, 95);
    if (kind !== 'whole' && times[times.length - 1] > 1000) slowPages.push({ label, path, p95 });
    console.log(
      `| ${label} | ${thousands(rows)} | ${thousands(total)} | ${ms(percentile(times, 50))} ms | ${ms(p95)} ms | ` +
        `${ms(times[times.length - 1])} ms | ${kb(answer.wireBytes)} | ${kb(answer.jsonBytes)} |`,
    );
  }
  console.log(`\nCarga media al terminar: ${loadAfter.map((l) => l.toFixed(2)).join(' / ')}`);
  if (slowPages.length) {
    console.log(`Páginas que pasaron de un segundo alguna vez: ${slowPages.map((s) => s.label).join('; ')}`);
    process.exitCode = 1;
  } else console.log('Todas las páginas por debajo de un segundo en cada petición.');
} finally {
  await stopApiAndDatabase(api, DATABASE, keep);
}
