// Back office: what a bulk action asks and reports (docs/domain.md, "Bulk actions on a selection"): the search
// without accents, the report naming people selected under an earlier search, the blacklist's 'Ya estaba', and the
// notification's confirmation with the count and the SMS estimate before anything is sent. Debian's Chromium
// against the real API.
import { requireAdminBuild, row, signIn, visit, dialog } from './support/admin';
import { seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });
const SEARCH = 'Buscar por nombre, email, DNI/NIE, teléfono, evento o referencia';

describe('Registros: informes y confirmaciones de las acciones sobre una selección', () => {
  it('busca sin acentos, selecciona bajo dos búsquedas y el informe nombra a cada persona', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Ruta por el casco antiguo' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const inigo = newPerson({ firstName: 'Íñigo', lastName: `Muñoz ${Date.now() % 100000}` });
    const eva = newPerson({ firstName: 'Eva', lastName: `Ibáñez ${Date.now() % 100000}` });
    for (const person of [inigo, eva]) await registerViaApi(app, sessionId, [person]);
    // Íñigo is on the blacklist for this session already (another staff member, a minute ago).
    const [inigoId] = (await app.sql(`SELECT id FROM registrations WHERE email = $1`, [inigo.email])).map(
      (r: { id: number }) => r.id,
    );
    await app.request('POST', '/api/bulk/registrations/blacklist', {
      token: await app.adminToken(),
      body: { registrationIds: [inigoId], blackListReason: 2, expiresAt: '2099-12-31' },
    });

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    const search = page.getByRole('textbox', { name: SEARCH });
    // Without accents or capitals, as staff type on a phone.
    await search.fill(`inigo munoz ${inigo.lastName.split(' ')[1]}`);
    await row(page, inigo.email).getByRole('checkbox').check();
    // The search is in the address: the filtered view can be shared.
    await page.waitForURL(/filter=.*inigo/);
    await search.fill(`ibanez ${eva.lastName.split(' ')[1]}`);
    await row(page, eva.email).getByRole('checkbox').check();
    await row(page, inigo.email).waitFor({ state: 'detached' });
    await seeText(page, '2 seleccionadas');

    await page.getByRole('button', { name: 'Lista negra', exact: true }).click();
    await dialog(page, 'Añadir 2 inscripciones a la lista negra')
      .getByRole('button', { name: 'Añadir a la lista negra' })
      .click();
    const report = dialog(page, 'Resultado: Añadir a la lista negra');
    await seeText(report, 'Hecho: 1 · No aplicado: 1');
    // Íñigo was selected under the earlier search (not on the page): named all the same, not 'Inscripción N'.
    await seeText(
      report.getByRole('row').filter({ hasText: `Íñigo ${inigo.lastName}` }),
      'Ya estaba en la lista negra de esta sesión',
    );
    await seeText(report.getByRole('row').filter({ hasText: `Eva ${eva.lastName}` }), 'Hecho');
    expect(await report.getByText(/Inscripción \d+/).count()).toBe(0);
    expect(
      await app.sql(`SELECT count(*)::int AS n FROM blacklist_entries WHERE email = ANY($1::text[])`, [
        [inigo.email, eva.email],
      ]),
    ).toEqual([{ n: 2 }]);
  });

  it('Notificar pregunta «¿Enviar … a N personas?» con el coste del SMS antes de enviar nada', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Visita al observatorio' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const people = [newPerson(), newPerson()];
    for (const person of people) await registerViaApi(app, sessionId, [person]);
    const sent = async (table: 'sms_messages' | 'email_messages') =>
      (
        await app.sql(
          `SELECT count(*)::int AS n FROM ${table} WHERE session_id = $1 AND ${table === 'sms_messages' ? 'sms_type' : 'email_type'} = 'Notification'`,
          [sessionId],
        )
      )[0].n;

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await page.getByRole('textbox', { name: SEARCH }).fill('observatorio');
    for (const person of people) await row(page, person.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Notificar', exact: true }).click();

    // SMS: the count, the parts and the cost in the form, then the question with the estimate; nothing sent yet.
    const form = dialog(page, 'Enviar notificación');
    await form.getByRole('textbox', { name: 'Mensaje SMS' }).fill('Recordad traer abrigo');
    await seeText(form, 'Coste estimado: 0,20 €');
    await form.getByRole('button', { name: 'Continuar' }).click();
    await seeText(
      form,
      '¿Enviar un SMS a 2 personas inscritas en la selección (2 inscripciones)? Coste estimado: 0,20 €.',
    );
    expect(await sent('sms_messages')).toBe(0);
    await form.getByRole('button', { name: 'Volver' }).click();

    // E-mail: the question, then it is sent, and only then.
    await form.getByRole('radio', { name: 'Email' }).check();
    await form.getByRole('textbox', { name: 'Mensaje' }).fill('La visita empieza en la cúpula');
    await form.getByRole('button', { name: 'Continuar' }).click();
    await seeText(form, '¿Enviar un email a 2 personas inscritas en la selección (2 inscripciones)?');
    expect(await sent('email_messages')).toBe(0);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await seeText(form, 'Notificaciones enviadas');
    expect(await sent('email_messages')).toBe(2);
    await form.getByRole('button', { name: 'Cerrar' }).click();
  });
  it('un doble clic en la confirmación aplica la acción una vez, sin 409 en la consola', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Taller de encuadernación japonesa' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 10 });
    const people = [newPerson(), newPerson()];
    for (const person of people) await registerViaApi(app, sessionId, [person]);
    const conflicts: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 409) conflicts.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('409')) conflicts.push(message.text());
    });

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await page.getByRole('textbox', { name: SEARCH }).fill('encuadernacion japonesa');
    for (const person of people) await row(page, person.email).getByRole('checkbox').check();
    // A form's confirm (the blacklist's) and a confirmation's (cancel), each clicked twice at once.
    await page.getByRole('button', { name: 'Lista negra', exact: true }).click();
    await dialog(page, 'Añadir 2 inscripciones a la lista negra')
      .getByRole('button', { name: 'Añadir a la lista negra' })
      .dblclick();
    const blacklisted = dialog(page, 'Resultado: Añadir a la lista negra');
    await seeText(blacklisted, 'Hecho: 2 · No aplicado: 0');
    await blacklisted.getByRole('button', { name: 'Cerrar' }).click();
    for (const person of people) await row(page, person.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();
    await dialog(page, 'Cancelar inscripciones').getByRole('button', { name: 'Cancelar inscripciones' }).dblclick();
    await seeText(dialog(page, 'Resultado: Cancelar inscripciones'), 'Hecho: 2 · No aplicado: 0');
    expect(conflicts).toEqual([]);
    const messages = await app.sql(
      `SELECT email_type, count(*)::int AS n FROM email_messages
        WHERE session_id = $1 AND email_type IN ('Blacklist', 'Cancellation') GROUP BY email_type ORDER BY email_type`,
      [sessionId],
    );
    expect(messages).toEqual([
      { email_type: 'Blacklist', n: 2 },
      { email_type: 'Cancellation', n: 2 },
    ]);
  });
});
