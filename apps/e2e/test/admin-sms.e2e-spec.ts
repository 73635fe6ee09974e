// Back office: SMS settings and SMS log (docs/product.md §2 "SMS settings" / "SMS log", 3, 4, 5, 8, 9), in Debian's Chromium
// against the real API, with a local stand-in for Netelip that records what the API sends.
import type { Page } from 'playwright-core';
import { NetelipStub } from '@evreg/testing';
import { expectNoEnglish, requireAdminBuild, row, signIn, visit } from './support/admin';
import { card, confirmDialog, expectRowCount, expectValue, notification } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { eventWithSession, newPerson, registerViaApi } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const DISABLED = 'El envío de SMS está deshabilitado. Los usuarios no recibirán notificaciones por SMS.';
// The stand-in's address is known once it listens: filled in before the app starts (hooks run in order).
const appEnv: Record<string, string> = {};
let stub: NetelipStub;
beforeAll(async () => {
  stub = await NetelipStub.start();
  appEnv.NETELIP_BASE_URL = stub.url;
});
afterAll(async () => {
  await stub?.close();
});
const e2e = setupE2E({ appEnv, context: { bypassCSP: true, viewport: { width: 1400, height: 1000 } } });
beforeEach(() => stub.reset());

async function smsSettings() {
  const [row] = await e2e.app.sql<{ sms_enabled: boolean; sender_name: string; netelip_token_sealed: string | null }>(
    `SELECT sms_enabled, sender_name, netelip_token_sealed FROM sms_settings`,
  );
  return row;
}

const costCard = (page: Page) => card(page, 'Coste total de SMS');

