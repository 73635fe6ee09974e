// Back office: the GDPR panel (docs/product.md §2 "GDPR panel", 3 GDPR summary and export, 5 GDPR search, 8, 9 export
// name), in Debian's Chromium against the real API: export the JSON file, then erase the person.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import { rowsOf } from './support/admin-people';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const summary = (page: Page) => page.getByRole('region', { name: /^Resumen de / });
/** The value next to a term of the summary. */
const value = (page: Page, term: string) =>
  summary(page).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

async function search(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

describe('RGPD', () => {
  it('buscar, exportar el JSON y eliminar los datos de una persona (su plaza pasa a la lista de espera)', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app, { title: 'Jornada de puertas abiertas' });
    const sessionId = await addSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 3 });
    const [ana, ben] = [newPerson(), newPerson()];
    await registerViaApi(app, sessionId, [ana]);
    expect((await registerViaApi(app, sessionId, [ben])).queued).toBe(true);

    await signIn(page);
    await visit(page, '/gdpr', 'RGPD');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expectError(
      page.getByRole('textbox', { name: 'Correo electrónico' }),
      'Por favor indique un correo electrónico',
    );
    await search(page, 'ana@');
    await expectError(
      page.getByRole('textbox', { name: 'Correo electrónico' }),
      'Por favor indique un correo electrónico',
    );

    await search(page, ana.email.toUpperCase());
    await summary(page).waitFor();
    await seeText(summary(page), `Resumen de ${ana.email}`);
    expect(await value(page, 'Tiene datos').innerText()).toBe('Sí');
    expect(await value(page, 'Registros').innerText()).toBe('1');
    expect(await value(page, 'Consentimientos').innerText()).toBe('1');
    expect(await value(page, 'Última actividad').innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    // Where she is: her registration's event, session and state (issue 23 §1).
    const where = page.getByRole('table', { name: 'Dónde está la persona' });
    expect(await where.getByRole('row').count()).toBe(2);
    await seeText(where, 'Jornada de puertas abiertas');
    await seeText(where, /\d{2}\/\d{2}\/\d{4} 10:00-11:30/);
    await seeText(where, 'Activa');
    await expectAccessible(page, 'RGPD con resumen');
    await expectNoEnglish(page, 'RGPD');
    await screenshot(page, 'admin-gdpr');
    // Ben, on the waiting list: found with his position.
    await search(page, ben.email);
    await seeText(summary(page), `Resumen de ${ben.email}`);
    await seeText(page.getByRole('table', { name: 'Dónde está la persona' }), 'En lista de espera (posición 1)');
    await search(page, ana.email);
    await seeText(summary(page), `Resumen de ${ana.email}`);

    // Export: a JSON file named with the e-mail and the date, holding her registration and consent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar datos (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^datos-rgpd-${ana.email.replace(/\./g, '\\.')}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({ email: ana.email, totalRegistrations: 1, totalConsents: 1 });
    expect(exported.registrations[0]).toMatchObject({
      firstName: ana.firstName,
      email: ana.email,
      eventTitle: 'Jornada de puertas abiertas',
      status: 'Active',
    });
    expect(exported.consentHistory[0]).toMatchObject({ isConsented: true });
    await seeText(page, `Datos exportados en ${download.suggestedFilename()}`);
    expect(await app.sql(`SELECT action FROM gdpr_requests`)).toEqual([{ action: 'Export' }]);

    // Erase, after a confirmation: her seat goes to the first of the waiting list.
    await page.getByRole('button', { name: 'Eliminar datos' }).click();
    const confirm = dialog(page, 'Eliminar datos personales');
    await seeText(confirm, `¿Eliminar todos los datos de ${ana.email}?`);
    await confirm.getByRole('button', { name: 'Eliminar datos' }).click();
    await seeText(
      page,
      /^Datos actualizados correctamente\. Eliminados: 1 registros \(0 en lista de espera\), 1 consentimientos, \d+ emails/,
    );
    await seeText(page, '1 personas han pasado de la lista de espera a inscritas.');
    await eventually(async () => expect(await value(page, 'Tiene datos').innerText()).toBe('No'));
    await seeText(summary(page), 'No hay datos de esta persona.');
    expect(await value(page, 'Registros').innerText()).toBe('0');
    expect(await page.getByRole('button', { name: 'Eliminar datos' }).count()).toBe(0);
    await expectNoEnglish(page, 'RGPD tras eliminar');
    const rows = await rowsOf(app, sessionId);
    expect(rows.map((r) => [r.email, r.state])).toEqual([[ben.email, 0]]);
  });
});
