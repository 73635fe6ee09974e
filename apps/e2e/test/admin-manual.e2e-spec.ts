// Back office: manual registration (docs/product.md §2 "Manual registration", 4 manual registration states, 5 and 8), in
// Debian's Chromium against the real API: reserved seats first, then the waiting-list confirmation.
import type { Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import { chooseOption, rowsOf } from './support/admin-people';
import { expectAccessible } from './support/axe';
import { eventually, expectError, notSeen, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const form = (page: Page) => page.getByRole('form', { name: 'Registro manual' });
/** A field of the form by its label (a required one's label ends with a decorative '*'). */
const input = (page: Page, label: string) =>
  form(page).getByLabel(new RegExp(`^${label.replace('/', '\\/')}\\s*\\*?$`));
const tile = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Ocupación de la sesión' }).getByRole('button', { name: new RegExp(label) });

async function optionTexts(page: Page): Promise<string[]> {
  return (await page.getByRole('option').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

async function fill(page: Page, person: ReturnType<typeof newPerson>, document = person.userTaxId) {
  const f = form(page);
  await input(page, 'Nombre').fill(person.firstName);
  await input(page, 'Apellidos').fill(person.lastName);
  await input(page, 'Email').fill(person.email);
  await input(page, 'Confirmar Email').fill(person.email);
  await f.getByRole('textbox', { name: /^(DNI\/NIE|Pasaporte)/ }).fill(document);
}

describe('Registro Manual', () => {
  it('en plaza reservada; con las reservadas agotadas, confirmación y a la lista de espera', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Concierto solidario' });
    // Online seats all taken (9 of 10 - 1 reserved): only the reserved seat, then the waiting list.
    const sessionId = await addSession(app, eventId, {
      maxAttendees: 10,
      reservedSpots: 1,
      maxQueueSpots: 3,
      registered: 9,
    });
    const laterSession = await addSession(app, eventId, { maxAttendees: 10, startsInHours: 24 * 20 });
    await createEvent(app, { title: 'Feria del libro' });
    const [{ day: laterDay }] = await app.sql(
      `SELECT to_char(start_date, 'DD/MM/YYYY') AS day FROM event_sessions WHERE id = $1`,
      [laterSession],
    );
    const [{ day }] = await app.sql(
      `SELECT to_char(start_date, 'DD/MM/YYYY') AS day FROM event_sessions WHERE id = $1`,
      [sessionId],
    );

    await signIn(page);
    await visit(page, '/manual-registration', 'Registro Manual');
    const sessionSelect = page.getByRole('combobox', { name: 'Sesión' });
    await page.getByRole('combobox', { name: 'Evento' }).waitFor();
    expect(await sessionSelect.getAttribute('aria-disabled')).toBe('true');

    // Nothing chosen or filled: the spec's messages.
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await expectError(input(page, 'Nombre'), 'Nombre es requerido');
    await expectError(input(page, 'Apellidos'), 'Apellidos son requeridos');
    await expectError(input(page, 'Email'), 'Email es requerido');
    await expectError(input(page, 'Confirmar Email'), 'Confirmar email es requerido');
    await expectError(input(page, 'DNI/NIE'), 'DNI/NIE es requerido');
    await seeText(page, 'Por favor selecciona una sesión');
    await seeText(page, 'Debe aceptar la política de privacidad para continuar');
    // Editing a field clears its error.
    await input(page, 'Nombre').fill('A');
    await expectError(input(page, 'Nombre'), '');
    await input(page, 'Email').fill('ana@example.com');
    await input(page, 'Confirmar Email').fill('otra@example.com');
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await expectError(input(page, 'Confirmar Email'), 'Los emails no coinciden');

    // Event search (title, city or address, any case) and select with 'city - address'.
    await page.getByRole('textbox', { name: 'Buscar evento' }).fill('CONCIERTO');
    await page.getByRole('combobox', { name: 'Evento' }).click();
    expect(await optionTexts(page)).toEqual(['Concierto solidario Madrid - Calle de Alcalá 42']);
    await page.getByRole('option', { name: /Concierto solidario/ }).click();
    // Session search by date, then the select with times and availability.
    await page.getByRole('textbox', { name: 'Buscar sesión' }).fill(laterDay);
    await sessionSelect.click();
    expect(await optionTexts(page)).toEqual([`${laterDay} 10:00 - 11:30 10 plazas disponibles`]);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Buscar sesión' }).fill('');
    await chooseOption(page, page, 'Sesión', new RegExp(`${day} 10:00 - 11:30.*Lista espera`));

    await seeText(tile(page, 'Plazas reservadas'), '0/1');
    await seeText(tile(page, 'Lista de espera'), '0/3');
    await seeText(tile(page, 'Total registros'), '9/10');
    await seeText(tile(page, 'Total registros'), 'Activos: 9 · Cancelados: 0');

    // First person: on the reserved seat. The button says 'Registrando...' while the call is out.
    const ana = newPerson();
    await fill(page, ana);
    await form(page)
      .getByRole('checkbox', { name: /política de privacidad/ })
      .check();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin-registrations*', async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await form(page).getByRole('button', { name: 'Registrando...' }).waitFor();
    release();
    await seeText(page, 'Registro manual completado exitosamente');
    // The person's fields clear; the consent stays.
    await eventually(async () => expect(await input(page, 'Email').inputValue()).toBe(''));
    expect(await input(page, 'Nombre').inputValue()).toBe('');
    expect(
      await form(page)
        .getByRole('checkbox', { name: /política de privacidad/ })
        .isChecked(),
    ).toBe(true);
    await seeText(tile(page, 'Plazas reservadas'), '1/1');
    let stored = (await rowsOf(app, sessionId)).find((r) => r.email === ana.email);
    expect(stored).toMatchObject({ state: 0, uses_reserved_spot: true });

    await tile(page, 'Plazas reservadas').click();
    const reserved = dialog(page, 'Registros en plazas reservadas');
    await seeText(reserved, `${ana.firstName} ${ana.lastName}`);
    await seeText(reserved, 'Activo');
    await reserved.getByRole('button', { name: 'Cerrar' }).click();

    // Second person, with a foreign passport: the reserved seats are used up, so the server asks; 'Cancelar'
    // writes nothing.
    const luis = newPerson();
    await fill(page, luis, 'XA1234567');
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await expectError(input(page, 'DNI/NIE'), 'DNI/NIE no es válido: revisa los números y la letra');
    await form(page)
      .getByRole('checkbox', { name: /Pasaporte extranjero/ })
      .check();
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Plazas reservadas completas' });
    await seeText(box, 'No quedan plazas reservadas. ¿Añadir a la persona a la lista de espera?');
    await seeText(box, 'Lista de espera: 0/3');
    await box.getByRole('button', { name: 'Cancelar' }).click();
    await box.waitFor({ state: 'detached' });
    expect((await rowsOf(app, sessionId)).find((r) => r.email === luis.email)).toBeUndefined();

    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await box.waitFor();
    await expectAccessible(page, 'registro manual con la confirmación de la cola');
    await expectNoEnglish(page, 'registro manual');
    await screenshot(page, 'admin-manual-registration');
    await box.getByRole('button', { name: 'Sí, añadir a la cola' }).click();
    await seeText(page, 'Persona añadida a la lista de espera. Posición en cola: 1');
    expect(
      await form(page)
        .getByRole('checkbox', { name: /Pasaporte extranjero/ })
        .isChecked(),
    ).toBe(false);
    stored = (await rowsOf(app, sessionId)).find((r) => r.email === luis.email);
    expect(stored).toMatchObject({ state: 2, queue_position: 1, uses_reserved_spot: false });
    const [{ user_tax_id }] = await app.sql(`SELECT user_tax_id FROM registrations WHERE email = $1`, [luis.email]);
    expect(user_tax_id).toBe('XA1234567');
    await seeText(tile(page, 'Lista de espera'), '1/3');

    await tile(page, 'Lista de espera').click();
    const queue = dialog(page, 'Lista de espera');
    const queued = queue.getByRole('row').filter({ hasText: luis.email });
    await seeText(queued, 'En espera');
    expect((await queued.getByRole('cell').first().innerText()).trim()).toBe('1');
    await queue.getByRole('button', { name: 'Cerrar' }).click();

    // All registrations: active with RESERVADO / ACTIVO badges, cancelled struck through.
    const [occupant] = await app.sql(
      `SELECT id, email FROM registrations WHERE session_id = $1 AND email LIKE 'ocupante%' ORDER BY id LIMIT 1`,
      [sessionId],
    );
    const token = await app.adminToken();
    expect((await app.request('POST', `/api/registrations/${occupant.id}/cancel`, { token })).status).toBe(200);
    // A change made elsewhere: the tiles follow when staff come back to the window (and every 15 s). The freed
    // online seat went to the first of the waiting list.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await seeText(tile(page, 'Total registros'), 'Activos: 10 · Cancelados: 1');
    await seeText(tile(page, 'Lista de espera'), '0/3');
    // The event and the session are in the address: a reload keeps them.
    const chosen = new URL(page.url()).searchParams;
    expect([chosen.get('event'), chosen.get('session')]).toEqual([String(eventId), String(sessionId)]);
    await page.reload();
    await seeText(tile(page, 'Total registros'), 'Activos: 10 · Cancelados: 1');
    await seeText(page.getByRole('combobox', { name: 'Evento' }), 'Concierto solidario');
    await seeText(sessionSelect, day);
    await tile(page, 'Total registros').click();
    const all = dialog(page, 'Todos los registros');
    await seeText(all, 'Activos (10)');
    await seeText(all, 'Cancelados (1)');
    await all.getByRole('listitem').filter({ hasText: ana.email }).getByText('RESERVADO').waitFor();
    await all.getByRole('listitem').filter({ hasText: luis.email }).getByText('ACTIVO').waitFor();
    const cancelled = all.getByRole('listitem').filter({ hasText: occupant.email });
    await cancelled.getByText('CANCELADO').waitFor();
    expect(await cancelled.locator('del').count()).toBe(1);
    await expectNoEnglish(page, 'todos los registros');
    await all.getByRole('button', { name: 'Cerrar' }).click();

    // Changing the event clears the session and the messages.
    await fill(page, newPerson());
    await form(page)
      .getByRole('checkbox', { name: /política de privacidad/ })
      .check();
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await box.waitFor();
    await chooseOption(page, page, 'Evento', /Feria del libro/);
    await box.waitFor({ state: 'detached' });
    // The address changes through the router, a moment after the messages go.
    await eventually(async () => expect((await sessionSelect.innerText()).replace(/[\s\u200b]/g, '')).toBe(''));
    expect(new URL(page.url()).searchParams.has('session')).toBe(false);
    // ...and every error: the session's rule and the person's fields.
    await input(page, 'Confirmar Email').fill('otra@example.com');
    await input(page, 'Nombre').fill('');
    await form(page).getByRole('button', { name: 'Crear Registro Manual' }).click();
    await expectError(input(page, 'Confirmar Email'), 'Los emails no coinciden');
    await expectError(input(page, 'Nombre'), 'Nombre es requerido');
    await seeText(page, 'Por favor selecciona una sesión');
    await chooseOption(page, page, 'Evento', /Concierto solidario/);
    await expectError(input(page, 'Confirmar Email'), '');
    await expectError(input(page, 'Nombre'), '');
    await notSeen(page, 'Por favor selecciona una sesión');
  });
});
