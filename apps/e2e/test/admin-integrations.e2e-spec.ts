// Back office: Integraciones, the API tokens (docs/domain.md "API tokens", apps/admin/README.md), in Debian's
// Chromium against the real API: create a token, see it once and copy it, use it, revoke it.
import type { Page } from 'playwright-core';
import { dialog, expectNoEnglish, requireAdminBuild, row, sidebarItems, signIn, visit } from './support/admin';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

const tokensCard = (page: Page) => page.getByRole('region', { name: 'Tokens de API' });
const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

describe('Integraciones: tokens de API', () => {
  it('crear un token (se ve una vez, con copia), usarlo y revocarlo', async () => {
    const { page, context, app } = e2e;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await signIn(page);
    expect(await sidebarItems(page)).toContain('Integraciones');
    await visit(page, '/integrations', 'Integraciones');
    await seeText(tokensCard(page), 'No hay tokens de API');
    await expectAccessible(page, 'integraciones sin tokens');
    await expectNoEnglish(page, 'integraciones');

    // The form's rules, with the API's texts.
    await page.getByRole('button', { name: 'Nuevo token' }).click();
    const create = dialog(page, 'Nuevo token de API');
    await create.getByRole('button', { name: 'Crear token' }).click();
    await expectError(create.getByLabel('Nombre'), 'El nombre del token es requerido');
    await seeText(create, 'Elige al menos un permiso');
    await expectAccessible(page, 'nuevo token con errores');
    await expectNoEnglish(page, 'nuevo token');

    await create.getByLabel('Nombre').fill('Taquilla del teatro');
    const events = create.getByRole('group', { name: 'Eventos' });
    await events.getByRole('checkbox', { name: /^Ver/ }).check();
    await create.getByLabel('Caduca el').fill('2030-12-31');
    await screenshot(page, 'admin-integrations-create');
    await create.getByRole('button', { name: 'Crear token' }).click();

    // Shown once, with a copy button.
    const shown = dialog(page, 'Token de API creado');
    await shown.waitFor();
    await seeText(shown, 'no se volverá a mostrar');
    const token = await shown.getByLabel('Token de API').inputValue();
    expect(token).toMatch(/^evr_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copiar' }).click();
    await seeText(shown, 'Token copiado al portapapeles');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectAccessible(page, 'token creado');
    await expectNoEnglish(page, 'token creado');
    await screenshot(page, 'admin-integrations-token');
    await shown.getByRole('button', { name: 'Entendido' }).click();
    await shown.waitFor({ state: 'detached' });
    expect(await page.getByText(token).count()).toBe(0);
    expect(await page.evaluate(() => JSON.stringify(localStorage) + document.body.innerHTML)).not.toContain(token);

    // The token works, with exactly what it was given.
    expect((await app.request('GET', '/api/events', { token })).status).toBe(200);
    expect((await app.request('GET', '/api/user', { token })).status).toBe(403);

    // Listed without the token; the use shows once the list is read again.
    await page.reload();
    const taquilla = row(page, 'Taquilla del teatro');
    await seeText(taquilla, 'Eventos: Ver');
    await seeText(taquilla, '31/12/2030, 23:59');
    await seeText(taquilla, 'por Administrador Principal');
    await eventually(async () => expect(await taquilla.getByText('Nunca').count()).toBe(0));
    await expectAccessible(page, 'integraciones con un token');
    await expectNoEnglish(page, 'integraciones con un token');
    await screenshot(page, 'admin-integrations');

    // Revoke, after a confirmation: refused at once.
    await taquilla.getByRole('button', { name: 'Revocar Taquilla del teatro' }).click();
    const confirm = dialog(page, 'Revocar token');
    await seeText(confirm, '¿Revocar el token Taquilla del teatro?');
    await confirm.getByRole('button', { name: 'Revocar' }).click();
    await notification(page, 'Token revocado').waitFor();
    await seeText(tokensCard(page), 'No hay tokens de API');
    expect((await app.request('GET', '/api/events', { token })).status).toBe(401);
  });

  it('con Configuración Ver: la lista sin botones; sin permisos que no tiene', async () => {
    const { page, app } = e2e;
    const admin = await app.adminToken();
    await app.request('POST', '/api/api-tokens', {
      token: admin,
      body: { name: 'Informes nocturnos', permissions: ['Registrations.Read'] },
    });
    const reader = await app.staffWith(['Settings.Read']);
    await signIn(page, reader.email, reader.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Registro SMS', 'Integraciones', 'Estado del sistema']);
    await visit(page, '/integrations', 'Integraciones');
    await seeText(row(page, 'Informes nocturnos'), 'Registros: Ver');
    expect(await page.getByRole('button', { name: 'Nuevo token' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Revocar/ }).count()).toBe(0);
    await expectNoEnglish(page, 'integraciones de solo lectura');
  });
});
