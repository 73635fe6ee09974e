// Back office: the e-mail log (docs/product.md §2 "E-mail log screen", 4, 8, 9): a message refused by a real SMTP server is
// shown failed and resent once the server accepts it; search, paging, delete one and all; in Debian's Chromium
// against the real API.
import type { Page } from 'playwright-core';
import { SmtpCapture, useSmtp } from '@evreg/testing';
import { expectNoEnglish, requireAdminBuild, row, sidebarItems, signIn, visit } from './support/admin';
import { bodyRows, confirmDialog, expectRowCount, notification } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { eventWithSession, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1400, height: 1000 } } });
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await SmtpCapture.start();
  await useSmtp(e2e.app, await e2e.app.adminToken(), smtp);
});
afterAll(async () => {
  await smtp?.stop();
});

async function messagesTo(email: string) {
  return e2e.app.sql<{ id: number; status: number; error_message: string | null }>(
    `SELECT id::int, status, error_message FROM email_messages WHERE email_address = $1 ORDER BY id`,
    [email],
  );
}

/** Log rows written straight into the table (sent test messages), to have more than one page. */
async function fillLog(count: number, prefix: string) {
  await e2e.app.sql(
    `INSERT INTO email_messages (email_type, email_address, recipient_name, status, attempts, sent_at, created_at)
     SELECT 'Test', $2 || n || '@example.com', 'Relleno ' || n, 1, 1, now() - make_interval(days => 1, secs => n), now() - make_interval(days => 1, secs => n)
       FROM generate_series(1, $1::int) AS n`,
    [count, prefix],
  );
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Buscar por email, nombre, DNI/NIE o evento' });

describe('Registro Emails', () => {
  it('un email rechazado por el servidor aparece Fallido; «Reenviar» lo entrega cuando el servidor lo acepta', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app, { maxAttendees: 10 }, { title: 'Taller de cerámica' });
    const refused = newPerson();
    const accepted = newPerson();
    smtp.refuse.add(refused.email);
    await registerViaApi(app, sessionId, [refused]);
    await registerViaApi(app, sessionId, [accepted]);
    await eventually(async () => expect((await messagesTo(refused.email)).map((m) => m.status)).toEqual([2]));
    await eventually(async () => expect((await messagesTo(accepted.email)).map((m) => m.status)).toEqual([1]));

    await signIn(page);
    await visit(page, '/email-logs', 'Registro Emails');
    const failed = row(page, refused.email);
    await failed.getByText('Fallido', { exact: true }).waitFor();
    await seeText(failed, 'Inscripción');
    await seeText(failed, 'Taller de cerámica (Madrid)');
    await seeText(failed, `${refused.firstName} ${refused.lastName}`);
    // The cause in Spanish, the server's answer as the detail.
    await seeText(failed, 'El servidor SMTP rechazó la dirección del destinatario.');
    await seeText(failed, /Detalle: .*550/);
    const sent = row(page, accepted.email);
    await sent.getByText('Enviado', { exact: true }).waitFor();
    // Resend only for the failed Registration e-mail.
    expect(await sent.getByRole('button', { name: /^Reenviar/ }).count()).toBe(0);
    await expectAccessible(page, 'registro de emails');
    await expectNoEnglish(page, 'registro de emails');
    await screenshot(page, 'admin-email-log');

    // The server accepts the address now: the resend goes out once and the log says sent.
    smtp.refuse.delete(refused.email);
    expect(smtp.to(refused.email)).toEqual([]);
    await failed.getByRole('button', { name: `Reenviar el email a ${refused.email}` }).click();
    await notification(page, 'Email puesto en cola para reenviarse').waitFor();
    await eventually(() => expect(smtp.to(refused.email)).toHaveLength(1));
    expect(smtp.to(refused.email)[0].subject).toBe('Inscripción confirmada: Taller de cerámica');
    await eventually(async () => expect((await messagesTo(refused.email)).map((m) => m.status)).toEqual([1]));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await row(page, refused.email).getByText('Enviado', { exact: true }).waitFor();
    expect(
      await row(page, refused.email)
        .getByRole('button', { name: /^Reenviar/ })
        .count(),
    ).toBe(0);
    expect(smtp.to(refused.email)).toHaveLength(1);
  });

  it('búsqueda (tras dejar de escribir), 20 por página con Anterior/Siguiente, eliminar uno y eliminar todos con confirmación', async () => {
    const { app, page } = e2e;
    await app.sql(`DELETE FROM email_messages`);
    await fillLog(23, 'relleno');
    await signIn(page);
    await visit(page, '/email-logs', 'Registro Emails');
    await seeText(page, 'Mostrando 20 de 23 emails');
    await seeText(page, 'Página 1 de 2');
    await expectRowCount(page, 20);
    const next = page.getByRole('button', { name: 'Siguiente' });
    await next.click();
    await seeText(page, 'Página 2 de 2');
    await expectRowCount(page, 3);
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await seeText(page, 'Página 1 de 2');

    // The search is the API's (address, name, tax ID, event), sent once typing stops.
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/email-logs' && url.searchParams.get('search'))
        searches.push(url.searchParams.get('search')!);
    });
    await searchBox(page).pressSequentially('relleno17', { delay: 40 });
    await expectRowCount(page, 1);
    await row(page, 'relleno17@example.com').waitFor();
    expect(searches).toEqual(['relleno17']);
    await searchBox(page).fill('nadie-con-este-email');
    await seeText(page, 'No se encontraron emails');
    await searchBox(page).fill('');
    await expectRowCount(page, 20);

    // Delete one, after confirming.
    await row(page, 'relleno1@example.com')
      .getByRole('button', { name: 'Eliminar el registro del email a relleno1@example.com' })
      .click();
    const dialog = confirmDialog(page);
    await seeText(dialog, '¿Eliminar el registro del email enviado a relleno1@example.com?');
    await expectNoEnglish(page, 'confirmar eliminación');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'relleno1@example.com').waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT 1 FROM email_messages WHERE email_address = 'relleno1@example.com'`)).toEqual([]);
    await seeText(page, 'Mostrando 20 de 22 emails');

    // A refused delete keeps the dialog open with the reason.
    await page.route('**/api/email-logs/all', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'Servicio no disponible' }),
      }),
    );
    await page.getByRole('button', { name: 'Eliminar Todos' }).click();
    const all = confirmDialog(page);
    await seeText(all, '¿Eliminar todo el registro de emails?');
    await all.getByRole('button', { name: 'Eliminar Todos' }).click();
    await all.getByRole('alert').filter({ hasText: 'Servicio no disponible' }).waitFor();
    expect((await app.sql(`SELECT count(*)::int AS n FROM email_messages`))[0].n).toBe(22);
    await page.unroute('**/api/email-logs/all');
    await all.getByRole('button', { name: 'Eliminar Todos' }).click();
    await all.waitFor({ state: 'detached' });
    await notification(page, '22 registros de email eliminados').waitFor();
    await seeText(page, 'No hay emails registrados');
    expect((await app.sql(`SELECT count(*)::int AS n FROM email_messages`))[0].n).toBe(0);
    expect(await bodyRows(page).filter({ hasText: '@' }).count()).toBe(0);
    await expectNoEnglish(page, 'registro de emails vacío');
  });

  it('con EmailLogs.Read se ve el registro y se reenvía, sin botones de eliminar (Settings.Delete)', async () => {
    const { app, page } = e2e;
    const { sessionId } = await eventWithSession(app, { maxAttendees: 10 });
    const refused = newPerson();
    smtp.refuse.add(refused.email);
    await registerViaApi(app, sessionId, [refused]);
    await eventually(async () => expect((await messagesTo(refused.email)).map((m) => m.status)).toEqual([2]));
    smtp.refuse.delete(refused.email);

    const reader = await app.staffWith(['EmailLogs.Read']);
    await signIn(page, reader.email, reader.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Registro Emails']);
    await visit(page, '/email-logs', 'Registro Emails');
    await row(page, refused.email).getByText('Fallido', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Eliminar/ }).count()).toBe(0);
    await row(page, refused.email)
      .getByRole('button', { name: `Reenviar el email a ${refused.email}` })
      .click();
    await notification(page, 'Email puesto en cola para reenviarse').waitFor();
    await eventually(() => expect(smtp.to(refused.email)).toHaveLength(1));
  });
});
