// Back office: Integraciones, the webhooks (docs/domain.md "Webhooks", apps/admin/README.md), in Debian's Chromium
// against the real API and a local receiver: create one (its secret shown once), 'Probar' (a signed request that
// verifies with that secret), its deliveries with every try and 'Reenviar', edit and delete; read-only with
// Configuración Ver.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookReceiver } from '@evreg/testing';
import type { Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, row, signIn, visit } from './support/admin';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
// The receiver listens on this machine: a destination only WEBHOOK_ALLOWED_DESTINATIONS allows.
const e2e = setupE2E({
  context: { bypassCSP: true, viewport: { width: 1280, height: 900 } },
  appEnv: { WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1' },
});

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await receiver?.stop();
});

const webhooksCard = (page: Page) => page.getByRole('region', { name: 'Webhooks' });
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** What a receiver does with X-Webhook-Signature (the README's "Integrar"): HMAC-SHA256 of the raw body. */
function verifies(secret: string, raw: string, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('Integraciones: webhooks', () => {
  it('crear (el secreto se ve una vez), probar con firma válida, ver los envíos, editar y eliminar', async () => {
    const { page, app } = e2e;
    const url = receiver.url('/hooks/teatro');
    await signIn(page);
    await visit(page, '/integrations', 'Integraciones');
    await seeText(webhooksCard(page), 'No hay webhooks');

    // The form's rules, with the API's texts.
    await webhooksCard(page).getByRole('button', { name: 'Nuevo webhook' }).click();
    const create = dialog(page, 'Nuevo webhook');
    await create.getByRole('button', { name: 'Crear webhook' }).click();
    await expectError(create.getByLabel('URL'), 'La URL es requerida');
    await seeText(create, 'Indique al menos un tipo de evento');
    await create.getByLabel('URL').fill('teatro.example.com/hooks');
    await create.getByRole('button', { name: 'Crear webhook' }).click();
    await expectError(create.getByLabel('URL'), 'La URL debe ser una dirección http:// o https:// válida');
    await expectAccessible(page, 'nuevo webhook con errores');
    await expectNoEnglish(page, 'nuevo webhook');

    const events = create.getByRole('group', { name: 'Eventos' });
    await events.getByRole('checkbox', { name: 'Inscripción con plaza' }).check();
    await events.getByRole('checkbox', { name: 'Sesión completa' }).check();
    expect(await create.getByRole('switch', { name: 'Activo' }).isChecked()).toBe(true);
    // The API refuses a non-public address (the cloud metadata one here) under the field, before any connection.
    await create.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
    await create.getByRole('button', { name: 'Crear webhook' }).click();
    await expectError(create.getByLabel('URL'), 'Destino no permitido: dirección de enlace local (169.254.169.254)');
    await create.getByLabel('URL').fill(url);
    await create.getByRole('button', { name: 'Crear webhook' }).click();

    // The secret, shown once, with how to check the signature.
    const shown = dialog(page, 'Webhook creado');
    await shown.waitFor();
    await seeText(shown, 'no se volverá a mostrar');
    await seeText(shown, 'X-Webhook-Signature');
    const secret = await shown.getByLabel('Secreto de firma').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhook creado');
    await expectNoEnglish(page, 'webhook creado');
    await shown.getByRole('button', { name: 'Entendido' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.body.innerHTML)).not.toContain(secret);

    const listed = row(page, url);
    await seeText(listed, 'Inscripción con plaza');
    await seeText(listed, 'Sesión completa');
    await seeText(listed, 'Activo');
    await expectAccessible(page, 'integraciones con un webhook');
    await expectNoEnglish(page, 'integraciones con un webhook');
    await screenshot(page, 'admin-webhooks');

    // 'Probar': a signed request that verifies with the secret shown.
    await listed.getByRole('button', { name: `Probar ${url}` }).click();
    await notification(page, 'Prueba entregada correctamente').waitFor();
    const [request] = receiver.at('/hooks/teatro');
    expect(request.body.type).toBe('webhook.test');
    expect(request.headers['x-webhook-id']).toBe(request.body.id);
    expect(verifies(secret, request.raw, request.headers['x-webhook-signature'])).toBe(true);
    expect(verifies(`${secret}x`, request.raw, request.headers['x-webhook-signature'])).toBe(false);

    // A receiver that fails: its status and our reason are notified and listed with the delivery, never its answer.
    receiver.on('/hooks/teatro', () => ({ status: 500, body: 'receptor caído: contraseña=secreto' }));
    await listed.getByRole('button', { name: `Probar ${url}` }).click();
    await notification(page, 'La prueba no se entregó: el receptor respondió 500').waitFor();
    await listed.getByRole('button', { name: `Envíos de ${url}` }).click();
    const deliveries = dialog(page, 'Envíos del webhook');
    const failed = deliveries.getByRole('row').filter({ hasText: 'Pendiente' });
    await seeText(failed, 'El receptor respondió 500');
    expect(await failed.getByRole('cell').nth(3).textContent()).toBe('500');
    await seeText(failed, 'Próximo intento');
    expect(await deliveries.textContent()).not.toContain('receptor caído');
    const delivered = deliveries.getByRole('row').filter({ hasText: 'Entregado' });
    await seeText(delivered, 'Prueba');
    expect(await delivered.getByRole('cell').nth(2).textContent()).toBe('1');
    await seeText(deliveries, 'Mostrando 2 de 2 envíos');
    // Every try is listed with its time, status and reason.
    await seeText(failed, '500 · El receptor respondió 500');
    await seeText(delivered, '200');
    await expectAccessible(page, 'envíos del webhook');
    await expectNoEnglish(page, 'envíos del webhook');
    await screenshot(page, 'admin-webhook-deliveries');

    // 'Reenviar': the failed delivery sent again at once, the same event, to a receiver that now answers.
    receiver.on('/hooks/teatro', () => ({}));
    await failed.getByRole('button', { name: /^Reenviar el envío \d+$/ }).click();
    // Confirmed first; 'Volver' sends nothing.
    const resend = dialog(page, 'Reenviar envío');
    await seeText(resend, `¿Reenviar el evento «Prueba» a ${url}?`);
    await expectNoEnglish(page, 'reenviar envío');
    await resend.getByRole('button', { name: 'Volver' }).click();
    await resend.waitFor({ state: 'detached' });
    await failed.getByRole('button', { name: /^Reenviar el envío \d+$/ }).click();
    // A double click on 'Reenviar' is one re-send (one key per confirmation).
    await dialog(page, 'Reenviar envío').getByRole('button', { name: 'Reenviar' }).dblclick();
    await eventually(() => expect(receiver.at('/hooks/teatro')).toHaveLength(3));
    // The snackbar sits outside the open dialog (aria-hidden while it is open): found by its text.
    await page.getByText('Envío pendiente de nuevo: se envía en unos segundos').waitFor();
    const [, tried, again] = receiver.at('/hooks/teatro');
    expect(again.raw).toBe(tried.raw);
    expect(verifies(secret, again.raw, again.headers['x-webhook-signature'])).toBe(true);
    const admin = await app.adminToken();
    const [hook] = (await app.request('GET', '/api/webhooks', { token: admin })).body;
    await eventually(async () => {
      const list = await app.request('GET', `/api/webhooks/${hook.id}/deliveries`, { token: admin });
      expect(list.body.data.map((d: { status: string }) => d.status)).toEqual(['Delivered', 'Delivered']);
    });
    // Nothing more arrives from the second click.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.at('/hooks/teatro')).toHaveLength(3);
    await deliveries.getByRole('button', { name: 'Cerrar' }).click();
    await deliveries.waitFor({ state: 'detached' });
    await listed.getByRole('button', { name: `Envíos de ${url}` }).click();
    const reopened = dialog(page, 'Envíos del webhook');
    // Its earlier try stays in the history beside the one that delivered it.
    const redelivered = reopened.getByRole('row').filter({ hasText: '500 · El receptor respondió 500' });
    await seeText(redelivered, 'Entregado');
    await seeText(redelivered, '200');
    await reopened.getByRole('button', { name: 'Cerrar' }).click();
    await reopened.waitFor({ state: 'detached' });

    // Edit: URL, events and the switch; the secret stays.
    const moved = receiver.url('/hooks/taquilla');
    await listed.getByRole('button', { name: `Editar ${url}` }).click();
    const edit = dialog(page, 'Editar webhook');
    await edit.getByLabel('URL').fill(moved);
    const editEvents = edit.getByRole('group', { name: 'Eventos' });
    await editEvents.getByRole('checkbox', { name: 'Sesión completa' }).uncheck();
    await editEvents.getByRole('checkbox', { name: 'Inscripción anulada' }).check();
    await edit.getByRole('switch', { name: 'Activo' }).uncheck();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await notification(page, 'Webhook actualizado').waitFor();
    const edited = row(page, moved);
    await seeText(edited, 'Inactivo');
    await seeText(edited, 'Inscripción anulada');
    const token = await app.adminToken();
    const [stored] = (await app.request('GET', '/api/webhooks', { token })).body;
    expect(stored).toMatchObject({
      url: moved,
      events: ['registration.created', 'registration.cancelled'],
      isActive: false,
    });

    // Delete, after the common confirmation.
    await edited.getByRole('button', { name: `Eliminar ${moved}` }).click();
    const confirm = dialog(page, 'Confirmar Eliminación');
    await seeText(confirm, `¿Eliminar el webhook ${moved}?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await notification(page, 'Webhook eliminado').waitFor();
    await seeText(webhooksCard(page), 'No hay webhooks');
    expect((await app.request('GET', '/api/webhooks', { token })).body).toEqual([]);
  });

  it('con Configuración Ver: la lista y los envíos, paginados, sin botones de cambio', async () => {
    const { page, app } = e2e;
    const admin = await app.adminToken();
    const url = receiver.url('/hooks/informes');
    const created = await app.request('POST', '/api/webhooks', {
      token: admin,
      body: { url, events: ['registration.queued'] },
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < 21; i++)
      expect((await app.request('POST', `/api/webhooks/${created.body.id}/test`, { token: admin })).status).toBe(202);
    await eventually(() => expect(receiver.at('/hooks/informes')).toHaveLength(21));

    const reader = await app.staffWith(['Settings.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/integrations', 'Integraciones');
    const listed = row(page, url);
    await seeText(listed, 'Inscripción en lista de espera');
    expect(await webhooksCard(page).getByRole('button', { name: 'Nuevo webhook' }).count()).toBe(0);
    for (const action of ['Probar', 'Editar', 'Eliminar'])
      expect(await listed.getByRole('button', { name: `${action} ${url}` }).count()).toBe(0);

    await listed.getByRole('button', { name: `Envíos de ${url}` }).click();
    const deliveries = dialog(page, 'Envíos del webhook');
    await seeText(deliveries, 'Mostrando 20 de 21 envíos');
    await seeText(deliveries, 'Página 1 de 2');
    await deliveries.getByRole('button', { name: 'Siguiente' }).click();
    await seeText(deliveries, 'Página 2 de 2');
    await seeText(deliveries, 'Mostrando 1 de 21 envíos');
    await eventually(async () =>
      expect(await deliveries.getByRole('row').filter({ hasText: 'Prueba' }).count()).toBe(1),
    );
    expect(await deliveries.getByRole('button', { name: /Reenviar/ }).count()).toBe(0);
    await expectNoEnglish(page, 'envíos de solo lectura');
  });
});