describe('Configuración SMS', () => {
  it('aviso de envío deshabilitado; el token se guarda, se enmascara y, vacío, se conserva (y el envío sigue funcionando)', async () => {
    const { app, page } = e2e;
    await signIn(page);
    await visit(page, '/sms-settings', 'Configuración SMS');
    const form = card(page, 'Envío de SMS');
    await seeText(form, DISABLED);
    const token = form.getByLabel('Token de Netelip', { exact: true });
    expect(await token.getAttribute('placeholder')).toBe('Token de la API de Netelip');
    await seeText(form, 'No hay ningún token guardado');
    await expectAccessible(page, 'configuración de SMS');
    await expectNoEnglish(page, 'configuración de SMS');
    await screenshot(page, 'admin-sms-settings');

    // Enabling needs a sender and a token: the server says which is missing.
    await form.getByLabel('Envío de SMS habilitado').check();
    expect(await form.getByText(DISABLED).count()).toBe(0);
    await form.getByRole('button', { name: 'Guardar Configuración' }).click();
    await form.getByRole('alert').filter({ hasText: 'Error al guardar la configuración' }).waitFor();
    await expectError(form.getByLabel('Nombre del remitente'), 'El remitente es requerido para enviar SMS');
    expect((await smsSettings()).sms_enabled).toBe(false);

    await form.getByLabel('Nombre del remitente').fill('EVENTOS');
    await token.fill('tok-netelip-1');
    expect(await token.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Mostrar token de netelip' }).click();
    expect(await token.getAttribute('type')).toBe('text');
    await expectValue(token, 'tok-netelip-1');
    await form.getByRole('button', { name: 'Ocultar token de netelip' }).click();
    expect(await token.getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Guardar Configuración' }).click();
    await form.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' }).waitFor();
    const first = await smsSettings();
    expect(first).toEqual({
      sms_enabled: true,
      sender_name: 'EVENTOS',
      netelip_token_sealed: expect.stringMatching(/^v1\./),
    });
    expect(first.netelip_token_sealed).not.toContain('tok-netelip-1');
    // Never shown again: the field is empty and says how to keep it.
    await expectValue(token, '');
    expect(await token.getAttribute('placeholder')).toBe('Dejar vacío para mantener el token actual');
    await seeText(form, 'Hay un token guardado: se mantiene si dejas el campo vacío');

    // Saved with the token left empty: it is not sent, and the stored one stays.
    await page.reload();
    const again = card(page, 'Envío de SMS');
    await expectValue(again.getByLabel('Nombre del remitente'), 'EVENTOS');
    expect(await again.getByLabel('Envío de SMS habilitado').isChecked()).toBe(true);
    await again.getByLabel('Nombre del remitente').fill('AVISOS');
    const put = page.waitForRequest((r) => r.url().endsWith('/api/smssettings') && r.method() === 'PUT');
    await again.getByRole('button', { name: 'Guardar Configuración' }).click();
    expect(JSON.parse((await put).postData() ?? '{}')).toEqual({ smsEnabled: true, senderName: 'AVISOS' });
    await again.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' }).waitFor();
    const second = await smsSettings();
    expect(second).toEqual({ ...first, sender_name: 'AVISOS' });

    // Sending still works with the token saved the first time.
    const { sessionId } = await eventWithSession(app, { maxAttendees: 5 });
    await registerViaApi(app, sessionId, [newPerson({ telephoneNumber: '611223344' })]);
    const sent = await app.request('POST', `/api/notifications/sessions/${sessionId}`, {
      token: await app.adminToken(),
      body: { type: 0, message: 'Recuerde traer su DNI.' },
    });
    expect(sent.status).toBe(200);
    await eventually(() =>
      expect(stub.requests.map((r) => [r.token, r.from, r.destination])).toEqual([
        ['tok-netelip-1', 'AVISOS', '0034611223344'],
      ]),
    );

    // A sender the provider would refuse: the server's reason under the field.
    await again.getByLabel('Nombre del remitente').fill('REMITENTE DEMASIADO LARGO');
    await again.getByRole('button', { name: 'Guardar Configuración' }).click();
    await expectError(again.getByLabel('Nombre del remitente'), 'El remitente debe tener como máximo 11 letras');

    // Disabled again: the warning is back, before and after saving.
    await again.getByLabel('Nombre del remitente').fill('AVISOS');
    await again.getByLabel('Envío de SMS habilitado').uncheck();
    await seeText(again, DISABLED);
    await again.getByRole('button', { name: 'Guardar Configuración' }).click();
    await again.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' }).waitFor();
    expect(await smsSettings()).toEqual({ ...first, sms_enabled: false, sender_name: 'AVISOS' });
    await page.reload();
    await seeText(card(page, 'Envío de SMS'), DISABLED);
    await expectNoEnglish(page, 'configuración de SMS deshabilitada');
  });

  it('si la configuración no se puede cargar lo dice con el texto de la especificación', async () => {
    const { page } = e2e;
    // A server failure: a 503 is retried first (admin-server-away.e2e-spec.ts).
    await page.route('**/api/smssettings', (route) => route.fulfill({ status: 500, body: '' }));
    await signIn(page);
    await visit(page, '/sms-settings', 'Configuración SMS');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error al cargar la configuración de SMS. Por favor, intenta de nuevo.' })
      .waitFor();
  });
});

describe('Registro SMS', () => {
  it('coste total, búsqueda, 50 por página con «Página n», eliminar uno y todos con confirmación', async () => {
    const { app, page } = e2e;
    const admin = await app.adminToken();
    expect(
      (
        await app.request('PUT', '/api/smssettings', {
          token: admin,
          body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok-2' },
        })
      ).status,
    ).toBe(200);
    await app.sql(`DELETE FROM sms_messages`);
    const { sessionId } = await eventWithSession(app, { maxAttendees: 5 }, { title: 'Ruta botánica' });
    await registerViaApi(app, sessionId, [newPerson({ telephoneNumber: '611223344' })]);
    await registerViaApi(app, sessionId, [newPerson({ telephoneNumber: '622334455' })]);
    // The two SMS through the notifications API and the stand-in, then 52 older failed ones (no cost).
    const sent = await app.request('POST', `/api/notifications/sessions/${sessionId}`, {
      token: admin,
      body: { type: 0, message: 'Cambio de punto de encuentro.' },
    });
    expect(sent.body).toMatchObject({ successCount: 2, totalCost: 0.2 });
    await eventually(async () =>
      expect(await app.sql(`SELECT status FROM sms_messages`)).toEqual([{ status: 1 }, { status: 1 }]),
    );
    await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, status, error_message, sent_by, created_at)
       SELECT 'Notification', '6990000' || lpad(n::text, 2, '0'), 'Aviso antiguo ' || n, 1, 0, 2, 'Saldo insuficiente en la cuenta de Netelip (402)', 'Sistema', now() - make_interval(days => 2, secs => n)
         FROM generate_series(1, 52) AS n`,
    );

    await signIn(page);
    await visit(page, '/sms-logs', 'Registro SMS');
    await costCard(page).getByText('0,20 €', { exact: true }).waitFor();
    await seeText(costCard(page), 'Importe orientativo');
    const real = row(page, '611223344');
    await real.getByText('Enviado', { exact: true }).waitFor();
    await seeText(real, '0,10 €');
    await seeText(real, 'Administrador Principal');
    await seeText(real, 'Cambio de punto de encuentro.');
    const old = row(page, '699000001');
    await seeText(old, 'Fallido');
    await seeText(old, 'Saldo insuficiente en la cuenta de Netelip (402)');
    expect((await old.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toContain('-');
    await seeText(page, 'Página 1');
    await expectRowCount(page, 50);
    await expectAccessible(page, 'registro de SMS');
    await expectNoEnglish(page, 'registro de SMS');
    await screenshot(page, 'admin-sms-log');

    // 54 rows: the second page has 4, and 'Siguiente' stops there (fewer than 50).
    const next = page.getByRole('button', { name: 'Siguiente' });
    await next.click();
    await seeText(page, 'Página 2');
    await expectRowCount(page, 4);
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await seeText(page, 'Página 1');
    await expectRowCount(page, 50);

    const search = page.getByRole('textbox', { name: 'Buscar por teléfono, mensaje o remitente' });
    await search.fill('622334455');
    await expectRowCount(page, 1);
    await row(page, '622334455').waitFor();
    await search.fill('ningún mensaje así');
    await seeText(page, 'No se encontraron SMS');
    await search.fill('');
    await expectRowCount(page, 50);

    // Delete one (the cost card follows: only sent SMS count). A refused delete keeps the dialog open.
    await page.route('**/api/smssettings/smslogs/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'Servicio no disponible' }),
          })
        : route.fallback(),
    );
    await row(page, '611223344')
      .getByRole('button', { name: /^Eliminar el SMS a 611223344/ })
      .click();
    const dialog = confirmDialog(page);
    await seeText(dialog, '¿Eliminar el SMS a 611223344 del registro?');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Servicio no disponible' }).waitFor();
    await page.unroute('**/api/smssettings/smslogs/*');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, '611223344').waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT 1 FROM sms_messages WHERE phone_number = '611223344'`)).toEqual([]);
    await costCard(page).getByText('0,10 €', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Eliminar Todos' }).click();
    const all = confirmDialog(page);
    await seeText(all, '¿Eliminar todo el registro de SMS?');
    await all.getByRole('button', { name: 'Eliminar Todos' }).click();
    await notification(page, '53 SMS eliminados del registro').waitFor();
    await seeText(page, 'No hay SMS registrados');
    await costCard(page).getByText('-', { exact: true }).waitFor();
    expect(await app.sql(`SELECT count(*)::int AS n FROM sms_messages`)).toEqual([{ n: 0 }]);
    await expectNoEnglish(page, 'registro de SMS vacío');
  });

  it('con Settings.Read se ve el registro sin botones de eliminar; un fallo de carga da el texto de la especificación', async () => {
    const { app, page } = e2e;
    await app.sql(
      `INSERT INTO sms_messages (sms_type, phone_number, message, parts, cost, status, sent_by) VALUES ('Notification', '633445566', 'Hola', 1, 0.10, 1, 'Sistema')`,
    );
    const reader = await app.staffWith(['Settings.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/sms-logs', 'Registro SMS');
    await row(page, '633445566').getByText('Enviado', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Eliminar/ }).count()).toBe(0);

    await page.route('**/api/smssettings/logs?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Actualizar' }).click();
    // In the list's place (react-admin also notifies it).
    await page
      .locator('#main-content')
      .getByRole('alert')
      .filter({ hasText: 'Error al cargar el registro de SMS. Por favor, intenta de nuevo.' })
      .waitFor();
  });

  it('si Netelip no está disponible, el registro lo explica en español con el código como detalle', async () => {
    const { app, page } = e2e;
    const admin = await app.adminToken();
    await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok-3' },
    });
    await app.sql(`DELETE FROM sms_messages`);
    stub.mode = { http: 503 };
    const { sessionId } = await eventWithSession(app, { maxAttendees: 5 }, { title: 'Visita nocturna' });
    await registerViaApi(app, sessionId, [newPerson({ telephoneNumber: '644556677' })]);
    await app.request('POST', `/api/notifications/sessions/${sessionId}`, {
      token: admin,
      body: { type: 0, message: 'Se retrasa la hora.' },
    });
    await eventually(async () =>
      expect(await app.sql(`SELECT error_message FROM sms_messages`)).toEqual([
        { error_message: 'Netelip no disponible: error del servidor de Netelip (HTTP 503)' },
      ]),
    );
    await signIn(page);
    await visit(page, '/sms-logs', 'Registro SMS');
    await seeText(row(page, '644556677'), 'Netelip no disponible: error del servidor de Netelip (HTTP 503)');
    await expectNoEnglish(page, 'SMS sin enviar');
  });
});
