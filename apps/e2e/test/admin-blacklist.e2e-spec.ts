// Back office: the blacklist (docs/product.md §2 "Blacklist screen", 4 blacklist entry and dialog, 5 blacklist dialog, 6
// buttons, 8 empty state, 9 page size and defaults), in Debian's Chromium against the real API; the booking page
// of the same server then refuses the blocked person.
import type { Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, row, signIn, visit } from './support/admin';
import { chooseOption, notification, typeAndChoose } from './support/admin-people';
import { expectAccessible } from './support/axe';
import {
  consent,
  eventually,
  expectError,
  fillPerson,
  openWithHold,
  personScope,
  seeText,
  submitAndWait,
} from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

/** The browser's today plus some days, as a date input holds it. */
const browserDay = (page: Page, plusDays: number) =>
  page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, plusDays);

const personField = (scope: ReturnType<typeof dialog>) =>
  scope.getByRole('combobox', { name: '3. Persona registrada' });

describe('Lista Negra', () => {
  it("sin entradas: 'No hay entradas en la lista negra'", async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/blacklist', 'Lista Negra');
    await seeText(page, 'No hay entradas en la lista negra');
    await expectNoEnglish(page, 'lista negra vacía');
  });

  it('bloquear a una persona registrada (pasos, reglas y reinicio del diálogo); la página de reservas la rechaza; editar y eliminar', async () => {
    const { app, page } = e2e;
    const courseId = await createEvent(app, { title: 'Curso de fotografía' });
    const firstSession = await addSession(app, courseId, { maxAttendees: 10 });
    const secondSession = await addSession(app, courseId, { maxAttendees: 10, startsInHours: 24 * 10 });
    const tastingId = await createEvent(app, { title: 'Cata de vinos' });
    const tastingSession = await addSession(app, tastingId, { maxAttendees: 10 });
    const [ana, ben] = [newPerson(), newPerson()];
    await registerViaApi(app, firstSession, [ana]);
    await registerViaApi(app, firstSession, [ben]);
    await registerViaApi(app, secondSession, [newPerson()]);
    await registerViaApi(app, tastingSession, [newPerson()]);
    // An older entry, already expired.
    await app.sql(
      `INSERT INTO blacklist_entries (event_id, event_session_id, email, first_name, last_name, reason, reason_desc, expires_at, created_at)
       VALUES ($1, $2, 'antiguo@example.com', 'Pedro', 'Antiguo', 0, 'No vino', now() - interval '2 days', now() - interval '40 days')`,
      [tastingId, tastingSession],
    );

    await signIn(page);
    await visit(page, '/blacklist', 'Lista Negra');
    await seeText(row(page, 'antiguo@example.com'), 'Expirado');

    await page.getByRole('button', { name: 'Bloquear Persona' }).click();
    const block = dialog(page, 'Bloquear Persona Registrada');
    const submit = block.getByRole('button', { name: 'Bloquear' });
    // Opened afresh: expiry in 30 days, reason 'No se presentó' (No Show), e-mail; nothing chosen, so the button waits.
    expect(await block.getByLabel('Fecha de expiración').inputValue()).toBe(await browserDay(page, 30));
    expect((await block.getByRole('combobox', { name: 'Razón' }).innerText()).trim()).toBe('No se presentó');
    expect(await block.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    expect(await submit.isDisabled()).toBe(true);
    expect(await block.getByRole('combobox', { name: '2. Sesión' }).getAttribute('aria-disabled')).toBe('true');
    await block.getByRole('combobox', { name: '1. Evento' }).click();
    await block.getByLabel('Fecha de expiración').click();
    await expectError(block.getByRole('combobox', { name: '1. Evento' }), 'Debe seleccionar un evento');

    // Step 1 (search by title), 2 ('Sesión {id}', date, registered count), 3 (search by e-mail or name).
    await typeAndChoose(page, block, '1. Evento', 'fotogra', /Curso de fotografía/);
    await block.getByRole('combobox', { name: '2. Sesión' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^Sesión ${firstSession} · \\d{2}/\\d{2}/\\d{4} · 2 registrados$`) })
      .waitFor();
    await page.getByRole('option', { name: new RegExp(`^Sesión ${secondSession} `) }).click();
    await typeAndChoose(page, block, '3. Persona registrada', '', /./);
    expect(await personField(block).inputValue()).not.toBe('');
    // Changing the session clears the person; changing the event clears session and person.
    await chooseOption(page, block, '2. Sesión', new RegExp(`^Sesión ${firstSession} `));
    expect(await personField(block).inputValue()).toBe('');
    await typeAndChoose(page, block, '3. Persona registrada', ana.email.slice(0, 9), new RegExp(ana.email));
    await typeAndChoose(page, block, '1. Evento', 'cata', /Cata de vinos/);
    expect((await block.getByRole('combobox', { name: '2. Sesión' }).innerText()).replace(/[\s\u200b]/g, '')).toBe('');
    expect(await personField(block).inputValue()).toBe('');
    await typeAndChoose(page, block, '1. Evento', 'curso', /Curso de fotografía/);
    await chooseOption(page, block, '2. Sesión', new RegExp(`^Sesión ${firstSession} `));
    await typeAndChoose(page, block, '3. Persona registrada', ana.lastName, new RegExp(ana.email));
    expect(await submit.isDisabled()).toBe(false);

    // The expiry can't be before today; the description holds at most 500 characters.
    await block.getByLabel('Fecha de expiración').fill(await browserDay(page, -1));
    await expectError(block.getByLabel('Fecha de expiración'), 'La fecha de expiración no puede ser anterior a hoy');
    expect(await submit.isDisabled()).toBe(true);
    await block.getByLabel('Fecha de expiración').fill(await browserDay(page, 60));
    await block.getByLabel('Descripción (opcional)').fill('x'.repeat(501));
    await expectError(block.getByLabel('Descripción (opcional)'), 'La descripción no puede superar 500 caracteres');
    expect(await submit.isDisabled()).toBe(true);
    await block.getByLabel('Descripción (opcional)').fill('Anuló tres reservas el mismo día');
    await chooseOption(page, block, 'Razón', 'Cancelado');
    expect(await submit.isDisabled()).toBe(false);
    await expectAccessible(page, 'diálogo de bloqueo');
    await expectNoEnglish(page, 'diálogo de bloqueo');
    await screenshot(page, 'admin-blacklist-dialog');
    await submit.click();
    await block.waitFor({ state: 'detached' });
    await notification(page, `Persona bloqueada: ${ana.email}`).waitFor();
    // The notification goes by itself; the list is checked and pictured without it.
    await notification(page, `Persona bloqueada: ${ana.email}`).waitFor({ state: 'detached' });

    const entry = row(page, ana.email);
    await seeText(entry, `${ana.firstName} ${ana.lastName}`);
    await seeText(entry, 'Curso de fotografía');
    // Name and phone come from her registration.
    await seeText(entry, ana.telephoneNumber);
    await seeText(entry, /\d{2}\/\d{2}\/\d{4} 10:00 - 11:30/);
    await seeText(entry, 'Cancelado');
    await seeText(entry, 'Anuló tres reservas el mismo día');
    await seeText(entry, 'Activo');
    await seeText(page, 'Mostrando 2 de 2 entradas');
    const [stored] = await app.sql(
      `SELECT id, event_id, event_session_id, reason, notification_type FROM blacklist_entries WHERE email = $1`,
      [ana.email],
    );
    expect(stored).toMatchObject({
      event_id: courseId,
      event_session_id: firstSession,
      reason: 1,
      notification_type: 1,
    });
    expect(
      await app.sql(`SELECT 1 FROM email_messages WHERE email_type = 'Blacklist' AND email_address = $1`, [ana.email]),
    ).toHaveLength(1);
    await expectAccessible(page, 'lista negra');
    await expectNoEnglish(page, 'lista negra');
    await screenshot(page, 'admin-blacklist');

    // Opened again, the dialog starts afresh.
    await page.getByRole('button', { name: 'Bloquear Persona' }).click();
    const again = dialog(page, 'Bloquear Persona Registrada');
    expect(await again.getByRole('combobox', { name: '1. Evento' }).inputValue()).toBe('');
    expect((await again.getByRole('combobox', { name: 'Razón' }).innerText()).trim()).toBe('No se presentó');
    expect(await again.getByLabel('Fecha de expiración').inputValue()).toBe(await browserDay(page, 30));
    expect(await again.getByLabel('Descripción (opcional)').inputValue()).toBe('');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });

    // The booking page of the same server refuses her, for any event.
    const visitor = await e2e.newPage();
    await openWithHold(visitor, tastingId);
    await fillPerson(personScope(visitor, 0, false), ana);
    await consent(visitor).check();
    expect((await submitAndWait(visitor, 'Registrarse Ahora')).status()).toBe(403);
    // No date on the page: she gets it by e-mail.
    await seeText(visitor, 'No es posible inscribirse con este correo electrónico. Hemos enviado los detalles');

    // Search by event title, then nothing found.
    const search = page.getByRole('textbox', { name: 'Buscar por email, nombre o evento' });
    await search.fill('fotografía');
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2));
    await search.fill('nadie-se-llama-asi');
    await seeText(page, 'No se encontraron resultados');
    await search.fill('');
    await entry.waitFor();

    // Edit: reason and note change; nothing new is sent.
    await page.getByRole('button', { name: `Editar la entrada de ${ana.email}` }).click();
    const edit = dialog(page, 'Editar Entrada de la Lista Negra');
    await chooseOption(page, edit, 'Razón', 'Otro');
    await edit.getByLabel('Descripción (opcional)').fill('Revisado con la organización');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await seeText(entry, 'Revisado con la organización');
    const [edited] = await app.sql(`SELECT reason, reason_desc, expires_at FROM blacklist_entries WHERE id = $1`, [
      stored.id,
    ]);
    expect(edited).toMatchObject({ reason: 2, reason_desc: 'Revisado con la organización' });
    // One message for the entry, one telling her of the refused booking above; editing added none.
    expect(
      await app.sql(
        `SELECT data ? 'refusedRegistration' AS refused FROM email_messages WHERE email_type = 'Blacklist' AND email_address = $1 ORDER BY id`,
        [ana.email],
      ),
    ).toEqual([{ refused: false }, { refused: true }]);

    // Delete after 'Confirmar Eliminación'.
    await page.getByRole('button', { name: `Eliminar la entrada de ${ana.email}` }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await entry.waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT 1 FROM blacklist_entries WHERE email = $1`, [ana.email])).toHaveLength(0);
  });

  it('con solo Blacklists.Read no hay botones; páginas de 20', async () => {
    const { app, page } = e2e;
    for (let i = 0; i < 21; i++) {
      await app.sql(
        `INSERT INTO blacklist_entries (email, first_name, last_name, reason, expires_at) VALUES ($1, 'Persona', $2, 0, now() + interval '5 days')`,
        [`lectura${i}@example.com`, `Número ${i}`],
      );
    }
    const reader = await app.staffWith(['Blacklists.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/blacklist', 'Lista Negra');
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await seeText(pager, 'Página 1 de 2');
    await seeText(pager, /^Mostrando 20 de \d+ entradas$/);
    expect(await page.getByRole('button', { name: 'Bloquear Persona' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Editar|Eliminar) la entrada/ }).count()).toBe(0);
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await seeText(pager, 'Página 2 de 2');
  });
});
