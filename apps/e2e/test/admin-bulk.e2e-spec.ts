// Back office: bulk actions on a selection in Registros (docs/domain.md, "Bulk actions on a selection"), in Debian's
// Chromium against the real API.
import { expectNoEnglish, requireAdminBuild, row, signIn, visit, dialog } from './support/admin';
import { seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { expandEvent, openEvents, sessionRow } from './support/admin-events';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

describe('Registros: acciones sobre una selección', () => {
  it('selecciona, confirma con el número y ve el informe por persona (con la promoción)', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Curso de encuadernación' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 2, maxQueueSpots: 2 });
    const [ana, luis, eva] = [newPerson(), newPerson(), newPerson()];
    for (const person of [ana, luis, eva]) await registerViaApi(app, sessionId, [person]);

    await signIn(page);
    await visit(page, '/registrations', 'Registros');
    await row(page, ana.email).waitFor();
    await row(page, ana.email).getByRole('checkbox').check();
    await row(page, luis.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cancelar', exact: true }).click();

    const confirm = dialog(page, 'Cancelar inscripciones');
    await seeText(confirm, '¿Cancelar 2 inscripciones?');
    await confirm.getByRole('button', { name: 'Cancelar inscripciones' }).click();

    const report = dialog(page, 'Resultado: Cancelar inscripciones');
    await seeText(report, 'Hecho: 2 · No aplicado: 0 · Promovidas de la lista de espera: 1');
    for (const person of [ana, luis]) {
      await seeText(report.getByRole('row').filter({ hasText: `${person.firstName} ${person.lastName}` }), 'Hecho');
    }
    await expectNoEnglish(page, 'informe de la acción');
    await report.getByRole('button', { name: 'Cerrar' }).click();

    // The list read again: both cancelled, Eva promoted from the waiting list.
    await seeText(row(page, ana.email), 'Cancelado');
    await seeText(row(page, eva.email), 'Activo');
    expect(
      (await app.sql(`SELECT state FROM registrations WHERE session_id = $1 ORDER BY id`, [sessionId])).map(
        (r: { state: number }) => r.state,
      ),
    ).toEqual([1, 1, 0]);
  });

  it('en las personas de una sesión: selecciona dos y las mueve a otra sesión del evento', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Taller de acuarela' });
    const source = await addSession(app, eventId, { maxAttendees: 5 });
    const target = await addSession(app, eventId, { maxAttendees: 5 });
    const [ana, luis] = [newPerson(), newPerson()];
    for (const person of [ana, luis]) await registerViaApi(app, source, [person]);

    await openEvents(page);
    await expandEvent(page, 'Taller de acuarela');
    await sessionRow(page, source)
      .getByRole('button', { name: `Personas inscritas en la sesión ${source}` })
      .click();
    const people = dialog(page, `Personas inscritas · Sesión ${source}`);
    for (const person of [ana, luis]) {
      await people.getByRole('checkbox', { name: `Seleccionar a ${person.firstName} ${person.lastName}` }).check();
    }
    await seeText(people, '2 seleccionadas');
    await people.getByRole('button', { name: 'Mover de sesión' }).click();
    const move = dialog(page, 'Mover 2 inscripciones a otra sesión');
    await move.getByRole('combobox', { name: 'Sesión de destino' }).click();
    await page.getByRole('option', { name: new RegExp(`^Sesión ${target} `) }).click();
    await move.getByRole('button', { name: 'Mover' }).click();
    const report = dialog(page, 'Resultado: Mover de sesión');
    await seeText(report, 'Hecho: 2 · No aplicado: 0');
    await report.getByRole('button', { name: 'Cerrar' }).click();
    expect(
      (
        await app.sql(`SELECT DISTINCT session_id FROM registrations WHERE email = ANY($1::text[])`, [
          [ana.email, luis.email],
        ])
      ).map((r: { session_id: number }) => r.session_id),
    ).toEqual([target]);
  });
});
