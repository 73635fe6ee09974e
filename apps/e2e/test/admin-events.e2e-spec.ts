// Back office: the events screen (docs/product.md §2 "Events screen", 4, 5 event/session/capacity/redistribute/notification
// rules, 7 events, sessions, capacity and notification calls, 8, 9), in Debian's Chromium against the real API,
// with the Netelip stand-in for SMS.
import type { Page } from 'playwright-core';
import { NetelipStub } from '@evreg/testing';
import { dialog, expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import {
  capacityCalls,
  enableSms,
  eventRow,
  expandEvent,
  screenshotAtTop,
  screenshotOf,
  sessionInDb,
  sessionRow,
} from './support/admin-events';
import { expectAccessible } from './support/axe';
import { eventually, expectError, notSeen, openBooking, registrationArea, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';

requireAdminBuild();

// The stand-in must exist before the API starts (its address is the API's NETELIP_BASE_URL): this hook is
// declared before setupE2E's, so it runs first.
const appEnv: Record<string, string> = {};
let netelip: NetelipStub;
beforeAll(async () => {
  netelip = await NetelipStub.start();
  appEnv.NETELIP_BASE_URL = netelip.url;
});
afterAll(async () => netelip?.close());

const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } }, appEnv });

async function openEvents(page: Page): Promise<void> {
  await signIn(page);
  await visit(page, '/events', 'Eventos');
  await page.getByLabel('Buscar por título, descripción, ciudad o lugar').waitFor();
}

