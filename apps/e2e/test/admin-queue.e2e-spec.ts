// Back office: waiting lists (docs/product.md §2 "Waiting-list management", 4 queue entry, 8 queue messages, 9 export
// name), in Debian's Chromium against the real API: reorder by drag and by keyboard, promote, edit, remove,
// and the Excel export opened with exceljs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import { chooseOption, notification, queueOrder, rowsOf, typeAndChoose } from './support/admin-people';
import { expectAccessible } from './support/axe';
import { eventually } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const table = (page: Page) => page.getByRole('table', { name: 'Personas en la lista de espera' });

/** The names in the table, top to bottom. */
async function shownOrder(page: Page): Promise<string[]> {
  const rows = table(page).getByRole('row');
  const count = await rows.count();
  const names: string[] = [];
  for (let i = 1; i < count; i++) names.push((await rows.nth(i).getByRole('cell').nth(2).innerText()).trim());
  return names;
}

/** Picks the Prado visit's session (search as you type) and waits for its waiting list. */
async function openQueue(page: Page) {
  await visit(page, '/queue-management', 'Listas de Espera');
  await typeAndChoose(page, page, 'Evento', 'prado', /Visita al Museo del Prado/);
  await chooseOption(page, page, 'Sesión', /En espera/);
  await page.getByRole('heading', { name: 'Lista de espera', level: 2 }).waitFor();
}

/** Drags a row's handle with the mouse onto another row (pointer events, in small steps as a hand would). */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

/** What the list's live region (visually hidden) last told screen readers. */
async function announced(page: Page, text: string) {
  await eventually(async () => expect(await page.getByRole('status').allTextContents()).toContain(text));
}

const name = (p: ReturnType<typeof newPerson>) => `${p.firstName} ${p.lastName}`;

