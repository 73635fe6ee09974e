// The day of the event (issue 21): the door screen 'Control de acceso' on a phone (360 × 740), with a real camera
// stream: Chromium's fake capture device fed a Y4M file that shows a ticket's QR code (support/fake-camera.ts), so
// the scan path runs as a door volunteer would use it. Valid, again, another session's, unknown; undo; offline
// scans sent once when the network is back, with a conflict between doors; a door link without an account.
import { dialog, expectNoEnglish, requireAdminBuild, signIn } from './support/admin';
import { doorScreen, liveCheckIns, scheduleAround, ticketHolder } from './support/admin-checkin';
import { expectAccessible } from './support/axe';
import { notSeen, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import type { Page } from 'playwright-core';
import { FakeCamera } from './support/fake-camera';
import { expandEvent, openEvents, screenshotOf, sessionRow } from './support/admin-events';
import { chooseOption } from './support/admin-people';
import { addSession, blacklist, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();

const PHONE = { width: 360, height: 740 };
const camera = new FakeCamera();
afterAll(() => camera.dispose());

const e2e = setupE2E({
  browserArgs: camera.browserArgs,
  context: { viewport: PHONE, permissions: ['camera'], bypassCSP: true, isMobile: true, hasTouch: true },
});

let workshops = 0;

/** What the phone's screen shows, from the top (the app bar stays put). */
async function phoneShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: false });
}

/** Today's session (started ten minutes ago) with three people, and another event's ticket. */
async function doorDay(title: string) {
  const { app } = e2e;
  const eventId = await createEvent(app, { title });
  const sessionId = await addSession(app, eventId, { maxAttendees: 20 });
  const [ana, bruno, carla] = [
    await ticketHolder(app, sessionId),
    await ticketHolder(app, sessionId),
    await ticketHolder(app, sessionId),
  ];
  // The doors open: it started ten minutes ago.
  await scheduleAround(app, sessionId, 10, 90);
  const otherTitle = `Taller de tarde ${++workshops}`;
  const otherEvent = await createEvent(app, { title: otherTitle });
  const otherSession = await addSession(app, otherEvent, { startsInHours: 48 });
  const stranger = await ticketHolder(app, otherSession);
  return { sessionId, ana, bruno, carla, stranger, otherTitle };
}

/** Signs in and opens the door screen of the event's session (other tests' sessions are today's too), the camera
 * showing `shown` (nothing by default). */
async function openCheckIn(page: Page, title: string, shown: string | null = null) {
  camera.show(null);
  await signIn(page);
  await page.goto('/admin/checkin');
  await doorScreen(page).listReady();
  await chooseOption(page, page, 'Sesión', new RegExp(`^${title} · `));
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await doorScreen(page).listReady();
  if (shown !== null) await doorScreen(page).showOnCamera(camera, shown);
}

