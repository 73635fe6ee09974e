// First visit to the back office's heaviest screens (issue 31; docs/performance.md, "First visit to Eventos and
// 'Personas inscritas'"): a throwaway database with one session of 1,500 people (libs/testing's bigSession), the
// built API serving the built back office, and Debian's Chromium with an empty cache for every round, as a staff
// member's first visit of the day after a deploy:
//   - Eventos: from the navigation to /admin/events (signed in, the shell loaded) to its first row drawn;
//   - 'Personas inscritas': from the click on the session's button (first time on that page) to its first row drawn.
// For each, what loaded meanwhile: the JavaScript chunks (how many, bytes) and the API calls, each with its start
// and end (ms from the start), so calls made one after the other show up as a staircase.
//
//   npm run bench:first-visit      (builds first)
//   node tools/bench/first-visit.mjs [--reps 5] [--registered 1500] [--keep]
//   APPS_DIR=<folder with admin/dist and booking/dist> node tools/bench/first-visit.mjs   # another build
//
// Needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// Functions passed to page.evaluate run in the page:
/* global window, document, location, MutationObserver, requestAnimationFrame */
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import {
  SERVER_URL,
  freshDatabase,
  percentiles,
  sql,
  startApi,
  numberArg,
  loadBigSessionFixture,
  stopApiAndDatabase,
} from './lib.mjs';

const reps = numberArg('reps', 5);
const registered = numberArg('registered', 1500);
const keep = process.argv.includes('--keep');
const PORT = 3431;
const DATABASE = 'evreg_bench_first_visit';
const TITLE = 'Concierto multitudinario';
const ADMIN = { email: 'admin@example.com', password: 'Benchmark-Admin-1' };

/** Every response the page gets, with its start and end in the page's clock (ms) and its size. */
function recordRequests(page) {
  const seen = [];
  page.on('requestfinished', async (req) => {
    const timing = req.timing();
    const url = new URL(req.url());
    const sizes = await req.sizes().catch(() => ({ responseBodySize: 0 }));
    seen.push({
      path: url.pathname + url.search,
      kind: url.pathname.startsWith('/api/') ? 'api' : url.pathname.endsWith('.js') ? 'js' : 'other',
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
      bytes: sizes.responseBodySize,
    });
  });
  return seen;
}

/** Sets, in the page, `__first`: the page's time of the first frame drawn after `selector` appeared at an address
 * ending in `path` (so a table of the page being left does not count). */
async function watchFirst(page, selector, path = '') {
  await page.evaluate(
    ([sel, at]) => {
      window.__first = new Promise((resolve) => {
        const seen = () => location.pathname.endsWith(at) && document.querySelector(sel);
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    },
    [selector, path],
  );
}

/** What loaded between `from` and `to` (epoch ms): chunks and API calls, relative to `from`. */
function summary(requests, from, to) {
  const within = requests.filter((r) => r.start >= from - 1 && r.start <= to);
  const js = within.filter((r) => r.kind === 'js');
  const api = within
    .filter((r) => r.kind === 'api')
    .sort((a, b) => a.start - b.start)
    .map((r) => `${r.path.replace(/\?.*/, '')} ${Math.round(r.start - from)}→${Math.round(r.end - from)}`);
  const jsSpan = js.length
    ? `${Math.round(Math.min(...js.map((r) => r.start)) - from)}→${Math.round(Math.max(...js.map((r) => r.end)) - from)}`
    : '—';
  return { chunks: js.length, kb: js.reduce((n, r) => n + r.bytes, 0) / 1024, jsSpan, api };
}

async function oneRound(browser, base, sessionId) {
  // A new context: an empty cache, as the first visit after a deploy.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.waitForLoadState('networkidle');

  // Eventos, by the sidebar (the app already running): click (the event's own time) → first row.
  const menu = page.getByRole('link', { name: 'Eventos' }).first();
  await menu.waitFor();
  await page.evaluate(() => {
    window.__clicked = new Promise((resolve) =>
      document.addEventListener('click', (e) => resolve(e.timeStamp), { capture: true, once: true }),
    );
  });
  await watchFirst(page, 'main table tbody tr', '/events');
  const eventsFrom = Date.now();
  await menu.click();
  const eventsMs = await page.evaluate(async () => (await window.__first) - (await window.__clicked));
  const eventsTo = Date.now();

  const toggle = page
    .getByRole('row')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: /^\d+ sesi(ón|ones)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const button = page.getByRole('button', { name: `Personas inscritas en la sesión ${sessionId}` });
  await button.waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.__clicked = new Promise((resolve) =>
      document.addEventListener('click', (e) => resolve(e.timeStamp), { capture: true, once: true }),
    );
  });
  await watchFirst(page, '[role="dialog"] tbody tr');
  const peopleFrom = Date.now();
  await button.click();
  const peopleMs = await page.evaluate(async () => (await window.__first) - (await window.__clicked));
  await page.getByText(`${registered} activos`).waitFor();
  const peopleTo = Date.now();
  await page.waitForLoadState('networkidle');
  await context.close();
  return {
    eventsMs,
    peopleMs,
    events: summary(requests, eventsFrom, eventsTo),
    people: summary(requests, peopleFrom, peopleTo),
  };
}

const db = await freshDatabase(DATABASE);
let api;
let browser;
try {
  api = await startApi({ port: PORT, databaseUrl: db });
  const { bigSession } = await loadBigSessionFixture();
  const { sessionId } = await bigSession({ sql: (q, p) => sql(db, q, p) }, { title: TITLE, registered, waiting: 0 });
  const base = `http://127.0.0.1:${PORT}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--lang=es-ES'],
  });
  await oneRound(browser, base, sessionId); // untimed: the server's own first requests warm
  const load = loadavg();
  const rounds = [];
  for (let i = 0; i < reps; i++) rounds.push(await oneRound(browser, base, sessionId));

  const [{ server_version: version }] = await sql(SERVER_URL, 'SHOW server_version');
  console.log(
    `\nMáquina: ${cpus().length} núcleos (${cpus()[0].model}), Node ${process.version}, PostgreSQL ${version}, ` +
      `Chromium ${await browser.version()}; caché vacía en cada ronda; ${reps} rondas; ` +
      `carga media al empezar ${load.map((l) => l.toFixed(2)).join(' / ')}`,
  );
  const row = (label, values) => {
    const p = percentiles(values);
    return `| ${label} | ${p.p50.toFixed(0)} ms | ${p.max.toFixed(0)} ms |`;
  };
  console.log(`\n| medida (primera visita) | mediana | máx. |\n|---|---|---|`);
  console.log(
    row(
      'Eventos: clic en el menú → primera fila',
      rounds.map((r) => r.eventsMs),
    ),
  );
  console.log(
    row(
      `Personas inscritas (${registered}): clic → primera fila`,
      rounds.map((r) => r.peopleMs),
    ),
  );
  const last = rounds.at(-1);
  for (const [name, s] of [
    ['Eventos', last.events],
    ['Personas inscritas', last.people],
  ]) {
    console.log(
      `\n${name}: ${s.chunks} trozos JS (${s.kb.toFixed(0)} KB transferidos, de ${s.jsSpan} ms); llamadas a la API (ms):`,
    );
    for (const call of s.api) console.log(`  ${call}`);
  }
  console.log(
    `\nCarga media al terminar: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
} finally {
  await browser?.close();
  await stopApiAndDatabase(api, DATABASE, keep);
}