describe('Listas de Espera', () => {
  it('reordenar arrastrando y con el teclado (el orden queda tras recargar), editar, promover, quitar', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Visita al Museo del Prado' });
    // Full: the three people below are queued by the public API, in this order.
    const sessionId = await addSession(app, eventId, { maxAttendees: 4, maxQueueSpots: 5, registered: 4 });
    const [ana, ben, cai] = [newPerson(), newPerson(), newPerson()];
    for (const person of [ana, ben, cai]) expect((await registerViaApi(app, sessionId, [person])).queued).toBe(true);

    await signIn(page);
    await openQueue(page);
    await eventually(async () => expect(await shownOrder(page)).toEqual([name(ana), name(ben), name(cai)]));
    // Full session: nobody can be promoted by hand.
    expect(await page.getByRole('button', { name: /^Promover a / }).count()).toBe(0);
    await expectAccessible(page, 'lista de espera');
    await expectNoEnglish(page, 'lista de espera');
    await screenshot(page, 'admin-queue');

    // Drag Cai (3rd) onto Ana (1st) with the mouse.
    await drag(
      page,
      page.getByRole('button', { name: `Mover a ${name(cai)}, puesto 3` }),
      table(page).getByRole('row').filter({ hasText: ana.email }),
    );
    await notification(page, 'Orden de la lista actualizado correctamente').waitFor();
    await eventually(async () => expect(await queueOrder(app, sessionId)).toEqual([cai.email, ana.email, ben.email]));
    await page.reload();
    await openQueue(page);
    await eventually(async () => expect(await shownOrder(page)).toEqual([name(cai), name(ana), name(ben)]));

    // Keyboard: Ben (3rd) up two places with Space, the arrows and Space; announced in Spanish.
    const benHandle = page.getByRole('button', { name: `Mover a ${name(ben)}, puesto 3` });
    expect(await benHandle.getAttribute('aria-roledescription')).toBe('persona reordenable');
    await benHandle.focus();
    await page.keyboard.press('Space');
    await announced(page, `Has cogido a ${name(ben)}, en el puesto 3.`);
    await page.keyboard.press('ArrowUp');
    await announced(page, `${name(ben)} pasaría al puesto 2.`);
    await page.keyboard.press('ArrowUp');
    await announced(page, `${name(ben)} pasaría al puesto 1.`);
    await page.keyboard.press('Space');
    await announced(page, `${name(ben)} se ha dejado en el puesto 1.`);
    await eventually(async () => expect(await queueOrder(app, sessionId)).toEqual([ben.email, cai.email, ana.email]));
    await page.reload();
    await openQueue(page);
    await eventually(async () => expect(await shownOrder(page)).toEqual([name(ben), name(cai), name(ana)]));

    // Edit Ana: her data changes, her place does not.
    await page.getByRole('button', { name: `Editar a ${name(ana)}` }).click();
    const edit = dialog(page, 'Editar Persona en Espera');
    await edit.getByLabel('Teléfono (opcional)').fill('611 222 333');
    await edit.getByLabel('Nombre').fill('Anabel');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await table(page).getByRole('row').filter({ hasText: '611 222 333' }).waitFor();
    const [anaStored] = await app.sql(
      `SELECT first_name, telephone_number, queue_position FROM registrations WHERE email = $1`,
      [ana.email],
    );
    expect(anaStored).toEqual({ first_name: 'Anabel', telephone_number: '611 222 333', queue_position: 3 });

    // A seat frees while automatic promotion is locked: promote appears. Someone takes the seat before staff
    // confirm: the server refuses and the screen says why.
    await app.sql(`UPDATE event_sessions SET is_promotion_locked = true WHERE id = $1`, [sessionId]);
    const token = await app.adminToken();
    const occupants = await app.sql<{ id: number }>(
      `SELECT id FROM registrations WHERE session_id = $1 AND email LIKE 'ocupante%' ORDER BY id`,
      [sessionId],
    );
    expect((await app.request('POST', `/api/registrations/${occupants[0].id}/cancel`, { token })).status).toBe(200);
    await page.reload();
    await openQueue(page);
    await page.getByRole('button', { name: `Promover a ${name(cai)}` }).click();
    const promote = dialog(page, 'Promover de la lista de espera');
    await promote.waitFor();
    await registerViaApi(app, sessionId, [newPerson()]);
    await promote.getByRole('button', { name: 'Promover' }).click();
    await notification(
      page,
      'Error al promover de la lista de espera: No hay plazas libres ni plazas reservadas sin usar para promover',
    ).waitFor();
    await eventually(async () => expect(await page.getByRole('button', { name: /^Promover a / }).count()).toBe(0));
    expect(await queueOrder(app, sessionId)).toEqual([ben.email, cai.email, ana.email]);

    // Another seat frees: Cai (2nd) is promoted by hand, out of order; those behind move up.
    expect((await app.request('POST', `/api/registrations/${occupants[1].id}/cancel`, { token })).status).toBe(200);
    await page.reload();
    await openQueue(page);
    await page.getByRole('button', { name: `Promover a ${name(cai)}` }).click();
    await dialog(page, 'Promover de la lista de espera').getByRole('button', { name: 'Promover' }).click();
    await notification(page, 'Persona promovida exitosamente').waitFor();
    await eventually(async () => expect(await shownOrder(page)).toEqual([name(ben), `Anabel ${ana.lastName}`]));
    expect((await rowsOf(app, sessionId)).find((r) => r.email === cai.email)).toMatchObject({
      state: 0,
      queue_position: null,
    });
    expect(await queueOrder(app, sessionId)).toEqual([ben.email, ana.email]);

    // Remove Ben, after 'Confirmar Eliminación'.
    await page.getByRole('button', { name: `Quitar a ${name(ben)} de la lista` }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await notification(page, 'Persona eliminada de la lista de espera').waitFor();
    await eventually(async () => expect(await shownOrder(page)).toEqual([`Anabel ${ana.lastName}`]));
    expect(await queueOrder(app, sessionId)).toEqual([ana.email]);
  });

  it('exportar a Excel: el fichero lleva la sesión y la fecha, y sus filas son la lista (bajo la CSP real)', async () => {
    const { app } = e2e;
    const page = await e2e.newPage({ bypassCSP: false, acceptDownloads: true });
    const csp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
    });
    const eventId = await createEvent(app, { title: 'Visita al Museo Thyssen' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 2, maxQueueSpots: 5, registered: 2 });
    const people = [newPerson(), newPerson({ telephoneNumber: null })];
    for (const person of people) await registerViaApi(app, sessionId, [person]);
    const dir = mkdtempSync(join(tmpdir(), 'cola-'));
    try {
      await signIn(page);
      await visit(page, '/queue-management', 'Listas de Espera');
      await typeAndChoose(page, page, 'Evento', 'thyssen', /Visita al Museo Thyssen/);
      await chooseOption(page, page, 'Sesión', /En espera: 2\/5/);
      await table(page).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^lista-espera-sesion-${sessionId}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
      );
      await notification(page, 'Excel exportado correctamente').waitFor();
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = new Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet('Lista de espera')!;
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1, 7);
      expect(values(1)).toEqual(['Posición', 'Nombre', 'Apellidos', 'Email', 'Teléfono', 'DNI/NIE']);
      expect(values(2)).toEqual([
        1,
        people[0].firstName,
        people[0].lastName,
        people[0].email,
        people[0].telephoneNumber,
        people[0].userTaxId,
      ]);
      expect(values(3).slice(0, 4)).toEqual([2, people[1].firstName, people[1].lastName, people[1].email]);
      expect(sheet.rowCount).toBe(3);

      // The network fails: the screen says so.
      await page.route('**/export', (route) => route.abort());
      await page.getByRole('button', { name: 'Exportar Excel' }).click();
      await notification(page, /^Error al exportar Excel/).waitFor();
      expect(csp).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
