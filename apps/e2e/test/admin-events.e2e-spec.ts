// Back office: the events screen (docs/product.md §2 "Events screen", 4, 5 event/session/capacity rules, 7 events,
// sessions and capacity calls, 8, 9), in Debian's Chromium against the real API.
// The session's people, notifications and redistribution: admin-event-people.e2e-spec.ts.
import { dialog, expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import {
  capacityCalls,
  choose,
  eventRow,
  expandEvent,
  openEvents,
  screenshotAtTop,
  screenshotOf,
  sessionInDb,
  sessionRow,
} from './support/admin-events';
import { expectAccessible } from './support/axe';
import { eventually, expectError, notSeen, openBooking, registrationArea, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent } from './support/fixtures';

requireAdminBuild();

const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });
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
    await expectError(form.getByRole('textbox', { name: 'Organizador', exact: true }), 'El organizador es requerido');
    await seeText(form, 'La categoría es requerida');
    expect(await app.sql(`SELECT id FROM events WHERE id = 91042`)).toEqual([]);

    await form.getByLabel('Lugar').fill('Auditorio Miguel Delibes');
    await form.getByLabel('Código postal').fill('47015');
    await form.getByRole('textbox', { name: 'Organizador', exact: true }).fill('Ayuntamiento de Valladolid');
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
    await again.getByRole('textbox', { name: 'Organizador', exact: true }).fill('Ayuntamiento');
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

    // A session dated in the past is allowed, after a warning: 'Volver' saves nothing, 'Guardar' saves it.
    await panel.getByRole('button', { name: 'Nueva Sesión' }).click();
    const past = dialog(page, 'Nueva Sesión');
    await past.getByLabel('Fecha de inicio').fill('2020-03-02');
    await past.getByLabel('Fecha de fin').fill('2020-03-02');
    await past.getByRole('button', { name: 'Crear Sesión' }).click();
    const warning = dialog(page, 'Sesión en el pasado');
    await seeText(
      warning,
      'La sesión empieza el 02/03/2020 a las 10:00, una fecha ya pasada. ¿Guardarla de todos modos?',
    );
    await expectNoEnglish(page, 'aviso de sesión en el pasado');
    await warning.getByRole('button', { name: 'Volver' }).click();
    await warning.waitFor({ state: 'detached' });
    const pastRows = () =>
      app.sql(`SELECT start_time::text FROM event_sessions WHERE event_id = 91042 AND start_date = '2020-03-02'`);
    expect(await pastRows()).toEqual([]);
    await past.getByRole('button', { name: 'Crear Sesión' }).click();
    await dialog(page, 'Sesión en el pasado').getByRole('button', { name: 'Guardar' }).click();
    await past.waitFor({ state: 'detached' });
    expect(await pastRows()).toEqual([{ start_time: '10:00:00' }]);
    await seeText(panel, '02/03/2020, 10:00 - 11:30');

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
    // Prices as typed in Spain: the decimal comma, dots grouping thousands; an ambiguous '1.234' is refused.
    expect(await edit.getByLabel('Precio (€)').inputValue()).toBe('12,5');
    const price = async () =>
      (await app.sql(`SELECT price::float AS price FROM events WHERE id = 91042`))[0].price as number;
    for (const [typed, shown, stored] of [
      ['7,5', '7,50 €', 7.5],
      ['1.234,50', '1234,50 €', 1234.5],
    ] as const) {
      const editing = dialog(page, 'Editar Evento');
      if (!(await editing.isVisible()))
        await eventRow(page, 'Concierto de primavera')
          .getByRole('button', { name: 'Editar Concierto de primavera' })
          .click();
      await editing.getByLabel('Precio (€)').fill(typed);
      await editing.getByRole('button', { name: 'Guardar Cambios' }).click();
      await editing.waitFor({ state: 'detached' });
      await seeText(eventRow(page, 'Concierto de primavera'), shown);
      expect(await price()).toBe(stored);
    }
    await eventRow(page, 'Concierto de primavera')
      .getByRole('button', { name: 'Editar Concierto de primavera' })
      .click();
    await edit.getByLabel('Precio (€)').fill('1.234');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expectError(
      edit.getByLabel('Precio (€)'),
      'El precio debe ser un número mayor o igual que 0 con como máximo 2 decimales',
    );
    expect(await price()).toBe(1234.5);
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
    // A visitor without a session token (nothing was bookable, so none was made) reads the public answer, which a
    // browser may reuse for a second and serve stale for 5 more while it revalidates: reload until it is the new one.
    await eventually(async () => {
      await openBooking(visitor, eventId);
      await visitor.getByRole('button', { name: 'Registrarse Ahora' }).waitFor({ timeout: 2_000 });
    }, 15_000);
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
    // The row leaves the list as soon as the deletion is sent: the database follows within a moment.
    await eventually(async () =>
      expect(await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1`, [eventId])).toEqual([{ id: busy }]),
    );

    await eventRow(page, 'Charla de astronomía').getByRole('button', { name: 'Eliminar Charla de astronomía' }).click();
    // One session left: in the singular.
    await seeText(
      dialog(page, 'Confirmar Eliminación'),
      '¿Eliminar el evento «Charla de astronomía» y su sesión? Esta acción no se puede deshacer.',
    );
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
