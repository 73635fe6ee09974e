// Back office: 'Historial' of a registration (Registros) and of an event's sessions (events screen, administrators)
// (docs/product.md, "Registrations management" and "Events"; docs/domain.md, "History"), in Debian's Chromium.
import { dialog, expectNoEnglish, requireAdminBuild, row, sectionHeading, signIn, visit } from './support/admin';
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
  it('Historial completo: una acción masiva es una fila (quién y cuántas), filtros del servidor en la dirección', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Concierto de invierno' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const people = [newPerson(), newPerson(), newPerson(), newPerson()];
    for (const person of people) await registerViaApi(app, sessionId, [person]);
    const ids = (await app.sql(`SELECT id FROM registrations WHERE session_id = $1 ORDER BY id`, [sessionId])).map(
      (r: { id: number }) => r.id,
    );
    const token = await app.adminToken();
    const bulk = await app.request('POST', '/api/bulk/registrations/cancel', {
      token,
      body: { registrationIds: ids.slice(0, 3) },
    });
    expect(bulk.body).toMatchObject({ done: 3 });
    expect((await app.request('POST', `/api/registrations/${ids[3]}/cancel`, { token })).status).toBe(200);
    expect(
      (
        await app.request('PUT', `/api/events/${eventId}/sessions/${sessionId}/max-attendees`, {
          token,
          body: { maxAttendees: 12 },
        })
      ).status,
    ).toBe(200);

    await signIn(page);
    // From the event's own history, to the whole history filtered to the event.
    await visit(page, '/events', 'Eventos');
    await eventRow(page, 'Concierto de invierno')
      .getByRole('button', { name: 'Historial de Concierto de invierno' })
      .click();
    await dialog(page, 'Historial de Concierto de invierno')
      .getByRole('link', { name: 'Ver en Historial, con filtros' })
      .click();
    await sectionHeading(page, 'Historial').waitFor();
    expect(decodeURIComponent(page.url())).toContain(`"eventId":${eventId}`);
    const rows = page.getByRole('row');
    await seeText(page.locator('main'), 'Acción masiva: 3');
    await seeText(page.locator('main'), 'Aforo: 10 → 12');
    // Four cancellations: the bulk one is one row, with who and how many.
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Inscripción cancelada', exact: true }).click();
    await page.waitForURL(/action/);
    // The server's answer for the filter: the capacity change is gone.
    await rows.filter({ hasText: 'Aforo' }).waitFor({ state: 'detached' });
    await seeText(page.locator('main'), 'Acción masiva: 3');
    expect(await rows.filter({ hasText: 'Inscripción cancelada' }).count()).toBe(2);
    const [admin] = await app.sql(`SELECT first_name || ' ' || last_name AS name FROM users WHERE email = $1`, [
      'admin@pruebas.example.com',
    ]);
    await seeText(rows.filter({ hasText: 'Acción masiva: 3' }), admin.name);
    // Opened one by one: the three people of the bulk cancellation, by name.
    await rows.filter({ hasText: 'Acción masiva: 3' }).getByRole('button', { name: 'Ver una a una' }).click();
    for (const person of people.slice(0, 3))
      await seeText(page.locator('main'), `${person.firstName} ${person.lastName}`);
    expect(await page.getByText(`${people[3].firstName} ${people[3].lastName}`).count()).toBe(0);
    await expectNoEnglish(page, 'historial completo');
    await expectAccessible(page, 'historial completo');
    // A day range with nothing in it, from the address: a filtered view can be shared.
    await page.goto(`/admin/history?filter=${encodeURIComponent(JSON.stringify({ eventId, from: '2099-01-01' }))}`);
    await seeText(page.locator('main'), 'Ningún cambio con estos filtros');
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
    // The sessions by their event and date, as staff read them; no empty '— → —' for a seat kept.
    await seeText(entries.nth(1), /Sesión: Visita al faro · \d{2}\/\d{2}\/\d{4} 10:00-11:30 → Visita al faro · /);
    expect(await entries.nth(1).getByText('— → —').count()).toBe(0);
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
