// The table and projection of `node tools/bench/run.mjs --pin` (docs/performance.md, "The API alone: PostgreSQL on a
// core of its own").

/** The CPUs of a --pin run: PostgreSQL on one, the API, the load generator and pgbench on the other. */
export const DB_CPU = 1;
export const API_CPU = 0;

/** The --pin run's table and projection. Per completed booking: the API's CPU (its process), PostgreSQL's (every
 * postgres process, from /proc), the load generator's (its own process.cpuUsage). Each core's busy share over the
 * crowd (/proc/stat: whatever ran on it, other jobs of a shared machine too) and how much of it was the API and the
 * load generator (core 0) or PostgreSQL (core 1); the rest is the machine's other jobs. */
export function printPinned({ rows, concurrency, poolSize, ceiling, withCeiling }) {
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  const n = (x) => Math.round(x).toLocaleString('en-US');
  console.log(
    `\nPostgreSQL en la CPU ${DB_CPU}; API, generador de carga y pgbench en la CPU ${API_CPU} (taskset). ` +
      `Concurrencia ${concurrency}, pool ${poolSize}.`,
  );
  console.log(
    '| carga | servidor | reservas completadas/s | visitantes/s | p99 retener / inscribir | CPU por reserva: API / PostgreSQL / generador | núcleo 0 ocupado: API + generador | núcleo 1 ocupado: PostgreSQL | robado 0 / 1 | invariantes |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const [c0, c1] = [r.cores[API_CPU], r.cores[DB_CPU]];
    console.log(
      `| ${r.workload.label} | ${r.server} | ${r.bookings.toFixed(0)} | ${r.visitors.toFixed(0)} | ` +
        `${r.hold.toFixed(0)} / ${r.register.toFixed(0)} ms | ` +
        `${r.serverMs.toFixed(2)} / ${r.dbMs.toFixed(2)} / ${r.loadMs.toFixed(2)} ms | ` +
        `${pct(c0.busy)}: ${pct((r.serverMs * r.bookings) / 1e3)} + ${pct(r.loadCpu)} | ` +
        `${pct(c1.busy)}: ${pct((r.dbMs * r.bookings) / 1e3)} | ${pct(c0.steal)} / ${pct(c1.steal)} | ${r.ok ? 'OK' : 'FALLO'} |`,
    );
  }
  if (withCeiling) console.log(`\npgbench con PostgreSQL en un núcleo: ${ceiling.toFixed(0)} reservas/s`);
  // The projection, from product ×1's rows: with the database and the load generator on other machines, an API core
  // spends all its time on the API, so one instance serves about 1 / (API CPU per booking); two instances on two
  // cores twice that, unless the database can't keep up: its one core does about 1 / (PostgreSQL's CPU per booking)
  // (from /proc: its own processes, not the other jobs that shared the core).
  for (const r of rows.filter((row) => row.server === 'producto ×1')) {
    const perBooking = r.visitors / r.bookings;
    const one = 1000 / r.serverMs;
    const cap = 1000 / r.dbMs;
    const two = Math.min(2 * one, cap);
    const visitors = (x) => (perBooking > 1.001 ? ` (${n(x * perBooking)} visitantes/s)` : '');
    console.log(
      `\nProyección, ${r.workload.label}, con PostgreSQL en otra máquina y el generador de carga fuera (medido aquí: ` +
        `${n(r.bookings)} reservas/s, la API con ${pct((r.serverMs * r.bookings) / 1e3)} de su núcleo, ` +
        `PostgreSQL con ${pct((r.dbMs * r.bookings) / 1e3)} del suyo):\n` +
        `  una instancia en un núcleo: 1 / ${r.serverMs.toFixed(2)} ms de CPU de la API por reserva ≈ ${n(one)} reservas/s${visitors(one)}\n` +
        `  dos instancias en dos núcleos: 2 × ${n(one)} = ${n(2 * one)}; tope del núcleo de PostgreSQL: ` +
        `1 / ${r.dbMs.toFixed(2)} ms de su CPU por reserva ≈ ${n(cap)}\n` +
        `  → ≈ ${n(two)} reservas/s${visitors(two)} con dos instancias, ` +
        `${two < 2 * one ? 'limitado por el núcleo de PostgreSQL' : 'limitado por la API'} (${(two / one).toFixed(2)} × una)`,
    );
  }
}
