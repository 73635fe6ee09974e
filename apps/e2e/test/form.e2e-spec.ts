// The public form's client checks (docs/product.md §5) and the server's refusals shown where they belong (docs/product.md §5 "Server
// error texts are mapped to fields", 8 'Error de registro:').
import type { Page } from 'playwright-core';
import {
  consent,
  countRegistrationCalls,
  errorOf,
  expectError,
  field,
  fillPerson,
  notSeen,
  openWithHold,
  personScope,
  registrationArea,
  seeText,
  submitAndWait,
  type FieldName,
} from './support/booking-page';
import { ATTENDEE_LIMITS } from '@evreg/contracts';
import eu from '../../booking/src/i18n/eu.json';
import { setupE2E } from './support/e2e';
import { blacklist, eventWithSession, newPerson, registerViaApi, registrationsOf } from './support/fixtures';
import { screenshot } from './support/screenshots';

const e2e = setupE2E();

const EMPTY_FORM_ERRORS: Record<FieldName, string> = {
  firstName: 'Nombre es requerido',
  lastName: 'Apellidos son requeridos',
  email: 'Correo electrónico es requerido',
  confirmEmail: 'Confirmar correo es requerido',
  userTaxId: 'DNI/NIE es requerido',
  telephoneNumber: '',
};
const CONSENT_REQUIRED = 'Debe aceptar la política de privacidad para continuar';

async function shownErrors(page: Page, index: 0 | 1, two: boolean): Promise<Record<FieldName, string>> {
  const scope = personScope(page, index, two);
  const out = {} as Record<FieldName, string>;
  for (const name of Object.keys(EMPTY_FORM_ERRORS) as FieldName[]) out[name] = await errorOf(field(scope, name));
  return out;
}

/** The text of the 'Error de registro:' box. */
async function errorBox(page: Page): Promise<string> {
  const box = registrationArea(page).getByRole('alert').filter({ hasText: 'Error de registro:' });
  await box.waitFor();
  return (await box.innerText()).replace(/\s+/g, ' ');
}

describe('Comprobaciones del formulario (una persona)', () => {
  it('envío vacío, correo no válido, confirmación distinta, DNI y consentimiento; escribir borra el error del campo', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    await openWithHold(page, eventId);
    const calls = countRegistrationCalls(page);
    const form = personScope(page, 0, false);

    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await expectError(field(form, 'firstName'), 'Nombre es requerido');
    expect(await shownErrors(page, 0, false)).toEqual(EMPTY_FORM_ERRORS);
    expect(await errorOf(consent(page))).toBe(CONSENT_REQUIRED);
    for (const text of [...Object.values(EMPTY_FORM_ERRORS).filter(Boolean), CONSENT_REQUIRED])
      await seeText(form, text);
    // The focus goes to the first field in error, so the visitor starts there.
    expect(await field(form, 'firstName').evaluate((el) => el === document.activeElement)).toBe(true);

    // Typing clears that field's error only.
    await field(form, 'lastName').pressSequentially('G');
    await expectError(field(form, 'lastName'), '');
    expect(await errorOf(field(form, 'email'))).toBe('Correo electrónico es requerido');

    await field(form, 'email').fill('ana.garcia@');
    await expectError(field(form, 'email'), '');
    await field(form, 'confirmEmail').fill('ana.garcia@example.com');
    await field(form, 'lastName').fill('García');
    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await expectError(field(form, 'email'), 'Correo electrónico no es válido');
    await expectError(field(form, 'confirmEmail'), 'Los correos no coinciden');
    expect(await errorOf(field(form, 'userTaxId'))).toBe('DNI/NIE es requerido');
    expect(await errorOf(field(form, 'lastName'))).toBe('');
    expect(await errorOf(consent(page))).toBe(CONSENT_REQUIRED);

    // A valid address that still differs from the confirmation.
    await field(form, 'email').fill('ana@example.com');
    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await expectError(field(form, 'confirmEmail'), 'Los correos no coinciden');
    expect(await errorOf(field(form, 'email'))).toBe('');

    await consent(page).check();
    await expectError(consent(page), '');
    await field(form, 'confirmEmail').fill('ana@example.com');
    await page.getByRole('button', { name: 'Registrarse Ahora' }).click();
    await expectError(field(form, 'userTaxId'), 'DNI/NIE es requerido');
    expect(await shownErrors(page, 0, false)).toEqual({
      ...EMPTY_FORM_ERRORS,
      lastName: '',
      email: '',
      confirmEmail: '',
    });

    // Nothing reached the server while a check failed.
    expect(calls()).toBe(0);
    expect(await registrationsOf(app, sessionId)).toEqual([]);
  });

  it('el nombre, marcado como obligatorio, se comprueba en la página y en su idioma (la API también lo rechaza)', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    await openWithHold(page, eventId, '&lang=eu');
    const calls = countRegistrationCalls(page);
    for (const [name, value] of Object.entries(newPerson({ firstName: '   ' })))
      if (typeof value === 'string') await page.locator(`#a0-${name}`).fill(value);
    await page.locator('#consent').check();
    await page.getByRole('button', { name: eu['form.submit'] }).click();
    const firstName = page.locator('#a0-firstName');
    await expectError(firstName, eu['validate.firstNameRequired']);
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    expect(calls()).toBe(0);

    await firstName.fill('Miren');
    await expectError(firstName, '');
    expect((await submitAndWait(page, eu['form.submit'])).status()).toBe(201);
    expect(await registrationsOf(app, sessionId)).toHaveLength(1);
  });
});

