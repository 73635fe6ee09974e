// Big sessions in the back office (issue 23 §2; docs/performance.md, "Big sessions in the back office"): a throwaway
// database with one session of 1,500 people registered and 300 waiting (libs/testing's bigSession, the fixture the
// browser tests use), the built API serving the built back office, and Debian's Chromium driving it as staff do:
//   - 'Personas inscritas': from the click on the session's button to the first row drawn, on a fresh page load;
//   - the waiting list: from the click on the session in 'Listas de Espera' to the first row drawn;
//   - keyboard reorder: Space, ↓ ×5 sent as fast as the keyboard can, Space, on the first person; each press's time
//     to its announcement, and the position saved (read from the database: it must be 6 every time).
// Prints the figures as a table; the target is a first row under a second. Also the two API calls the screens make.
//
//   npm run bench:big-lists      (builds first)
//   node tools/bench/big-lists.mjs [--reps 5] [--registered 1500] [--waiting 300] [--keep] [--profile]
//
// `--profile`: the last opening of each screen is recorded with Chromium's CPU profiler, from the click to the first
// row, into big-lists-<screen>.cpuprofile in the system's temporary folder (read it with profile-summary.mjs).
// Needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
// Functions passed to page.evaluate run in the page:
/* global window, document, MutationObserver, requestAnimationFrame */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  SERVER_URL,
  freshDatabase,
  percentiles,
  request,
  sql,
  startApi,
  numberArg,
  loadBigSessionFixture,
  stopApiAndDatabase,
} from './lib.mjs';

const reps = numberArg('reps', 5);
const registered = numberArg('registered', 1500);
const waiting = numberArg('waiting', 300);
const keep = process.argv.includes('--keep');
const profile = process.argv.includes('--profile');
const PORT = 3421;
const DATABASE = 'evreg_bench_big_lists';
const TITLE = 'Concierto multitudinario';
const ADMIN = { email: 'admin@example.com', password: 'Benchmark-Admin-1' };

/** Runs `action` and answers the milliseconds from its click (the event's own time) to the first frame drawn after
 * an element matching `selector` appeared. */
