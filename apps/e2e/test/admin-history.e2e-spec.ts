// Back office: 'Historial' of a registration (Registros) and of an event's sessions (events screen, administrators)
// (docs/product.md, "Registrations management" and "Events"; docs/domain.md, "History"), in Debian's Chromium.
import { dialog, expectNoEnglish, requireAdminBuild, row, signIn, visit } from './support/admin';
import { eventRow } from './support/admin-events';
import { expectAccessible } from './support/axe';
import { seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

describe('Historial', () => {
  it('de una inscripción en Registros y de un evento con sus sesiones: qué, cuándo y quién', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Ruta de los castillos' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const ana = newPerson();
    await registerViaApi(app, sessionId, [ana]);
    const [{ id }] = await app.sql(`SELECT id FROM registrations WHERE email = $1`, [ana.email]);
    const [admin] = await app.sql(`SELECT first_name || ' ' || last_name AS name FROM users WHERE email = $1`, [
      'admin@pruebas.example.com',
    ]);
    // Staff changes through the API: an edit of her phone, the e-mail again, a cancellation; a capacity change.
    const token = await app.adminToken();
    const staff = async (method: string, path: string, body?: object) => {
      const res = await app.request(method, path, { token, body });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    };
    const { firstName, lastName, email, userTaxId } = ana;
    await staff('PUT', `/api/events/registrations/${id}`, {
      firstName,
      lastName,
      email,
      userTaxId,
      telephoneNumber: '611222333',
    });
    await staff('POST', `/api/events/registrations/${id}/resend-email`);
    await staff('POST', `/api/registrations/${id}/cancel`);
    await staff('PUT', `/api/events/${eventId}/sessions/${sessionId}/max-attendees`, { maxAttendees: 12 });

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await row(page, ana.email)
      .getByRole('button', { name: `Historial de ${ana.firstName} ${ana.lastName}` })
      .click();
    const history = dialog(page, `Historial de ${ana.firstName} ${ana.lastName}`);
    const entries = history.getByRole('listitem');
    await seeText(entries.nth(0), 'Inscripción creada');
    await seeText(entries.nth(0), 'La persona inscrita');
    await seeText(entries.nth(0), /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    await seeText(entries.nth(1), 'Datos modificados');
    await seeText(entries.nth(1), admin.name);
    await seeText(entries.nth(1), 'Teléfono');
    await seeText(entries.nth(2), 'Email reenviado');
    await seeText(entries.nth(3), 'Inscripción cancelada');
    expect(await entries.count()).toBe(4);
    // Personal data is named, never shown: not the new phone number.
    expect(await history.getByText('611222333').count()).toBe(0);
    await expectAccessible(page, 'historial de una inscripción');
    await expectNoEnglish(page, 'historial de una inscripción');
    await history.getByRole('button', { name: 'Cerrar' }).click();
    await history.waitFor({ state: 'detached' });

    await visit(page, '/events', 'Eventos');
    await eventRow(page, 'Ruta de los castillos')
      .getByRole('button', { name: 'Historial de Ruta de los castillos' })
      .click();
    const ofEvent = dialog(page, 'Historial de Ruta de los castillos');
    await seeText(ofEvent, 'Sesión modificada');
    await seeText(ofEvent, 'Aforo: 10 → 12');
    await seeText(ofEvent, admin.name);
    await expectNoEnglish(page, 'historial de un evento');
  });
  it('muestra en español un cambio de sesión y una sesión eliminada, con sus valores', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Visita al faro' });
    const morning = await addSession(app, eventId, { maxAttendees: 10 });
    const evening = await addSession(app, eventId, { maxAttendees: 10 });
    const spare = await addSession(app, eventId, { maxAttendees: 10 });
    const luis = newPerson();
    await registerViaApi(app, morning, [luis]);
    const [{ id }] = await app.sql(`SELECT id FROM registrations WHERE email = $1`, [luis.email]);
    const [{ day }] = await app.sql(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS day FROM event_sessions WHERE id = $1`,
      [spare],
    );
    const token = await app.adminToken();
    const moved = await app.request('POST', '/api/bulk/registrations/move', {
      token,
      body: { registrationIds: [id], targetSessionId: evening },
    });
    expect(moved.body).toMatchObject({ done: 1 });
    expect((await app.request('DELETE', `/api/events/${eventId}/sessions/${spare}`, { token })).status).toBe(204);

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await row(page, luis.email)
      .getByRole('button', { name: `Historial de ${luis.firstName} ${luis.lastName}` })
      .click();
    const history = dialog(page, `Historial de ${luis.firstName} ${luis.lastName}`);
    const entries = history.getByRole('listitem');
    await seeText(entries.nth(1), 'Cambiada de sesión');
    await seeText(entries.nth(1), `Sesión: ${morning} → ${evening}`);
    await expectNoEnglish(page, 'historial de un cambio de sesión');
    await history.getByRole('button', { name: 'Cerrar' }).click();
    await history.waitFor({ state: 'detached' });

    await visit(page, '/events', 'Eventos');
    await eventRow(page, 'Visita al faro').getByRole('button', { name: 'Historial de Visita al faro' }).click();
    const ofEvent = dialog(page, 'Historial de Visita al faro');
    await seeText(ofEvent.getByRole('listitem').first(), 'Sesión eliminada');
    await seeText(ofEvent, `Fecha de inicio: ${day} → —`);
    await expectNoEnglish(page, 'historial de una sesión eliminada');
  });
});
