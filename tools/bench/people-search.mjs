// The staff search of people without accents (issue 31 §3; docs/domain.md, "Registros: finding and slicing people"):
// a throwaway database with --rows registrations (default 20,000, Spanish names with and without accents) over 100
// sessions, then Registros' search through HTTP with the administrator's token, one request at a time, for names
// typed with and without accents, a DNI and an event word; and the same WHERE by SQL under EXPLAIN ANALYZE, to show
// which index serves it. Prints, per search: rows found, median / p95 of the HTTP page, the SQL count's execution
// time (EXPLAIN ANALYZE) now and with the search as it was before (ILIKE with accents: its time and what it found),
// and the plan's scans. The target: a page under 300 ms at 20,000 registrations; the command fails if one took longer.
// Figures: docs/performance.md, "Searching people without accents".
//
//   npm run build && node tools/bench/people-search.mjs [--rows 20000] [--reps 20] [--keep]
//
// Needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as the other benchmarks. `--keep` leaves the database
// evreg_bench_people for more EXPLAIN.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT, SERVER_URL, fmt, freshDatabase, percentiles, request, sql, startApi, numberArg } from './lib.mjs';

const rows = numberArg('rows', 20_000);
const reps = numberArg('reps', 20);
const keep = process.argv.includes('--keep');
const PORT = 3487;
const DATABASE = 'evreg_bench_people';
const TARGET_MS = 300;
const require = createRequire(import.meta.url);
const { registrationListWhere } = require(join(ROOT, 'apps/api/dist/modules/registrations/registration-list.query.js'));

// prettier-ignore
const FIRST = ['María', 'José', 'Íñigo', 'Ana', 'Álvaro', 'Lucía', 'Óscar', 'Begoña', 'Jesús', 'Inés', 'Raúl', 'Sofía',
  'Martín', 'Nuria', 'Pablo', 'Elena', 'Adrián', 'Noelia', 'Hugo', 'Sara'];
// prettier-ignore
const LAST = ['García', 'Pérez', 'Muñoz', 'Ibáñez', 'Gómez', 'Núñez', 'Martínez', 'López', 'Sánchez', 'Fernández',
  'Ruiz', 'Díaz', 'Moreno', 'Álvarez', 'Romero', 'Alonso', 'Gil', 'Serrano', 'Blanco', 'Castro', 'Ortega', 'Rubio',
  'Marín', 'Sanz', 'Iglesias', 'Medina', 'Garrido', 'Cortés', 'Santos', 'Lozano'];
const count = (where) =>
  `SELECT count(*) FROM registrations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = s.event_id WHERE ${where}`;
const BEFORE = `(r.email ILIKE $1 OR r.first_name ILIKE $1 OR r.last_name ILIKE $1 OR (r.first_name || ' ' || r.last_name) ILIKE $1
  OR r.user_tax_id ILIKE $1 OR r.telephone_number ILIKE $1 OR e.title ILIKE $1)`;
const SEARCHES = ['garcia', 'García', 'inigo', 'iñigo', 'ÍÑIGO ibanez', 'munoz begona', '00012345', 'astronomia'];

async function seed(db) {
  await sql(
    db,
    `INSERT INTO events (id, title, description, city, status)
     SELECT n, (ARRAY['Taller de astronomía', 'Concierto de Año Nuevo', 'Ruta por el casco antiguo', 'Charla de cerámica'])[1 + n % 4] || ' ' || n,
            '<p>Descripción</p>', 'Madrid', 1
       FROM generate_series(1, 25) AS n`,
  );
  await sql(
    db,
    `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, is_all_day, starts_at, ends_at,
                                 max_attendees, reserved_spots, max_queue_spots, online_registered)
     SELECT 1 + n % 25, current_date + 30, current_date + 30, '10:00', '12:00', false,
            (current_date + 30 + time '10:00') AT TIME ZONE 'Europe/Madrid', (current_date + 30 + time '12:00') AT TIME ZONE 'Europe/Madrid',
            $1::int, 0, 0, 0
       FROM generate_series(1, 100) AS n`,
    [rows],
  );
  await sql(
    db,
    `INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number, registered_at)
     SELECT (SELECT min(id) FROM event_sessions) + n % 100, 0,
            ($1::text[])[1 + n % cardinality($1::text[])],
            ($2::text[])[1 + (n * 7) % cardinality($2::text[])] || ' ' || ($2::text[])[1 + (n / 30 + n * 13) % cardinality($2::text[])],
            'persona' || n || '@example.com', lpad(n::text, 8, '0') || 'T', '6' || lpad(n::text, 8, '0'),
            now() - make_interval(mins => n)
       FROM generate_series(1, $3::int) AS n`,
    [FIRST, LAST, rows],
  );
  await sql(
    db,
    `UPDATE event_sessions s SET online_registered = (SELECT count(*) FROM registrations r WHERE r.session_id = s.id)`,
  );
  await sql(db, 'ANALYZE');
}