async function clickToFirstRow(page, selector, action, name) {
  await page.evaluate((sel) => {
    window.__firstRow = new Promise((resolve) => {
      let clicked = null;
      document.addEventListener('click', (e) => (clicked ??= e.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (clicked === null || !document.querySelector(sel)) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - clicked));
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  }, selector);
  const cdp = name ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await action();
  const ms = await page.evaluate(() => window.__firstRow);
  if (cdp) {
    const { profile: recorded } = await cdp.send('Profiler.stop');
    const file = join(tmpdir(), `big-lists-${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(recorded));
    console.log(`Perfil de CPU: ${file}`);
    await cdp.detach();
  }
  return ms;
}

async function signIn(page, base) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

async function openPeople(page, base, sessionId, profileAs) {
  await page.goto(`${base}/admin/events`);
  const toggle = page
    .getByRole('row')
    .filter({ hasText: TITLE })
    .getByRole('button', { name: /^\d+ sesi(ón|ones)$/ });
  // The screen remembers which events were open.
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const button = page.getByRole('button', { name: `Personas inscritas en la sesión ${sessionId}` });
  await button.waitFor();
  // The panel opens with an animation: the button must stay still before it is clicked.
  await page.waitForTimeout(500);
  const ms = await clickToFirstRow(page, '[role="dialog"] tbody tr', () => button.click(), profileAs);
  await page.getByText(`${registered} activos`).waitFor();
  return ms;
}

async function openWaitingList(page, base, profileAs) {
  await page.goto(`${base}/admin/queue-management`);
  const event = page.getByRole('combobox', { name: 'Evento' });
  await event.click();
  await event.fill('multitudinario');
  await page.getByRole('option', { name: new RegExp(TITLE) }).click();
  await page.getByRole('combobox', { name: 'Sesión' }).click();
  const option = page.getByRole('option', { name: /En espera/ });
  await option.waitFor();
  return clickToFirstRow(
    page,
    'table[aria-label="Personas en la lista de espera"] tbody tr',
    () => option.click(),
    profileAs,
  );
}

/** Space, ↓ ×5, Space on the first person, sent without waiting; answers each press's time to its announcement,
 * the total, and the position the database then holds for that person. */
async function keyboardReorder(page, db, sessionId) {
  const [{ id, first_name: first, last_name: last }] = await sql(
    db,
    `SELECT id, first_name, last_name FROM registrations WHERE session_id = $1 AND state = 2 AND queue_position = 1`,
    [sessionId],
  );
  const name = `${first} ${last}`;
  const handle = page.getByRole('button', { name: `Mover a ${name}, puesto 1` });
  await handle.focus();
  await page.evaluate(() => {
    window.__presses = [];
    window.__said = [];
    document.addEventListener('keydown', (e) => window.__presses.push(e.timeStamp), { capture: true });
    for (const region of document.querySelectorAll('[role="status"]')) {
      new MutationObserver(() => window.__said.push({ at: performance.now(), text: region.textContent })).observe(
        region,
        { childList: true, characterData: true, subtree: true },
      );
    }
  });
  const keys = ['Space', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Space'];
  for (const key of keys) await page.keyboard.press(key);
  // Wherever the person was left (a screen that loses presses leaves them short of 6).
  const left = `${name} se ha dejado en el puesto `;
  await page.waitForFunction((text) => window.__said.some((s) => s.text.startsWith(text)), left);
  const { presses, said } = await page.evaluate(() => ({ presses: window.__presses, said: window.__said }));
  // The i-th announcement answers the i-th press (a lost press leaves one missing: NaN, counted as lost).
  const latencies = presses.map((at, i) => (said[i] ? said[i].at - at : NaN));
  const drop = said.find((s) => s.text.startsWith(left));
  const shown = Number(drop.text.slice(left.length, -1));
  if (shown !== 1)
    await page.getByRole('alert').filter({ hasText: 'Orden de la lista actualizado correctamente' }).waitFor();
  const [{ queue_position: saved }] = await sql(db, `SELECT queue_position FROM registrations WHERE id = $1`, [id]);
  return { latencies, total: drop.at - presses[0], shown, saved };
}

const db = await freshDatabase(DATABASE);
let api;
let browser;
try {
  api = await startApi({ port: PORT, databaseUrl: db });
  const { bigSession } = await loadBigSessionFixture();
  const seedStarted = Date.now();
  const { sessionId } = await bigSession({ sql: (q, p) => sql(db, q, p) }, { title: TITLE, registered, waiting });
  const seedMs = Date.now() - seedStarted;
  const base = `http://127.0.0.1:${PORT}`;

  const login = await request(PORT, 'POST', '/api/auth/login', ADMIN);
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  const auth = { authorization: `Bearer ${login.body.accessToken}` };
  const apiTimes = { people: [], waiting: [] };
  for (let i = 0; i < 10; i++) {
    const people = await request(PORT, 'GET', `/api/events/sessions/${sessionId}/registrations`, undefined, auth);
    const queue = await request(PORT, 'GET', `/api/events/queue/session/${sessionId}`, undefined, auth);
    if (people.body.length !== registered || queue.body.length !== waiting) throw new Error('the fixture is not there');
    if (i === 0) continue;
    apiTimes.people.push(people.ms);
    apiTimes.waiting.push(queue.ms);
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--lang=es-ES'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await signIn(page, base);
  // Once each, untimed: the bundle's chunks cached, as for staff who work in the back office every day.
  await openPeople(page, base, sessionId);
  await openWaitingList(page, base);

  const load = loadavg();
  const people = [];
  const queue = [];
  const presses = [];
  const totals = [];
  const saved = [];
  for (let i = 0; i < reps; i++) {
    const last = profile && i === reps - 1;
    people.push(await openPeople(page, base, sessionId, last ? 'personas' : undefined));
    queue.push(await openWaitingList(page, base, last ? 'lista-de-espera' : undefined));
    const run = await keyboardReorder(page, db, sessionId);
    presses.push(...run.latencies);
    totals.push(run.total);
    saved.push(run.shown === run.saved ? `${run.saved}` : `${run.saved} (la pantalla decía ${run.shown})`);
  }

  const [{ server_version: version }] = await sql(SERVER_URL, 'SHOW server_version');
  const row = (label, values) => {
    const p = percentiles(values);
    return `| ${label} | ${p.p50.toFixed(0)} ms | ${p.max.toFixed(0)} ms |`;
  };
  console.log(
    `\nMáquina: ${cpus().length} núcleos (${cpus()[0].model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ` +
      `PostgreSQL ${version}, Chromium ${await browser.version()}`,
  );
  console.log(
    `Datos: una sesión con ${registered} inscritas y ${waiting} en espera (sembrada en ${seedMs} ms); ` +
      `${reps} repeticiones; carga media al empezar ${load.map((l) => l.toFixed(2)).join(' / ')}`,
  );
  console.log(`\n| medida | mediana | máx. |\n|---|---|---|`);
  console.log(row(`API: personas de la sesión (${registered})`, apiTimes.people));
  console.log(row(`API: lista de espera (${waiting})`, apiTimes.waiting));
  console.log(row('Personas inscritas: clic → primera fila', people));
  console.log(row('Lista de espera: clic en la sesión → primera fila', queue));
  console.log(
    row(
      'Teclado: una pulsación → su aviso',
      presses.filter((ms) => !Number.isNaN(ms)),
    ),
  );
  console.log(row('Teclado: Espacio, ↓ ×5, Espacio → «se ha dejado en el puesto …»', totals));
  console.log(`\nPuesto guardado tras Espacio, ↓ ×5, Espacio (debe ser 6): ${saved.join(', ')}`);
  console.log(
    `Carga media al terminar: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
  const slow = [...people, ...queue].some((ms) => ms >= 1000);
  const lost = presses.filter(Number.isNaN).length;
  if (lost) console.log(`Pulsaciones sin aviso (perdidas): ${lost} de ${presses.length}`);
  if (slow || saved.some((p) => p !== '6') || lost) {
    console.log('Objetivo no alcanzado: una primera fila tardó un segundo o más, o el teclado perdió una pulsación.');
    process.exitCode = 1;
  } else console.log('Primera fila por debajo de un segundo en cada apertura; ninguna pulsación perdida.');
} finally {
  await browser?.close();
  await stopApiAndDatabase(api, DATABASE, keep);
}