describe('Comprobaciones del formulario (dos personas)', () => {
  it('los mensajes salen para cada persona, también el acompañante, y escribir borra solo el error de esa persona', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await openWithHold(page, eventId, '&attendees=2');
    const calls = countRegistrationCalls(page);
    const [first, companion] = [personScope(page, 0, true), personScope(page, 1, true)];

    await page.getByRole('button', { name: 'Registrar Ambas Personas' }).click();
    await expectError(field(companion, 'userTaxId'), 'DNI/NIE es requerido');
    expect(await shownErrors(page, 0, true)).toEqual(EMPTY_FORM_ERRORS);
    expect(await shownErrors(page, 1, true)).toEqual(EMPTY_FORM_ERRORS);
    expect(await errorOf(consent(page))).toBe(CONSENT_REQUIRED);

    await field(companion, 'lastName').fill('Martín');
    await expectError(field(companion, 'lastName'), '');
    expect(await errorOf(field(first, 'lastName'))).toBe('Apellidos son requeridos');

    await fillPerson(first, newPerson());
    const c = newPerson();
    await fillPerson(companion, { ...c, email: 'acompanante@', confirmEmail: 'otra@example.com' });
    await page.getByRole('button', { name: 'Registrar Ambas Personas' }).click();
    await expectError(field(companion, 'email'), 'Correo electrónico no es válido');
    await expectError(field(companion, 'confirmEmail'), 'Los correos no coinciden');
    expect(await shownErrors(page, 0, true)).toEqual({
      ...EMPTY_FORM_ERRORS,
      firstName: '',
      lastName: '',
      email: '',
      confirmEmail: '',
      userTaxId: '',
    });

    await field(companion, 'email').fill(c.email);
    await field(companion, 'confirmEmail').fill('distinto@example.com');
    await page.getByRole('button', { name: 'Registrar Ambas Personas' }).click();
    await expectError(field(companion, 'confirmEmail'), 'Los correos no coinciden');
    expect(await errorOf(field(companion, 'email'))).toBe('');
    expect(calls()).toBe(0);
  });
});