/** The plan's scans on registrations, in short: 'Bitmap Index Scan on registrations_people_search_idx' or 'Seq Scan'. */
function scans(plan) {
  const found = [];
  const walk = (node) => {
    if (
      /Scan/.test(node['Node Type']) &&
      (node['Relation Name'] === 'registrations' || node['Index Name']?.startsWith('registrations'))
    )
      found.push(node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return [...new Set(found)].join(', ');
}

const db = await freshDatabase(DATABASE);
let api;
let slow = false;
try {
  api = await startApi({ port: PORT, databaseUrl: db });
  const started = Date.now();
  await seed(db);
  const login = await request(PORT, 'POST', '/api/auth/login', {
    email: 'admin@example.com',
    password: 'Benchmark-Admin-1',
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  const auth = { authorization: `Bearer ${login.body.accessToken}` };
  const [{ server_version: version }] = await sql(SERVER_URL, 'SHOW server_version');
  console.log(
    `\nMáquina: ${cpus().length} núcleos, Node ${process.version}, PostgreSQL ${version}; carga media ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Datos: ${rows.toLocaleString('es-ES')} inscripciones en 100 sesiones (sembradas en ${((Date.now() - started) / 1000).toFixed(1)} s); ${reps} peticiones por búsqueda\n`,
  );
  console.log('búsqueda             | filas | página HTTP p50 / p95 | count SQL | antes: ILIKE     | plan');
  console.log('---------------------|-------|-----------------------|-----------|------------------|-----');
  for (const search of SEARCHES) {
    const path = `/api/events/registrations?page=1&pageSize=20&search=${encodeURIComponent(search)}`;
    await request(PORT, 'GET', path, undefined, auth);
    const http = [];
    let total = 0;
    for (let i = 0; i < reps; i++) {
      const res = await request(PORT, 'GET', path, undefined, auth);
      if (res.status !== 200) throw new Error(`${search}: ${res.status}`);
      total = res.body.totalCount;
      http.push(res.ms);
    }
    const { where, params } = registrationListWhere({ search });
    const [
      {
        'QUERY PLAN': [explained],
      },
    ] = await sql(db, `EXPLAIN (ANALYZE, FORMAT JSON) ${count(where)}`, params);
    // The search as it was before PeopleSearch: ILIKE on each column, with accents, no index to serve it.
    const [
      {
        'QUERY PLAN': [before],
      },
    ] = await sql(db, `EXPLAIN (ANALYZE, FORMAT JSON) ${count(BEFORE)}`, [`%${search}%`]);
    const [{ count: foundBefore }] = await sql(db, count(BEFORE), [`%${search}%`]);
    const page = percentiles(http);
    if (page.p50 > TARGET_MS) slow = true;
    console.log(
      `${search.padEnd(20)} | ${String(total).padStart(5)} | ${fmt(page.p50).padStart(9)} / ${fmt(page.p95).padStart(9)} | ${fmt(explained['Execution Time']).padStart(9)} | ${fmt(before['Execution Time']).padStart(9)} (${String(foundBefore).padStart(4)} filas) | ${scans(explained.Plan)}`,
    );
  }
} finally {
  api?.kill('SIGTERM');
  if (!keep) await sql(SERVER_URL, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch(() => {});
}
if (slow) {
  console.error(`\nUna búsqueda pasó de ${TARGET_MS} ms (mediana)`);
  process.exit(1);
}
