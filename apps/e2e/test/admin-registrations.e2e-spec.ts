// Back office: registrations management (docs/product.md §2 "Registrations management", 3, 4, 5 registration edit, 8, 9
// page size and debounce), in Debian's Chromium against the real API.
import { expectNoEnglish, requireAdminBuild, row, signIn, visit, dialog } from './support/admin';
import { notification, rowsOf } from './support/admin-people';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const SEARCH = 'Buscar por nombre, email, DNI/NIE o evento';

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
    await seeText(edit, 'Ya existe una inscripción con este correo electrónico en esta sesión');
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
});