describe('Control de acceso en la puerta (móvil, cámara)', () => {
  it('la cámara lee entradas: válida en verde con el nombre, otra vez «ya ha entrado», de otra sesión, desconocida; deshacer la última', async () => {
    const { page, app } = e2e;
    const { ana, bruno, stranger, otherTitle } = await doorDay('Concierto de Navidad');
    const door = doorScreen(page);

    await openCheckIn(page, 'Concierto de Navidad', ana.ticketCode);
    await seeText(door.answer('Entrada válida'), ana.name);
    await phoneShot(page, 'admin-checkin-valid');
    // A green answer to a scan clears on its own, and the same ticket held in view is not read twice; shown again,
    // it is refused.
    await door.showOnCamera(camera, ana.ticketCode);
    const again = door.answer('Ya ha entrado');
    await seeText(again, ana.name);
    await seeText(again, /Entró a las \d\d:\d\d por /);
    await expectAccessible(page, 'ya ha entrado');
    await door.next();
    expect(await liveCheckIns(app, ana.registrationId)).toHaveLength(1);
    await seeText(door.present, '1 / 3');
    await seeText(door.expected, '2');

    await door.showOnCamera(camera, stranger.ticketCode);
    const other = door.answer('Entrada de otra sesión');
    await seeText(other, `Es para ${otherTitle}`);
    await door.next();

    await door.showOnCamera(camera, '7-NOESUNCODIGODEENTRADAVALIDO');
    await door.answer('Código desconocido').waitFor();
    await door.next();

    // By name, as when a phone's screen is cracked: then undo. Bruno booked in Catalan: a second line for him.
    await app.sql(`UPDATE registrations SET language = 'ca' WHERE id = $1`, [bruno.registrationId]);
    await door.showOnCamera(camera, null);
    await door.search.fill(bruno.lastName);
    await page.getByRole('button', { name: `Dar entrada a ${bruno.name}` }).click();
    await seeText(door.answer('Entrada válida'), bruno.name);
    await seeText(door.answer('Entrada válida').locator('[lang="ca"]'), 'Entrada vàlida. Benvinguts!');
    await expectAccessible(page, 'entrada válida');
    await door.next();
    await seeText(door.present, '2 / 3');
    await door.undo.click();
    await seeText(page.getByRole('status'), `Entrada de ${bruno.name} anulada`);
    await seeText(door.present, '1 / 3');
    expect(await liveCheckIns(app, bruno.registrationId)).toHaveLength(0);

    await page.mouse.move(-1, -1);
    await expectAccessible(page, 'control de acceso');
    await expectNoEnglish(page, 'control de acceso');
    await phoneShot(page, 'admin-checkin');
  });

  it('la misma entrada retirada y mostrada otra vez con la cámara encendida: «Ya ha entrado» cada vez; sostenida, una sola lectura', async () => {
    const { page, app } = e2e;
    const { ana, bruno } = await doorDay('Cena de gala');
    const door = doorScreen(page);

    // Held steadily in front of the camera: one green answer, then nothing more.
    await openCheckIn(page, 'Cena de gala', bruno.ticketCode);
    await seeText(door.answer('Entrada válida'), bruno.name);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForTimeout(2_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await liveCheckIns(app, bruno.registrationId)).toHaveLength(1);

    // A phone passed back to a friend: shown (1 s), taken away (3 s), shown again (1 s), over and over, the camera
    // on all along.
    await door.showOnCamera(camera, [
      { text: ana.ticketCode, frames: 15 },
      { text: null, frames: 45 },
      { text: ana.ticketCode, frames: 15 },
    ]);
    await seeText(door.answer('Entrada válida'), ana.name);
    const again = door.answer('Ya ha entrado');
    await seeText(again, ana.name);
    await seeText(again, /Entró a las \d\d:\d\d por /);
    await door.next();
    // And the next time it comes round.
    await seeText(door.answer('Ya ha entrado'), ana.name);
    await door.next();
    expect(await liveCheckIns(app, ana.registrationId)).toHaveLength(1);
    await door.showOnCamera(camera, null);
  });

  it('busca por nombre sin acentos, por el email o el DNI enteros (solo nombres en la respuesta); sin conexión, solo por nombre', async () => {
    const { page, context } = e2e;
    const { ana, bruno, carla } = await doorDay('Recital de piano');
    const door = doorScreen(page);
    await openCheckIn(page, 'Recital de piano');
    // At 360 px the header's title and the session's label are read whole, and every header control is a 48 px
    // target.
    const cut = await page.evaluate(() =>
      [document.querySelector('header h1'), document.querySelector('.MuiSelect-select')].map((e) =>
        e
          ? { text: e.textContent, cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1 }
          : null,
      ),
    );
    expect(cut).toEqual([
      { text: 'Control de acceso', cut: false },
      { text: expect.stringMatching(/^Recital de piano · /), cut: false },
    ]);
    const small = await page
      .locator('header')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent, ...b.getBoundingClientRect().toJSON() }))
          .filter((b) => b.width < 48 || b.height < 48)
          .map((b) => `${b.name}: ${Math.round(b.width)}×${Math.round(b.height)}`),
      );
    expect(small).toEqual([]);
    const results = page.getByRole('list', { name: 'Resultados de la búsqueda' });
    const pick = (name: string) => page.getByRole('button', { name: `Dar entrada a ${name}` });

    // What shows once the server has answered (the downloaded list answers names meanwhile).
    const searched = async (query: string) => {
      const answered = page.waitForResponse(
        (r) => r.url().includes('/attendance?') && r.url().endsWith(`search=${encodeURIComponent(query)}`),
      );
      await door.search.fill(query);
      await answered;
      await page.waitForTimeout(300);
    };
    // 'garcia' for 'García', online as offline.
    await searched(`garcia perez ${carla.lastName.split(' ').at(-1)}`);
    await pick(carla.name).waitFor({ timeout: 2_000 });
    await searched(ana.email.toUpperCase());
    await pick(ana.name).waitFor();
    await seeText(results, ana.name);
    await notSeen(results, ana.email);
    await door.search.fill(bruno.userTaxId.toLowerCase());
    await pick(bruno.name).click();
    await seeText(door.answer('Entrada válida'), bruno.name);
    await door.next();

    await context.setOffline(true);
    await door.search.fill(ana.email);
    await seeText(results, 'Sin conexión: por email o DNI se busca al volver la red');
    await door.search.fill(carla.firstName);
    await pick(carla.name).waitFor();
    await context.setOffline(false);
  });

  it('si el lector de QR no se carga lo dice y ofrece la búsqueda; «Reintentar» lo carga y lee', async () => {
    const { page } = e2e;
    const { ana } = await doorDay('Coro de invierno');
    const door = doorScreen(page);
    await page.route(/\/assets\/jsQR-[^/]+\.js$/, (route) => route.abort());
    await openCheckIn(page, 'Coro de invierno', ana.ticketCode);
    await seeText(page.getByRole('alert'), 'No se ha podido cargar el lector de códigos QR');
    await seeText(page.getByRole('alert'), 'busca a las personas por nombre, email o DNI');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'sin lector de QR');

    await page.unroute(/\/assets\/jsQR-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await seeText(door.answer('Entrada válida'), ana.name);
    await door.next();
  });

  it('la entrada de un acompañante dice de quién: «Acompañante de» y el nombre del titular', async () => {
    const { page, app } = e2e;
    const eventId = await createEvent(app, { title: 'Taller de cerámica' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const [holder, companion] = [newPerson(), newPerson()];
    const booked = await registerViaApi(app, sessionId, [holder, companion]);
    await scheduleAround(app, sessionId, 10, 90);

    await openCheckIn(page, 'Taller de cerámica');
    const door = doorScreen(page);
    await door.showOnCamera(camera, booked.results[1].ticketCode);
    const valid = door.answer('Entrada válida');
    await seeText(valid, `${companion.firstName} ${companion.lastName}`);
    await seeText(valid, `Acompañante de ${holder.firstName} ${holder.lastName}`);
    await door.next();
    await door.showOnCamera(camera, booked.results[0].ticketCode);
    await seeText(door.answer('Entrada válida'), `${holder.firstName} ${holder.lastName}`);
    await notSeen(page, 'Acompañante de');
  });

  it('sin conexión decide con la lista descargada, marca «pendiente de enviar» y al volver la red lo envía una sola vez; un conflicto entre puertas se avisa', async () => {
    const { page, app, context } = e2e;
    const { sessionId, ana, carla } = await doorDay('Feria del libro');
    const door = doorScreen(page);
    await openCheckIn(page, 'Feria del libro');

    await context.setOffline(true);
    await page.getByText('Sin conexión: se decide con la lista descargada').waitFor();
    await door.showOnCamera(camera, ana.ticketCode);
    const offline = door.answer('Entrada válida');
    await seeText(offline, ana.name);
    await seeText(offline, 'Sin conexión: pendiente de enviar');
    await door.showOnCamera(camera, ana.ticketCode);
    await seeText(door.answer('Ya ha entrado'), 'en esta puerta');
    await door.next();

    // Carla, by name from the downloaded list; meanwhile another door checks her in online.
    await door.showOnCamera(camera, null);
    await door.search.fill(carla.firstName);
    await page.getByRole('button', { name: `Dar entrada a ${carla.name}` }).click();
    await door.answer('Entrada válida').waitFor();
    await door.next();
    await page.getByText('2 pendientes de enviar').waitFor();
    await seeText(door.present, '2 / 3');
    await expectAccessible(page, 'sin conexión');
    await phoneShot(page, 'admin-checkin-offline');
    const elsewhere = await app.request('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: await app.adminToken(),
      body: { registrationId: carla.registrationId, nonce: 'puerta-sur-0001', door: 'Puerta sur' },
    });
    expect(elsewhere.body.outcome).toBe('valid');
    expect(await liveCheckIns(app, ana.registrationId)).toHaveLength(0);

    await context.setOffline(false);
    await seeText(page.getByRole('status'), '2 entradas enviadas; 1 en conflicto');
    const conflict = page.getByRole('alert').filter({ hasText: 'Entradas en conflicto entre puertas' });
    await seeText(conflict, `${carla.name} entró dos veces: por Puerta sur`);
    await page.getByText(/pendientes? de enviar/).waitFor({ state: 'detached' });
    await seeText(door.present, '2 / 3');
    expect(await liveCheckIns(app, ana.registrationId)).toHaveLength(1);
    expect(await liveCheckIns(app, carla.registrationId)).toEqual([expect.objectContaining({ door: 'Puerta sur' })]);

    // A re-sent batch (same nonces) is never counted twice.
    const resent = await app.request('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: await app.adminToken(),
      body: { code: ana.ticketCode, nonce: (await liveCheckIns(app, ana.registrationId))[0].nonce },
    });
    expect(resent.body).toMatchObject({ replayed: true });
    expect(await liveCheckIns(app, ana.registrationId)).toHaveLength(1);
  });

  it('un enlace de puerta abre solo su sesión sin cuenta, y deja de abrirla al revocarlo', async () => {
    const { page, app } = e2e;
    const { ana, stranger } = await doorDay('Teatro de calle');
    await openCheckIn(page, 'Teatro de calle');
    // This phone's camera off: only the volunteer's reads.
    await page.getByRole('button', { name: 'Apagar cámara' }).click();

    await page.getByRole('button', { name: 'Enlaces' }).click();
    const links = dialog(page, 'Enlaces de puerta');
    await links.getByRole('button', { name: 'Nuevo enlace' }).click();
    const form = dialog(page, 'Nuevo enlace de puerta');
    await form.getByLabel('Nombre').fill('Voluntarios puerta norte');
    await form.getByRole('button', { name: 'Crear enlace' }).click();
    const created = dialog(page, 'Enlace de puerta creado');
    // The address under the API's PUBLIC_BASE_URL (another host in these tests): its path on this server.
    const url = new URL(await created.getByLabel('Enlace').inputValue()).pathname;
    expect(url).toMatch(/^\/admin\/door\/[^/]+$/);
    await created.getByRole('button', { name: 'Entendido' }).click();
    await seeText(links, 'Voluntarios puerta norte');

    // A volunteer's phone: no account, no sign-in.
    const volunteer = await e2e.newPage({ viewport: PHONE, permissions: ['camera'], bypassCSP: true });
    camera.show(ana.ticketCode);
    await volunteer.goto(url);
    await volunteer.getByRole('heading', { name: 'Control de acceso · Voluntarios puerta norte' }).waitFor();
    await seeText(volunteer.getByRole('main'), 'Teatro de calle');
    await seeText(doorScreen(volunteer).answer('Entrada válida'), ana.name);
    expect(await liveCheckIns(app, ana.registrationId)).toEqual([
      expect.objectContaining({ door: 'Voluntarios puerta norte' }),
    ]);
    await doorScreen(volunteer).showOnCamera(camera, stranger.ticketCode);
    await doorScreen(volunteer).answer('Entrada de otra sesión').waitFor();
    await doorScreen(volunteer).next();
    await expectAccessible(volunteer, 'enlace de puerta');
    await phoneShot(volunteer, 'admin-door-link');
    // Nothing else of the back office opens with it.
    await volunteer.goto('/admin/users');
    await volunteer.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();

    await links.getByRole('button', { name: 'Revocar Voluntarios puerta norte' }).click();
    await page.getByRole('dialog', { name: 'Revocar enlace' }).getByRole('button', { name: 'Revocar' }).click();
    await seeText(links, 'Revocado');
    await volunteer.goto(url);
    await seeText(volunteer.getByRole('alert'), 'Enlace de acceso no válido, revocado o caducado');
  });

  it('después de la sesión: «Asistió» en sus personas, los no presentados a la lista negra en una acción, y la asistencia en el panel', async () => {
    const { app } = e2e;
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true, acceptDownloads: true });
    const { sessionId, ana, bruno, carla } = await doorDay('Charla de astronomía');
    const checkedIn = await app.request('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: await app.adminToken(),
      body: { code: ana.ticketCode, nonce: 'charla-puerta-0001', door: 'Puerta norte' },
    });
    expect(checkedIn.body.outcome).toBe('valid');
    await blacklist(app, carla.email);
    // It ended an hour ago.
    await scheduleAround(app, sessionId, 180, 120);

    await openEvents(page);
    await expandEvent(page, 'Charla de astronomía');
    await sessionRow(page, sessionId)
      .getByRole('button', { name: `Personas inscritas en la sesión ${sessionId}` })
      .click();
    const people = dialog(page, `Personas inscritas · Sesión ${sessionId}`);
    await seeText(people, '3 activos, 0 cancelados, 1 asistieron');
    await seeText(people.getByRole('row').filter({ hasText: ana.name }), /Sí · \d\d:\d\d/);
    await screenshotOf(people, 'admin-session-people');

    // The whole list in Excel, with 'Asistió' and the time of entry.
    const dir = mkdtempSync(join(tmpdir(), 'inscripciones-'));
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        people.getByRole('button', { name: 'Exportar Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^inscripciones-sesion-${sessionId}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
      );
      // The snackbar sits outside the modal dialog (hidden from the accessibility tree while it is open): by its text.
      await page.getByText('Excel exportado correctamente').waitFor();
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = new Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet('Inscripciones')!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const rowOf = (email: string) => {
        const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(4).value === email)!;
        return Object.fromEntries(header.map((h, i) => [String(h), row.getCell(i + 1).value]));
      };
      expect(sheet.rowCount).toBe(4);
      expect(rowOf(ana.email)).toMatchObject({
        Referencia: `R-${String(ana.registrationId).padStart(6, '0')}`,
        Nombre: ana.firstName,
        Apellidos: ana.lastName,
        'DNI/NIE': ana.userTaxId,
        Estado: 'Activa',
        Asistió: 'Sí',
        'Hora de entrada': expect.any(Date),
      });
      expect(rowOf(bruno.email)).toMatchObject({ Asistió: 'No', Estado: 'Activa' });
      expect(rowOf(bruno.email)['Hora de entrada']).toBeNull();

      // The network fails: the dialog says so.
      await page.route('**/registrations/export', (route) => route.abort());
      await people.getByRole('button', { name: 'Exportar Excel' }).click();
      await seeText(people.getByRole('alert'), /^Error al exportar Excel/);
      await page.unroute('**/registrations/export');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await chooseOption(page, people, 'Asistió', 'No asistieron');
    await seeText(people, bruno.name);
    await people.getByRole('row').filter({ hasText: ana.name }).waitFor({ state: 'detached' });

    await people.getByRole('button', { name: 'No presentados' }).click();
    const noShows = dialog(page, `No presentados · Sesión ${sessionId}`);
    await seeText(noShows.getByRole('row').filter({ hasText: carla.name }), 'Ya en la lista negra');
    await seeText(noShows, bruno.name);
    await expectAccessible(page, 'no presentados');
    await expectNoEnglish(page, 'no presentados');
    await screenshotOf(noShows, 'admin-no-shows');
    await noShows.getByRole('button', { name: 'Añadir todos a la lista negra' }).click();
    const confirm = page.getByRole('dialog', { name: 'Añadir a la lista negra' });
    await seeText(confirm, '¿Añadir 1 persona a la lista negra con el motivo «No se presentó»?');
    await confirm.getByRole('button', { name: 'Añadir' }).click();
    await seeText(noShows.getByRole('status'), '1 añadidos a la lista negra; 1 ya estaban');
    const rows = await app.sql<{ reason: number; days: number }>(
      `SELECT reason, round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM blacklist_entries WHERE email = $1`,
      [bruno.email.toLowerCase()],
    );
    expect(rows).toEqual([{ reason: 0, days: expect.any(Number) }]);
    expect(Math.abs(rows[0].days - 30)).toBeLessThanOrEqual(1);
    await noShows.getByRole('button', { name: 'Cerrar' }).click();
    await people.getByRole('button', { name: 'Cerrar' }).click();

    await page.goto('/admin/dashboard');
    await seeText(page.getByTestId('stat-attendance'), /^33\s%$/);
    await seeText(page.getByRole('list', { name: 'Resumen' }), '1 de 3 en 1 sesión');
  });
});
