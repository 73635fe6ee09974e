// Back office: registrations management (docs/product.md §2 "Registrations management", 3, 4, 5 registration edit, 8, 9
// page size and debounce), in Debian's Chromium against the real API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import type { Page } from 'playwright-core';
import { expectNoEnglish, requireAdminBuild, row, signIn, visit, dialog } from './support/admin';
import { chooseOption, notification, rowsOf, typeAndChoose } from './support/admin-people';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 }, acceptDownloads: true } });

const SEARCH = 'Buscar por nombre, email, DNI/NIE, teléfono, evento o referencia';

describe('Registros', () => {
  it("sin registros: 'No hay registros'", async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await seeText(page, 'No hay registros');
    await expectNoEnglish(page, 'registros vacíos');
  });

  it('tabla, búsqueda, editar (con los rechazos), reenviar email, cancelar solo activos y eliminar', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Taller de cerámica' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10, reservedSpots: 2 });
    const otherEvent = await createEvent(app, { title: 'Concierto de órgano' });
    const otherSession = await addSession(app, otherEvent, { maxAttendees: 10 });
    const [ana, luis] = [newPerson(), newPerson()];
    await registerViaApi(app, sessionId, [ana]);
    await registerViaApi(app, sessionId, [luis]);
    const marta = newPerson();
    await registerViaApi(app, otherSession, [marta]);
    // One made by staff on a reserved spot.
    const token = await app.adminToken();
    const staffMade = newPerson();
    const manual = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
      token,
      body: { eventSessionId: sessionId, formData: { ...staffMade, gdprConsent: true } },
    });
    expect(manual.status).toBe(200);

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    const anaRow = row(page, ana.email);
    await anaRow.waitFor();
    await seeText(anaRow, `${ana.firstName} ${ana.lastName}`);
    await seeText(anaRow, 'Taller de cerámica');
    await seeText(anaRow, /\d{2}\/\d{2}\/\d{4} 10:00-11:30/);
    await seeText(anaRow, 'Público');
    await seeText(anaRow, 'Online');
    await seeText(anaRow, 'Activo');
    await seeText(row(page, staffMade.email), 'Admin');
    await seeText(row(page, staffMade.email), 'Reservado');
    await seeText(page, 'Mostrando 4 de 4 registros');
    await seeText(page, 'Página 1 de 1');
    await expectAccessible(page, 'lista de registros');
    await expectNoEnglish(page, 'registros');
    await screenshot(page, 'admin-registrations');

    // Search (debounced): by event title, by e-mail, then nothing.
    const search = page.getByRole('textbox', { name: SEARCH });
    await search.fill('órgano');
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2));
    await row(page, marta.email).waitFor();
    await search.fill(luis.email.toUpperCase());
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2));
    await row(page, luis.email).waitFor();
    await search.fill('nadie-se-llama-asi');
    await seeText(page, 'No se encontraron registros');
    await search.fill('');
    await anaRow.waitFor();

    // Edit: the spec's checks, then a refusal of the server (Luis's e-mail in the same session), then a save.
    await page.getByRole('button', { name: `Editar el registro de ${ana.firstName} ${ana.lastName}` }).click();
    const edit = dialog(page, 'Editar Registro');
    expect(await edit.getByLabel('Email').inputValue()).toBe(ana.email);
    await edit.getByLabel('Nombre').fill('');
    await edit.getByLabel('Email').fill('ana@');
    await edit.getByLabel('DNI/NIE').fill('');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expectError(edit.getByLabel('Nombre'), 'Nombre es requerido');
    await expectError(edit.getByLabel('Email'), 'Email no es válido');
    await expectError(edit.getByLabel('DNI/NIE'), 'DNI/NIE es requerido');
    await edit.getByLabel('Nombre').fill('Ana María');
    await edit.getByLabel('DNI/NIE').fill(ana.userTaxId);
    await edit.getByLabel('Email').fill(luis.email);
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    // The server's refusal of a field is shown under that field, not in a banner (issue 23 §5).
    await expectError(edit.getByLabel('Email'), 'Ya existe una inscripción con este correo electrónico en esta sesión');
    expect(await edit.getByRole('alert').filter({ hasText: 'Ya existe' }).count()).toBe(0);
    await edit.getByLabel('DNI/NIE').fill('12345678A');
    await edit.getByLabel('Email').fill('ana.otra@example.com');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expectError(edit.getByLabel('DNI/NIE'), 'DNI/NIE no es válido');
    await edit.getByLabel('DNI/NIE').fill(ana.userTaxId);
    await expectNoEnglish(page, 'editar registro');
    await edit.getByLabel('Email').fill('ana.maria@example.com');
    await edit.getByLabel('Teléfono (opcional)').fill('');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = row(page, 'ana.maria@example.com');
    await seeText(edited, `Ana María ${ana.lastName}`);
    await seeText(edited, 'Sin teléfono');
    const [stored] = await app.sql(
      `SELECT first_name, email, telephone_number FROM registrations WHERE email = 'ana.maria@example.com'`,
    );
    expect(stored).toEqual({ first_name: 'Ana María', email: 'ana.maria@example.com', telephone_number: null });

    // Resend the e-mail: one more Registration e-mail recorded for her.
    const emailsBefore = await app.sql(
      `SELECT id FROM email_messages WHERE email_address = 'ana.maria@example.com' AND email_type = 'Registration'`,
    );
    await page.getByRole('button', { name: `Reenviar el email de Ana María ${ana.lastName}` }).click();
    await dialog(page, 'Reenviar email').getByRole('button', { name: 'Reenviar' }).click();
    await notification(page, 'Email reenviado').waitFor();
    await eventually(async () => {
      const after = await app.sql(
        `SELECT id FROM email_messages WHERE email_address = 'ana.maria@example.com' AND email_type = 'Registration'`,
      );
      expect(after.length).toBe(emailsBefore.length + 1);
    });

    // Cancel (only active ones offer it): the row says Cancelado and no longer offers cancel or resend.
    await page.getByRole('button', { name: `Cancelar el registro de ${luis.firstName} ${luis.lastName}` }).click();
    const confirm = dialog(page, 'Cancelar Registro');
    await seeText(confirm, 'Se libera su plaza');
    await confirm.getByRole('button', { name: 'Cancelar registro' }).click();
    await notification(page, 'Inscripción cancelada').waitFor();
    const luisRow = row(page, luis.email);
    await luisRow.getByText('Cancelado', { exact: true }).waitFor();
    expect(await luisRow.getByRole('button', { name: /Cancelar el registro/ }).count()).toBe(0);
    expect(await luisRow.getByRole('button', { name: /Reenviar el email/ }).count()).toBe(0);
    expect((await rowsOf(app, sessionId)).find((r) => r.email === luis.email)?.state).toBe(1);

    // Delete, after 'Confirmar Eliminación': the row goes, in the table and in the database.
    await page.getByRole('button', { name: `Eliminar el registro de ${luis.firstName} ${luis.lastName}` }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await notification(page, 'Registro eliminado').waitFor();
    await luisRow.waitFor({ state: 'detached' });
    expect((await rowsOf(app, sessionId)).map((r) => r.email)).not.toContain(luis.email);
    await seeText(page, 'Mostrando 3 de 3 registros');
  });

  it('páginas de 20 con Anterior y Siguiente', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Maratón popular' });
    await addSession(app, eventId, { maxAttendees: 40, registered: 22 });
    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await seeText(pager, /Mostrando 20 de \d+ registros/);
    await seeText(pager, 'Página 1 de 2');
    expect(await page.getByRole('row').count()).toBe(21);
    expect(await pager.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await seeText(pager, 'Página 2 de 2');
    await eventually(async () => expect(await page.getByRole('row').count()).toBeLessThan(21));
    expect(await pager.getByRole('button', { name: 'Siguiente' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Anterior' }).click();
    await seeText(pager, 'Página 1 de 2');
  });

  it('filtros por evento, sesión, estado y fechas, orden, números de página y Excel de lo filtrado, todo decidido por el servidor', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Festival de otoño' });
    // A small session: 3 seats, then its waiting list; one cancelled gives its seat to the first waiting.
    const small = await addSession(app, eventId, { maxAttendees: 3, maxQueueSpots: 5 });
    const people = Array.from({ length: 5 }, () => newPerson());
    for (const person of people) await registerViaApi(app, small, [person]);
    const [first] = await app.sql(`SELECT id FROM registrations WHERE email = $1`, [people[0].email]);
    const token = await app.adminToken();
    expect((await app.request('POST', `/api/registrations/${first.id}/cancel`, { token })).status).toBe(200);
    const big = await addSession(app, eventId, { maxAttendees: 40, registered: 23 });
    // Half of the big session registered on 10 January (Madrid), the rest now.
    await app.sql(
      `UPDATE registrations SET registered_at = '2026-01-10T11:00:00Z'::timestamptz + id * interval '1 second'
        WHERE session_id = $1 AND id % 2 = 0`,
      [big],
    );
    const other = await createEvent(app, { title: 'Concierto de invierno' });
    await addSession(app, other, { maxAttendees: 5, registered: 2 });
    const count = async (where: string, params: unknown[]) =>
      (
        await app.sql(
          `SELECT count(*)::int AS n FROM registrations r JOIN event_sessions s ON s.id = r.session_id WHERE ${where}`,
          params,
        )
      )[0].n as number;
    const [waiting] = await app.sql(
      `SELECT email, first_name, queue_position FROM registrations WHERE session_id = $1 AND state = 2`,
      [small],
    );

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    const pager = page.getByRole('navigation', { name: 'Paginación' });

    // By event: its 28 people over two pages, with the page numbers.
    await typeAndChoose(page, page, 'Evento', 'otoño', /Festival de otoño/);
    const inEvent = await count('s.event_id = $1', [eventId]);
    expect(inEvent).toBe(28);
    await seeText(pager, `Mostrando 20 de ${inEvent} registros`);
    await seeText(pager, 'Página 1 de 2');
    await pager.getByRole('button', { name: 'Ir a la página 2' }).click();
    await seeText(pager, 'Página 2 de 2');
    await seeText(pager, `Mostrando 8 de ${inEvent} registros`);
    await pager.getByRole('button', { name: 'Ir a la página 1' }).click();
    await seeText(pager, 'Página 1 de 2');

    // By session, then by state: the waiting entry with its position.
    await chooseOption(page, page, 'Sesión', new RegExp(`^Sesión ${small} · `));
    await seeText(pager, 'Mostrando 5 de 5 registros');
    await seeText(row(page, waiting.email), `En espera · posición ${waiting.queue_position}`);
    await seeText(row(page, people[0].email), 'Cancelado');
    await chooseOption(page, page, 'Estado', 'En espera');
    await seeText(pager, 'Mostrando 1 de 1 registros');
    await row(page, waiting.email).waitFor();
    await chooseOption(page, page, 'Estado', 'Activa');
    await seeText(pager, `Mostrando ${await count('r.session_id = $1 AND r.state = 0', [small])} de 3 registros`);
    // The empty choice ('Todos', named 'Borrar valor' for screen readers) clears the filter.
    await chooseOption(page, page, 'Estado', 'Borrar valor');
    // One search finds the person on the waiting list by name.
    await page.getByRole('textbox', { name: SEARCH }).fill(waiting.first_name);
    await seeText(pager, 'Mostrando 1 de 1 registros');
    await seeText(row(page, waiting.email), 'En espera');
    await page.getByRole('textbox', { name: SEARCH }).fill('');
    await seeText(pager, 'Mostrando 5 de 5 registros');

    // By registration days (the big session).
    await chooseOption(page, page, 'Sesión', new RegExp(`^Sesión ${big} · `));
    await seeText(pager, 'Mostrando 20 de 23 registros');
    await page.getByLabel('Inscritos desde').fill('2026-01-10');
    await page.getByLabel('Inscritos hasta').fill('2026-01-10');
    const onTheTenth = await count(
      `r.session_id = $1 AND (r.registered_at AT TIME ZONE 'Europe/Madrid')::date = '2026-01-10'`,
      [big],
    );
    await seeText(pager, `Mostrando ${onTheTenth} de ${onTheTenth} registros`);
    await expectNoEnglish(page, 'registros filtrados');
    await page.getByLabel('Inscritos hasta').fill('2026-01-11');
    await page.getByLabel('Inscritos desde').fill('2026-01-11');
    await seeText(page, 'No se encontraron registros');
    // Cleared (the date input commits an empty value when it loses the focus): every day again.
    await page.getByLabel('Inscritos desde').fill('');
    await page.getByLabel('Inscritos desde').blur();
    await seeText(pager, `Mostrando ${onTheTenth} de ${onTheTenth} registros`);
    await page.getByLabel('Inscritos hasta').fill('');
    await page.getByLabel('Inscritos hasta').blur();
    await seeText(pager, 'Mostrando 20 de 23 registros');

    // Sorted by the server: Persona (last name) up, then down.
    const firstEmail = async (page: Page) => (await page.locator('tbody tr').first().innerText()).match(/\S+@\S+/)?.[0];
    const emailsBy = async (order: string) =>
      (await app.sql(`SELECT r.email FROM registrations r WHERE r.session_id = $1 ORDER BY ${order}`, [big])).map(
        (r: { email: string }) => r.email,
      );
    await page.locator('thead').getByText('Persona', { exact: true }).click();
    const up = await emailsBy('lower(r.last_name) ASC, r.id ASC');
    await eventually(async () => expect(await firstEmail(page)).toBe(up[0]));
    await page.locator('thead').getByText('Persona', { exact: true }).click();
    const down = await emailsBy('lower(r.last_name) DESC, r.id DESC');
    await eventually(async () => expect(await firstEmail(page)).toBe(down[0]));

    // 'Exportar Excel': exactly the filtered rows, all pages, in the order shown.
    const dir = mkdtempSync(join(tmpdir(), 'registros-'));
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^registros-\d{4}-\d{2}-\d{2}\.xlsx$/);
      await notification(page, 'Excel exportado correctamente').waitFor();
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const workbook = new Workbook();
      await workbook.xlsx.readFile(file);
      const sheet = workbook.getWorksheet('Registros')!;
      expect(sheet.getRow(1).getCell(4).value).toBe('Email');
      const emails = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => r.getCell(4).value);
      expect(emails).toEqual(down);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // 'Contacto': the address breaks only before its '@' or a '.' of the domain, never inside a word.
    const contact = page.locator('tbody tr').first().locator('[title*="@"]');
    expect(await contact.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('normal');
    expect(await contact.locator('wbr').count()).toBe(2);
    expect(await contact.innerText()).toBe(down[0]);
  });
});