describe('Rechazos del servidor', () => {
  it('persona ya inscrita (mismo DNI y correo): mensajes junto a los campos y en «Error de registro:»', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const already = newPerson();
    await registerViaApi(app, sessionId, [already]);

    await openWithHold(page, eventId);
    const form = personScope(page, 0, false);
    await fillPerson(form, already);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(409);

    const box = await errorBox(page);
    expect(box).toContain('Error de registro:');
    expect(box).toContain('Ya existe una inscripción con este correo electrónico en esta sesión');
    expect(box).toContain('Ya existe una inscripción con este DNI/NIE en esta sesión');
    await expectError(field(form, 'email'), 'Ya existe una inscripción con este correo electrónico en esta sesión');
    await expectError(field(form, 'userTaxId'), 'Ya existe una inscripción con este DNI/NIE en esta sesión');
    expect(await errorOf(field(form, 'lastName'))).toBe('');
    await screenshot(page, 'booking-error');

    // Correcting the field clears its message; the form stays usable.
    await field(form, 'userTaxId').fill(newPerson().userTaxId);
    await expectError(field(form, 'userTaxId'), '');
    expect(await registrationsOf(app, sessionId)).toHaveLength(1);
  });

  it('acompañante ya inscrito: el error sale en el acompañante y bajo «Acompañante:» en la caja', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const already = newPerson();
    await registerViaApi(app, sessionId, [already]);

    await openWithHold(page, eventId, '&attendees=2');
    const [first, companion] = [personScope(page, 0, true), personScope(page, 1, true)];
    await fillPerson(first, newPerson());
    await fillPerson(companion, already);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrar Ambas Personas')).status()).toBe(409);

    const box = await errorBox(page);
    expect(box).toMatch(
      /Error de registro:.*Acompañante:.*Ya existe una inscripción con este correo electrónico en esta sesión/,
    );
    expect(box).not.toContain('Primera Persona:');
    await expectError(field(companion, 'email'), 'Ya existe una inscripción con este correo electrónico');
    await expectError(field(companion, 'userTaxId'), 'Ya existe una inscripción con este DNI/NIE');
    expect(await shownErrors(page, 0, true)).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      confirmEmail: '',
      userTaxId: '',
      telephoneNumber: '',
    });
    expect(await registrationsOf(app, sessionId)).toHaveLength(1);
  });

  it('persona en la lista negra: la caja «Error de registro:» lo explica y no se inscribe', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const person = newPerson();
    await blacklist(app, person.email);

    await openWithHold(page, eventId);
    await fillPerson(personScope(page, 0, false), person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(403);

    const box = await errorBox(page);
    expect(box).toMatch(
      /Error de registro:.*No es posible inscribirse con este correo electrónico\. Hemos enviado los detalles a esa dirección\./,
    );
    expect(box).not.toMatch(/hasta el/);
    await seeText(page, 'Registrarse Ahora');
    expect(await registrationsOf(app, sessionId)).toEqual([]);
  });

  it('lo que solo comprueba el servidor (la letra del DNI) sale junto a su campo y en la caja', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    const person = newPerson({ userTaxId: '12345678A' });

    await openWithHold(page, eventId);
    const form = personScope(page, 0, false);
    await fillPerson(form, person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(400);

    await expectError(field(form, 'userTaxId'), 'DNI/NIE no es válido');
    expect(await errorBox(page)).toContain('DNI/NIE no es válido');
  });

  it('el teléfono que rechaza el servidor sale bajo el teléfono, no solo en la caja general', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await openWithHold(page, eventId);
    const form = personScope(page, 0, false);
    await fillPerson(form, newPerson({ telephoneNumber: 'llámame' }));
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(400);
    await expectError(field(form, 'telephoneNumber'), 'Teléfono no es válido');
    expect(await errorOf(field(form, 'email'))).toBe('');
  });

  it('los campos llevan el límite del servidor como maxlength', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await openWithHold(page, eventId);
    const form = personScope(page, 0, false);
    const limits: Record<string, string | null> = {};
    for (const name of ['firstName', 'lastName', 'email', 'confirmEmail', 'userTaxId', 'telephoneNumber'] as const)
      limits[name] = await field(form, name).getAttribute('maxlength');
    expect(limits).toEqual({
      firstName: String(ATTENDEE_LIMITS.firstName),
      lastName: String(ATTENDEE_LIMITS.lastName),
      email: String(ATTENDEE_LIMITS.email),
      confirmEmail: String(ATTENDEE_LIMITS.email),
      userTaxId: String(ATTENDEE_LIMITS.userTaxId),
      telephoneNumber: String(ATTENDEE_LIMITS.telephoneNumber),
    });
    await field(form, 'firstName').fill('N'.repeat(ATTENDEE_LIMITS.firstName + 20));
    expect((await field(form, 'firstName').inputValue()).length).toBe(ATTENDEE_LIMITS.firstName);
  });
});

describe('Fallos que se leen en español', () => {
  it('la página de error 502 de un proxy: una frase en español que dice qué hacer, sin HTML, y los datos siguen', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    const person = newPerson();
    await openWithHold(page, eventId);
    await page.route(/\/api\/events\/sessions\/\d+\/registrations$/, (route) =>
      route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
      }),
    );
    const form = personScope(page, 0, false);
    await fillPerson(form, person);
    await consent(page).check();
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(502);
    const box = await errorBox(page);
    expect(box).toBe(
      'Error de registro: El servidor no está disponible en este momento. Espera un minuto y vuelve a intentarlo.',
    );
    expect(box).not.toMatch(/<|Bad Gateway|nginx/);
    expect(await field(form, 'email').inputValue()).toBe(person.email);
    await screenshot(page, 'booking-server-away');

    // Once the server is back, the same form goes through.
    await page.unroute(/\/api\/events\/sessions\/\d+\/registrations$/);
    expect((await submitAndWait(page, 'Registrarse Ahora')).status()).toBe(201);
    await seeText(registrationArea(page), '¡Proceso Completado!');
    expect(await registrationsOf(app, sessionId)).toHaveLength(1);
  });

  it('con la API caída o respondiendo 500 al cargar: «Error al cargar evento: » y una frase en español', async () => {
    const { app, page } = e2e;
    const { eventId } = await eventWithSession(app);
    await page.route(`**/api/events/${eventId}`, (route) => route.abort('connectionrefused'));
    await page.goto(`/?eventId=${eventId}`);
    const down = await seeText(page, /^Error al cargar evento: /);
    expect(await down.textContent()).toBe(
      'Error al cargar evento: no hay conexión con el servidor. Comprueba tu conexión a Internet y recarga la página.',
    );

    await page.unroute(`**/api/events/${eventId}`);
    await page.route(`**/api/events/${eventId}`, (route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    );
    await page.reload();
    const failed = await seeText(page, /^Error al cargar evento: /);
    expect(await failed.textContent()).toBe(
      'Error al cargar evento: el servidor no está disponible en este momento. Recarga la página dentro de un minuto.',
    );
    await notSeen(page, /Failed to fetch|HTTP error|Internal Server Error/);
  });
});