async function choose(page: Page, scope: ReturnType<typeof dialog>, field: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Eventos', () => {
  it('crear un evento (errores del formulario y del servidor por campo) y una sesión; se ven en la tabla', async () => {
    const { page, app } = e2e;
    await openEvents(page);

    await page.getByRole('button', { name: 'Nuevo Evento' }).click();
    const form = dialog(page, 'Nuevo Evento');
    // The form's own checks (docs/product.md §5).
    await form.getByRole('button', { name: 'Crear Evento' }).click();
    await expectError(form.getByLabel('ID del evento'), 'El id es requerido');
    await expectError(form.getByLabel('Título'), 'El título es requerido');
    await expectError(form.getByLabel('Descripción'), 'La descripción es requerida');
    await expectError(form.getByLabel('Ciudad'), 'La ciudad es requerida');
    await form.getByLabel('ID del evento').fill('0');
    await form.getByRole('button', { name: 'Crear Evento' }).click();
    await expectError(form.getByLabel('ID del evento'), 'El id debe ser un número entero mayor que 0');
    expect(await form.getByLabel('País').inputValue()).toBe('Spain');
    expect(await form.getByLabel('Zona horaria').inputValue()).toBe('Europe/Madrid');

    // Place, postal code, organizer and category: checked by the server, its answers under each field.
    await form.getByLabel('ID del evento').fill('91042');
    await form.getByLabel('Título').fill('Concierto de primavera');
    await form
      .getByLabel('Descripción')
      .fill('<p>Orquesta municipal en el <strong>auditorio</strong>. Entrada libre hasta completar aforo.</p>');
    await form.getByLabel('Ciudad').fill('Valladolid');
    await form.getByRole('button', { name: 'Crear Evento' }).click();
    await expectError(form.getByLabel('Lugar'), 'El lugar es requerido');
    await expectError(form.getByLabel('Código postal'), 'El código postal es requerido');
    await expectError(form.getByLabel('Organizador'), 'El organizador es requerido');
    await seeText(form, 'La categoría es requerida');
    expect(await app.sql(`SELECT id FROM events WHERE id = 91042`)).toEqual([]);

    await form.getByLabel('Lugar').fill('Auditorio Miguel Delibes');
    await form.getByLabel('Código postal').fill('47015');
    await form.getByLabel('Organizador').fill('Ayuntamiento de Valladolid');
    await choose(page, form, 'Categoría', 'Música');
    await choose(page, form, 'Estado', 'Publicado');
    await form.getByLabel('Precio (€)').fill('12.5');
    await expectNoEnglish(page, 'nuevo evento');
    await page.getByText('El formulario no es válido. Revisa los errores.').waitFor({ state: 'hidden' });
    // Tall enough for the whole dialog.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await screenshotOf(form, 'admin-event-form');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Crear Evento' }).click();
    await form.waitFor({ state: 'detached' });

    const created = eventRow(page, 'Concierto de primavera');
    await seeText(created, 'Publicado');
    await seeText(created, '12,50 €');
    await seeText(created, 'Auditorio Miguel Delibes');
    expect(
      await app.sql(
        `SELECT title, city, place, postal_code, status, price::float AS price, country, time_zone FROM events WHERE id = 91042`,
      ),
    ).toEqual([
      {
        title: 'Concierto de primavera',
        city: 'Valladolid',
        place: 'Auditorio Miguel Delibes',
        postal_code: '47015',
        status: 1,
        price: 12.5,
        country: 'Spain',
        time_zone: 'Europe/Madrid',
      },
    ]);

    // The same id again: the server's 409 shows under the id.
    await page.getByRole('button', { name: 'Nuevo Evento' }).click();
    const again = dialog(page, 'Nuevo Evento');
    await again.getByLabel('ID del evento').fill('91042');
    await again.getByLabel('Título').fill('Otro concierto');
    await again.getByLabel('Descripción').fill('Texto');
    await again.getByLabel('Ciudad').fill('Valladolid');
    await again.getByLabel('Lugar').fill('Teatro Calderón');
    await again.getByLabel('Código postal').fill('47003');
    await again.getByLabel('Organizador').fill('Ayuntamiento');
    await choose(page, again, 'Categoría', 'Teatro');
    await again.getByRole('button', { name: 'Crear Evento' }).click();
    await expectError(again.getByLabel('ID del evento'), 'Ya existe un evento con ese id');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    expect(await app.sql(`SELECT title FROM events WHERE id = 91042`)).toEqual([{ title: 'Concierto de primavera' }]);

    // A session: the defaults of docs/product.md §9 and the date rules of docs/product.md §5.
    const panel = await expandEvent(page, 'Concierto de primavera');
    await seeText(panel, 'Este evento no tiene sesiones.');
    await panel.getByRole('button', { name: 'Nueva Sesión' }).click();
    const sessionForm = dialog(page, 'Nueva Sesión');
    expect(await sessionForm.getByLabel('Capacidad total').inputValue()).toBe('20');
    expect(await sessionForm.getByLabel('Plazas reservadas').inputValue()).toBe('5');
    expect(await sessionForm.getByLabel('Máx. lista de espera').inputValue()).toBe('10');
    expect(await sessionForm.getByLabel('Hora de inicio').inputValue()).toBe('10:00');
    expect(await sessionForm.getByLabel('Hora de fin').inputValue()).toBe('11:30');
    await sessionForm.getByRole('button', { name: 'Crear Sesión' }).click();
    await expectError(sessionForm.getByLabel('Fecha de inicio'), 'La fecha de inicio es requerida');
    await expectError(sessionForm.getByLabel('Fecha de fin'), 'La fecha de fin es requerida');
    await sessionForm.getByLabel('Fecha de inicio').fill('2031-05-09');
    await sessionForm.getByLabel('Fecha de fin').fill('2031-05-08');
    await sessionForm.getByLabel('Hora de fin').fill('09:00');
    await sessionForm.getByLabel('Plazas reservadas').fill('25');
    await sessionForm.getByRole('button', { name: 'Crear Sesión' }).click();
    await expectError(
      sessionForm.getByLabel('Fecha de fin'),
      'La fecha de fin no puede ser anterior a la fecha de inicio',
    );
    await expectError(
      sessionForm.getByLabel('Plazas reservadas'),
      'Las plazas reservadas no pueden superar la capacidad',
    );
    await sessionForm.getByLabel('Fecha de fin').fill('2031-05-09');
    await sessionForm.getByRole('button', { name: 'Crear Sesión' }).click();
    await expectError(sessionForm.getByLabel('Hora de fin'), 'La hora de fin debe ser posterior a la hora de inicio');
    await sessionForm.getByLabel('Hora de fin').fill('11:30');
    await sessionForm.getByLabel('Plazas reservadas').fill('5');
    await expectNoEnglish(page, 'nueva sesión');
    await page.getByText('El formulario no es válido. Revisa los errores.').waitFor({ state: 'hidden' });
    await screenshotOf(sessionForm, 'admin-session-form');
    await sessionForm.getByRole('button', { name: 'Crear Sesión' }).click();
    await sessionForm.waitFor({ state: 'detached' });

    const [stored] = await app.sql(
      `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS day, start_time::text, end_time::text, max_attendees, reserved_spots, max_queue_spots, is_registration_open
         FROM event_sessions WHERE event_id = 91042`,
    );
    expect(stored).toMatchObject({
      day: '2031-05-09',
      start_time: '10:00:00',
      end_time: '11:30:00',
      max_attendees: 20,
      reserved_spots: 5,
      max_queue_spots: 10,
      is_registration_open: true,
    });
    const session = sessionRow(page, stored.id);
    await seeText(session, '09/05/2031, 10:00 - 11:30');
    await seeText(session, '0 / 20');
    await seeText(session, 'Abierto');
    await seeText(eventRow(page, 'Concierto de primavera'), '1 sesión');

    // An all-day session is sent from 00:00 to 23:59.
    await panel.getByRole('button', { name: 'Nueva Sesión' }).click();
    const allDay = dialog(page, 'Nueva Sesión');
    await allDay.getByLabel('Fecha de inicio').fill('2031-05-10');
    await allDay.getByLabel('Fecha de fin').fill('2031-05-10');
    await allDay.getByLabel('Todo el día (de 00:00 a 23:59)').check();
    await notSeen(allDay, 'Hora de inicio');
    await allDay.getByRole('button', { name: 'Crear Sesión' }).click();
    await allDay.waitFor({ state: 'detached' });
    expect(
      await app.sql(
        `SELECT start_time::text, end_time::text, is_all_day FROM event_sessions WHERE event_id = 91042 AND start_date = '2031-05-10'`,
      ),
    ).toEqual([{ start_time: '00:00:00', end_time: '23:59:00', is_all_day: true }]);
    await seeText(panel, '10/05/2031, todo el día');

    // Editing a session changes its schedule (the capacity has its own inline edit).
    await session.getByRole('button', { name: `Editar la sesión ${stored.id}` }).click();
    const editSession = dialog(page, `Editar Sesión ${stored.id}`);
    expect(await editSession.getByLabel('Fecha de inicio').inputValue()).toBe('2031-05-09');
    expect(await editSession.getByLabel('Capacidad total').count()).toBe(0);
    await editSession.getByLabel('Hora de inicio').fill('18:00');
    await editSession.getByLabel('Hora de fin').fill('19:30');
    await editSession.getByRole('button', { name: 'Guardar Cambios' }).click();
    await editSession.waitFor({ state: 'detached' });
    await seeText(session, '09/05/2031, 18:00 - 19:30');
    expect(
      await app.sql(`SELECT start_time::text, end_time::text, max_attendees FROM event_sessions WHERE id = $1`, [
        stored.id,
      ]),
    ).toEqual([{ start_time: '18:00:00', end_time: '19:30:00', max_attendees: 20 }]);

    // Edit: a price of 0 is shown as 'Gratis'.
    await eventRow(page, 'Concierto de primavera')
      .getByRole('button', { name: 'Editar Concierto de primavera' })
      .click();
    const edit = dialog(page, 'Editar Evento');
    expect(await edit.getByLabel('ID del evento').isDisabled()).toBe(true);
    await edit.getByLabel('Precio (€)').fill('0');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await seeText(eventRow(page, 'Concierto de primavera'), 'Gratis');

    await expectAccessible(page, 'eventos con sus sesiones');
    await expectNoEnglish(page, 'eventos');
    await screenshotAtTop(page, 'admin-events');
  });

  it('capacidad en la fila de la sesión: un valor rechazado se explica y no se envía; los cambios van cada uno en su llamada', async () => {
    const { page, app } = e2e;
    const eventId = await createEvent(app, { title: 'Taller de cerámica' });
    // 10 seats, 2 of them reserved; 6 people seated online, so 2 online seats are free.
    const sessionId = await addSession(app, eventId, {
      maxAttendees: 10,
      reservedSpots: 2,
      maxQueueSpots: 5,
      registered: 6,
    });
    await openEvents(page);
    await expandEvent(page, 'Taller de cerámica');
    const calls = capacityCalls(page);
    const row = sessionRow(page, sessionId);
    await seeText(row, '6 / 10');
    await row.getByRole('button', { name: `Editar capacidad de la sesión ${sessionId}` }).click();
    const editor = page.getByRole('form', { name: `Capacidad de la sesión ${sessionId}` });
    const total = editor.getByLabel('Capacidad total');
    const reserved = editor.getByLabel('Plazas reservadas');
    const queue = editor.getByLabel('Máx. lista de espera');
    const save = editor.getByRole('button', { name: 'Guardar' });
    expect(await save.isDisabled()).toBe(true);

    await total.fill('5');
    await expectError(total, 'No puede ser menor que los registrados (6)');
    expect(await save.isDisabled()).toBe(true);
    // Enter in a field does not send a refused value either.
    await total.press('Enter');
    await total.fill('0');
    await expectError(total, 'La capacidad debe ser al menos 1');
    await total.fill('10');
    await expectError(total, '');
    await reserved.fill('-1');
    await expectError(reserved, 'Las plazas reservadas no pueden ser negativas');
    await reserved.fill('5');
    await expectError(reserved, 'Muy pocos asientos disponibles');
    await queue.fill('11');
    await expectError(queue, 'El máximo de la lista de espera no puede superar la capacidad total');
    expect(await save.isDisabled()).toBe(true);
    await expectNoEnglish(page, 'edición de capacidad');
    await screenshotAtTop(page, 'admin-session-capacity');
    expect(calls).toEqual([]);
    expect(await sessionInDb(app, sessionId)).toMatchObject({
      max_attendees: 10,
      reserved_spots: 2,
      max_queue_spots: 5,
    });

    // Valid: only the changed values, each in its own call; a growing total first.
    await total.fill('14');
    await reserved.fill('4');
    await queue.fill('5');
    await save.click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Sesión ${sessionId}: capacidad actualizada` })
      .waitFor();
    expect(calls).toEqual([
      { method: 'PUT', path: `/api/events/${eventId}/sessions/${sessionId}/max-attendees`, body: { maxAttendees: 14 } },
      {
        method: 'PUT',
        path: `/api/events/${eventId}/sessions/${sessionId}/reserved-spots`,
        body: { reservedSpots: 4 },
      },
    ]);
    expect(await sessionInDb(app, sessionId)).toMatchObject({
      max_attendees: 14,
      reserved_spots: 4,
      max_queue_spots: 5,
    });
    await seeText(row, '6 / 14');
    await editor.waitFor({ state: 'detached' });
  });

  it('cerrar inscripciones: la página de reservas muestra «Inscripciones Cerradas»; bloquear y activar la promoción', async () => {
    const { page, app } = e2e;
    const eventId = await createEvent(app, { title: 'Ruta en bicicleta' });
    const sessionId = await addSession(app, eventId);
    await openEvents(page);
    await expandEvent(page, 'Ruta en bicicleta');
    const row = sessionRow(page, sessionId);

    await row.getByRole('button', { name: `Abierto: cerrar inscripciones de la sesión ${sessionId}` }).click();
    await row.getByRole('button', { name: `Cerrado: abrir inscripciones de la sesión ${sessionId}` }).waitFor();
    expect((await sessionInDb(app, sessionId)).is_registration_open).toBe(false);
    const visitor = await e2e.newPage();
    await openBooking(visitor, eventId);
    await seeText(registrationArea(visitor), 'Inscripciones Cerradas');

    await row
      .getByRole('button', { name: `Activo: bloquear la promoción automática de la sesión ${sessionId}` })
      .click();
    await row
      .getByRole('button', { name: `Bloqueado: activar la promoción automática de la sesión ${sessionId}` })
      .waitFor();
    expect((await sessionInDb(app, sessionId)).is_promotion_locked).toBe(true);
    // Still so after a reload: it is the server's state.
    await page.reload();
    await expandEvent(page, 'Ruta en bicicleta');
    await row
      .getByRole('button', { name: `Bloqueado: activar la promoción automática de la sesión ${sessionId}` })
      .click();
    await row
      .getByRole('button', { name: `Activo: bloquear la promoción automática de la sesión ${sessionId}` })
      .waitFor();
    expect((await sessionInDb(app, sessionId)).is_promotion_locked).toBe(false);

    await row.getByRole('button', { name: `Cerrado: abrir inscripciones de la sesión ${sessionId}` }).click();
    await row.getByRole('button', { name: `Abierto: cerrar inscripciones de la sesión ${sessionId}` }).waitFor();
    await openBooking(visitor, eventId);
    await visitor.getByRole('button', { name: 'Registrarse Ahora' }).waitFor();
  });

  it('redistribuir plazas reservadas sin usar: pasan a la venta en línea y la lista de espera se promueve', async () => {
    const { page, app } = e2e;
    const eventId = await createEvent(app, { title: 'Visita al museo' });
    // Online full (10 - 3 reserved = 7 seated), 2 waiting, 3 reserved seats unused.
    const sessionId = await addSession(app, eventId, {
      maxAttendees: 10,
      reservedSpots: 3,
      maxQueueSpots: 5,
      registered: 7,
      queued: 2,
    });
    await openEvents(page);
    await expandEvent(page, 'Visita al museo');
    const calls = capacityCalls(page);
    const row = sessionRow(page, sessionId);
    await seeText(row, '2 / 5');

    await row.getByRole('button', { name: `Redistribuir plazas reservadas de la sesión ${sessionId}` }).click();
    const form = dialog(page, 'Redistribuir plazas reservadas');
    const spots = form.getByLabel('Plazas a redistribuir');
    expect(await spots.inputValue()).toBe('3');
    for (const refused of ['4', '0', 'dos']) {
      await spots.fill(refused);
      await form.getByRole('button', { name: 'Redistribuir' }).click();
      await expectError(spots, 'Debe ser un número entero entre 1 y las plazas reservadas sin usar (3)');
    }
    expect(calls).toEqual([]);
    await expectAccessible(page, 'redistribuir');
    await spots.fill('2');
    await form.getByRole('button', { name: 'Redistribuir' }).click();
    await form.waitFor({ state: 'detached' });
    await page
      .getByRole('alert')
      .filter({ hasText: `Sesión ${sessionId}: 2 plazas reservadas pasan a la venta en línea` })
      .waitFor();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/events/${eventId}/sessions/${sessionId}/redistribute-reserved-spots`,
        body: { spotsToRedistribute: 2 },
      },
    ]);
    expect(await sessionInDb(app, sessionId)).toMatchObject({
      reserved_spots: 1,
      online_registered: 9,
      queue_count: 0,
    });
    await seeText(row, '9 / 10');
    await seeText(row, '0 / 5');
    await seeText(row, '0 / 1');
  });

  it('personas inscritas de la sesión y notificación por SMS con el sustituto de Netelip: resultado con totales, coste y errores', async () => {
    const { page, app } = e2e;
    await enableSms(app);
    netelip.reset();
    const eventId = await createEvent(app, { title: 'Concierto de verano' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10, reservedSpots: 2 });
    const [ana, bruno, carla] = [newPerson(), newPerson(), newPerson({ telephoneNumber: '' })];
    for (const person of [ana, bruno, carla]) await registerViaApi(app, sessionId, [person]);
    const staffMade = newPerson();
    const manual = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
      token: await app.adminToken(),
      body: { eventSessionId: sessionId, formData: { ...staffMade, gdprConsent: true } },
    });
    expect(manual.status).toBe(200);

    await openEvents(page);
    await expandEvent(page, 'Concierto de verano');
    const row = sessionRow(page, sessionId);
    await seeText(row, '4 / 10');

    await row.getByRole('button', { name: `Personas inscritas en la sesión ${sessionId}` }).click();
    const people = dialog(page, `Personas inscritas · Sesión ${sessionId}`);
    await people.waitFor();
    const person = (who: { firstName: string; lastName: string }) =>
      people.getByRole('row').filter({ hasText: `${who.firstName} ${who.lastName}` });
    await seeText(person(ana), ana.email);
    await seeText(person(ana), 'Público');
    await seeText(person(ana), 'Online');
    await seeText(person(staffMade), 'Admin');
    await seeText(person(staffMade), 'Reservado');
    await seeText(person(carla), 'Activo');
    await seeText(people, '4 activos, 0 cancelados');
    await expectAccessible(page, 'personas inscritas');
    await expectNoEnglish(page, 'personas inscritas');
    await people.getByRole('button', { name: 'Cerrar' }).click();

    await row.getByRole('button', { name: `Enviar notificación a la sesión ${sessionId}` }).click();
    const notify = dialog(page, 'Enviar notificación');
    const message = notify.getByLabel('Mensaje SMS');
    await notify.getByRole('button', { name: 'Continuar' }).click();
    await expectError(message, 'El mensaje es requerido para enviar un SMS');
    await message.fill('a'.repeat(81));
    await notify.getByRole('button', { name: 'Continuar' }).click();
    await expectError(
      message,
      'El mensaje SMS no puede superar 80 caracteres: se reservan 80 para los datos del evento (máximo 160 en total)',
    );
    const text = 'Recordatorio: las puertas abren a las 19:30. Trae el DNI y llega con tiempo.';
    await message.fill(text);
    await expectError(message, `${text.length}/80 caracteres`);
    await seeText(notify, 'se acerca a los 160 caracteres');
    await seeText(notify, 'Coste estimado: 0,40 €');
    await expectAccessible(page, 'notificación');
    await expectNoEnglish(page, 'notificación');
    await screenshotOf(notify, 'admin-notification');

    await notify.getByRole('button', { name: 'Continuar' }).click();
    await seeText(notify, `¿Enviar un SMS a 4 personas inscritas en la sesión ${sessionId}`);
    await notify.getByRole('button', { name: 'Enviar', exact: true }).click();
    await seeText(notify, 'Algunas notificaciones no se han podido enviar.');
    const totals = await notify.locator('dl').innerText();
    expect(totals.replace(/\s+/g, ' ').trim()).toBe('Destinatarios 4 Enviados 3 Fallidos 1 Coste estimado 0,30 €');
    await seeText(notify, `${carla.firstName} ${carla.lastName}`);
    await seeText(notify, 'sin número de teléfono');
    await screenshotOf(notify, 'admin-notification-result');

    // The three accepted SMS reach Netelip with the event's details added by the server.
    await eventually(() => expect(netelip.requests).toHaveLength(3));
    for (const sent of netelip.requests) expect(sent.message.startsWith(`${text}\nConcierto de verano: `)).toBe(true);
    await notify.getByRole('button', { name: 'Cerrar' }).click();

    // E-mail to the whole event: a template or a message.
    await eventRow(page, 'Concierto de verano')
      .getByRole('button', { name: 'Enviar notificación a Concierto de verano' })
      .click();
    const email = dialog(page, 'Enviar notificación');
    await email.getByRole('radio', { name: 'Email' }).check();
    await email.getByRole('button', { name: 'Continuar' }).click();
    await expectError(
      email.getByLabel('Mensaje', { exact: true }),
      'Seleccione una plantilla o escriba un mensaje para enviar el email',
    );
    await email.getByLabel('Asunto (opcional)').fill('Cambio de horario');
    await email.getByLabel('Mensaje', { exact: true }).fill('El concierto empieza media hora más tarde.');
    await email.getByRole('button', { name: 'Continuar' }).click();
    await email.getByRole('button', { name: 'Enviar', exact: true }).click();
    await seeText(email, 'Notificaciones enviadas');
    expect((await email.locator('dl').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'Destinatarios 4 Enviados 4 Fallidos 0 Coste estimado -',
    );
    expect(await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE email_type = 'Notification'`)).toEqual([
      { n: 4 },
    ]);
  });

  it('eliminar con confirmación: registro, sesión y evento; el servidor rechaza borrar lo que tiene inscritos', async () => {
    const { page, app } = e2e;
    const eventId = await createEvent(app, { title: 'Charla de astronomía' });
    const empty = await addSession(app, eventId);
    const busy = await addSession(app, eventId, { registered: 1, startsInHours: 96 });
    await openEvents(page);
    await expandEvent(page, 'Charla de astronomía');

    await sessionRow(page, busy)
      .getByRole('button', { name: `Eliminar la sesión ${busy}` })
      .click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'No se puede eliminar la sesión: tiene inscripciones o personas en lista de espera' })
      .waitFor();
    await sessionRow(page, empty)
      .getByRole('button', { name: `Eliminar la sesión ${empty}` })
      .click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await sessionRow(page, empty).waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1`, [eventId])).toEqual([{ id: busy }]);

    await eventRow(page, 'Charla de astronomía').getByRole('button', { name: 'Eliminar Charla de astronomía' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('alert').filter({ hasText: 'No se puede eliminar el evento' }).waitFor();

    // The person goes (from the session's people), then the event can go.
    await sessionRow(page, busy)
      .getByRole('button', { name: `Personas inscritas en la sesión ${busy}` })
      .click();
    const people = dialog(page, `Personas inscritas · Sesión ${busy}`);
    await people.getByRole('button', { name: /^Eliminar el registro de Ocupante/ }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await seeText(people, 'No hay registros para esta sesión');
    await people.getByRole('button', { name: 'Cerrar' }).click();
    await eventRow(page, 'Charla de astronomía').getByRole('button', { name: 'Eliminar Charla de astronomía' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await eventRow(page, 'Charla de astronomía').waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT id FROM events WHERE id = $1`, [eventId])).toEqual([]);
  });

  it('buscar por título, ciudad o lugar; con solo Events.Read no hay botones de cambio', async () => {
    const { page, app } = e2e;
    await createEvent(app, { title: 'Exposición de fotografía antigua' });
    const eventId = await createEvent(app, { title: 'Mercado medieval' });
    const sessionId = await addSession(app, eventId);
    const reader = await app.staffWith(['Events.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/events', 'Eventos');
    const search = page.getByLabel('Buscar por título, descripción, ciudad o lugar');
    await search.fill('fotografía');
    await eventRow(page, 'Exposición de fotografía antigua').waitFor();
    await eventRow(page, 'Mercado medieval').waitFor({ state: 'detached' });
    await search.fill('ningún evento así');
    await seeText(page, 'No se encontraron eventos');
    await search.fill('medieval');
    await expandEvent(page, 'Mercado medieval');

    expect(await page.getByRole('button', { name: /^(Nuevo Evento|Nueva Sesión)$/ }).count()).toBe(0);
    const row = sessionRow(page, sessionId);
    await seeText(row, 'Abierto');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(
      await eventRow(page, 'Mercado medieval')
        .getByRole('button', { name: /^(Editar|Eliminar|Enviar notificación)/ })
        .count(),
    ).toBe(0);
    await expectNoEnglish(page, 'eventos (solo lectura)');
  });
});
