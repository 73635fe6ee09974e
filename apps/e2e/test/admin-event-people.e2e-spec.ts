// Back office: a session's people, notification by SMS and redistribution of reserved spots (docs/product.md §2
// "Events screen", 5 redistribute/notification rules, 7 notification calls), in Debian's Chromium against the real
// API, with the Netelip stand-in for SMS. The rest of the events screen: admin-events.e2e-spec.ts.
import { NetelipStub } from '@evreg/testing';
import { dialog, expectNoEnglish, requireAdminBuild } from './support/admin';
import {
  capacityCalls,
  enableSms,
  eventRow,
  expandEvent,
  openEvents,
  screenshotOf,
  sessionInDb,
  sessionRow,
} from './support/admin-events';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
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
describe('Eventos: personas, notificaciones y redistribución', () => {
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

    // The button asks for the people as it opens the dialog, and the dialog uses that answer: one request.
    const peopleCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === `/api/events/sessions/${sessionId}/registrations`)
        peopleCalls.push(req.url());
    });
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
    expect(peopleCalls).toHaveLength(1);
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
    // The counter sizes the SMS the server sends (message + '\nConcierto de verano: dd/mm/yyyy hh:mm', 38 more).
    await message.fill('Información: abrimos a las 19:30.');
    // 'ó' is outside GSM-7: UCS-2, 33 + 38 = 71 units, over one SMS of 70: two parts of 67 for each of the 4.
    await expectError(
      message,
      '33/80 caracteres · con los datos del evento que añade el sistema: 71 unidades UCS-2, 2 SMS, quedan 63',
    );
    await seeText(notify, 'cada SMS admite 70 caracteres');
    await seeText(notify, 'Coste estimado: 0,80 € (4 personas inscritas × 2 SMS × 0,10 €)');
    await message.fill('Información: abrimos 19:30.');
    await expectError(
      message,
      '27/80 caracteres · con los datos del evento que añade el sistema: 65 unidades UCS-2, 1 SMS, quedan 5',
    );
    await seeText(notify, 'se acerca a los 70 caracteres');
    await seeText(notify, 'Coste estimado: 0,40 €');
    await message.fill(text);
    await expectError(
      message,
      `${text.length}/80 caracteres · con los datos del evento que añade el sistema: 114 caracteres GSM-7, 1 SMS, quedan 46`,
    );
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
});
