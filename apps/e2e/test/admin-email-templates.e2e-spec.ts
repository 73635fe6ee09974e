// Back office: e-mail templates (docs/product.md §2 "E-mail templates", 3, 4, 5): list, create and edit with one form, the
// placeholders as help, previews with sample data, in Debian's Chromium against the real API.
import type { Page } from 'playwright-core';
import { expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import { notification } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1440, height: 1000 } } });

const preview = (page: Page) => page.frameLocator('iframe[title="Vista previa del email"]');
/** The row whose first cell (the name) is exactly this: default names repeat the type labels. */
const templateRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.locator('td:first-child').getByText(name, { exact: true }) });

async function templates() {
  return e2e.app.sql<{
    id: number;
    name: string;
    subject: string;
    html_content: string;
    template_type: number;
    language: string;
    is_active: boolean;
  }>(`SELECT id, name, subject, html_content, template_type, language, is_active FROM email_templates ORDER BY id`);
}

describe('Plantillas de email', () => {
  it('lista, crear con el formulario (marcadores como ayuda, vista previa, errores), editar con el tipo fijo y volver a la lista', async () => {
    const { page } = e2e;
    // Shipped: the four types in the five languages, all active; the Spanish ones are named as the types.
    const shipped = await templates();
    expect(shipped).toHaveLength(20);
    const defaults = shipped.filter((t) => t.language === 'es');
    expect(defaults).toHaveLength(4);
    await signIn(page);
    await visit(page, '/email-templates', 'Plantillas');
    for (const t of defaults) await templateRow(page, t.name).getByText('Activa', { exact: true }).waitFor();
    await seeText(templateRow(page, defaults[0].name), 'Confirmación de inscripción');
    await expectAccessible(page, 'plantillas');
    await expectNoEnglish(page, 'plantillas');
    await screenshot(page, 'admin-email-templates');

    // Create: the spec's required fields.
    await page.getByRole('link', { name: 'Nueva Plantilla' }).click();
    await page.getByRole('heading', { name: 'Nueva Plantilla' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/email-templates/create');
    // The form starts on its first field; a new template starts inactive.
    await eventually(async () =>
      expect(await page.getByLabel('Nombre', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(
        true,
      ),
    );
    expect(await page.getByRole('switch', { name: 'Activa' }).isChecked()).toBe(false);
    for (const name of ['firstName', 'eventTitle', 'cancellationUrl', 'queuePosition', 'address'])
      await seeText(page, `{{${name}}}`);
    await page.getByRole('button', { name: 'Guardar Plantilla' }).click();
    await expectError(page.getByLabel('Nombre', { exact: true }), 'El nombre es requerido');
    await expectError(page.getByLabel('Asunto', { exact: true }), 'El asunto es requerido');
    await expectError(page.getByLabel('Contenido HTML'), 'El contenido HTML es requerido');
    await seeText(page, 'El tipo de plantilla es requerido');
    await expectNoEnglish(page, 'nueva plantilla');

    await page.getByLabel('Nombre', { exact: true }).fill('Lista de espera (verano)');
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Lista de espera', exact: true }).click();
    await page.getByLabel('Asunto', { exact: true }).fill('En lista de espera: {{eventTitle}}');
    // An unknown placeholder: the preview shows the server's reason and nothing is saved.
    await page.getByLabel('Contenido HTML').fill('<h1>Hola {{nombre}}</h1>');
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await page.getByRole('alert').filter({ hasText: 'Marcador desconocido: {{nombre}}' }).waitFor();
    await page
      .getByLabel('Contenido HTML')
      .fill(
        '<h1>Hola {{firstName}}</h1><p>Está en la posición <strong>{{queuePosition}}</strong> de la lista de espera de {{eventTitle}} ({{eventDate}}, {{eventTimeRange}}).</p><p>{{address}}</p>',
      );
    await page.getByRole('button', { name: 'Actualizar vista previa' }).click();
    await preview(page).getByRole('heading', { name: 'Hola María' }).waitFor();
    await preview(page)
      .getByText(
        'Está en la posición 3 de la lista de espera de Concierto de ejemplo (sábado, 20 de junio de 2026, 18:00 - 19:30).',
      )
      .waitFor();
    await seeText(page, 'Asunto: En lista de espera: Concierto de ejemplo');
    expect(await templates()).toHaveLength(20);

    await page.getByRole('button', { name: 'Guardar Plantilla' }).click();
    await notification(page, 'Plantilla creada').waitFor();
    await eventually(() => expect(new URL(page.url()).pathname).toBe('/admin/email-templates'));
    const created = (await templates()).find((t) => t.name === 'Lista de espera (verano)')!;
    // Created inactive: the live template of its type goes on being sent.
    expect(created).toMatchObject({
      subject: 'En lista de espera: {{eventTitle}}',
      template_type: 1,
      is_active: false,
    });
    const previousQueue = defaults.find((t) => t.template_type === 1)!;
    await templateRow(page, 'Lista de espera (verano)').getByText('Inactiva', { exact: true }).waitFor();
    await templateRow(page, previousQueue.name).getByText('Activa', { exact: true }).waitFor();

    // Edit: same form, the type shown but fixed; after saving, back to the list.
    await page.getByRole('link', { name: 'Editar Lista de espera (verano)' }).click();
    await page.getByRole('heading', { name: 'Editar Plantilla' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/email-templates/${created.id}/edit`);
    await eventually(async () =>
      expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Lista de espera (verano)'),
    );
    const type = page.getByLabel('Tipo', { exact: true });
    expect(await type.inputValue()).toBe('Lista de espera');
    expect(await type.isEditable()).toBe(false);
    await seeText(page, 'El tipo no se cambia al editar');
    await page.getByLabel('Asunto', { exact: true }).fill('Sigue en lista de espera: {{eventTitle}}');
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await preview(page).getByRole('heading', { name: 'Hola María' }).waitFor();
    await expectAccessible(page, 'editar plantilla');
    await expectNoEnglish(page, 'editar plantilla');
    await screenshot(page, 'admin-email-template-edit');
    // Activating it replaces the live one of its type: asked first, naming it; 'Volver' changes nothing.
    await page.getByRole('switch', { name: 'Activa' }).check();
    await page.getByRole('button', { name: 'Guardar Plantilla' }).click();
    const activate = page.getByRole('dialog', { name: 'Activar plantilla' });
    await seeText(activate, `Se desactivará «${previousQueue.name}», la plantilla activa de este tipo`);
    await expectAccessible(page, 'activar plantilla');
    await expectNoEnglish(page, 'activar plantilla');
    await activate.getByRole('button', { name: 'Volver' }).click();
    await activate.waitFor({ state: 'detached' });
    expect((await templates()).find((t) => t.id === created.id)?.is_active).toBe(false);
    await page.getByRole('button', { name: 'Guardar Plantilla' }).click();
    await activate.getByRole('button', { name: 'Activar' }).click();
    await notification(page, 'Plantilla actualizada').waitFor();
    await eventually(() => expect(new URL(page.url()).pathname).toBe('/admin/email-templates'));
    expect((await templates()).find((t) => t.id === created.id)).toMatchObject({
      subject: 'Sigue en lista de espera: {{eventTitle}}',
      template_type: 1,
      is_active: true,
    });
    await templateRow(page, previousQueue.name).getByText('Inactiva', { exact: true }).waitFor();
    await templateRow(page, 'Lista de espera (verano)').getByText('Activa', { exact: true }).waitFor();

    // Preview of the saved template, at /email-templates/{id}/preview.
    await page.getByRole('link', { name: 'Vista previa de Lista de espera (verano)' }).click();
    await eventually(() => expect(new URL(page.url()).pathname).toBe(`/admin/email-templates/${created.id}/preview`));
    await seeText(page, 'Asunto: Sigue en lista de espera: Concierto de ejemplo');
    await preview(page).getByText('Teatro Principal, Calle Mayor 1, Madrid').waitFor();
    await expectAccessible(page, 'vista previa de plantilla');
    await expectNoEnglish(page, 'vista previa de plantilla');
    await screenshot(page, 'admin-email-template-preview');
    await page.getByRole('link', { name: 'Volver a Plantillas' }).click();
    await templateRow(page, 'Lista de espera (verano)').waitFor();

    // Languages: the confirmation's type ships in all five; once staff delete its Basque version, Basque bookings
    // get the Spanish one and the Basque chip opens a new template in Basque.
    const basque = shipped.find((t) => t.template_type === 0 && t.language === 'eu')!;
    const token = await e2e.app.adminToken();
    expect((await e2e.app.request('DELETE', `/api/email-templates/${basque.id}`, { token })).status).toBe(200);
    await page.reload();
    const confirmation = templateRow(page, defaults[0].name);
    await confirmation.getByRole('link', { name: 'Español: activa' }).waitFor();
    await confirmation.getByRole('link', { name: 'Català: activa' }).waitFor();
    await confirmation.getByRole('link', { name: 'Euskara: sin plantilla: se envía la española' }).click();
    await page.getByRole('heading', { name: 'Nueva Plantilla' }).waitFor();
    expect(new URL(page.url()).search).toBe('?templateType=0&language=eu');
    await eventually(async () =>
      expect(await page.getByRole('combobox', { name: 'Idioma' }).textContent()).toContain('Euskara'),
    );
  });

  it('la vista previa se muestra en un marco aislado, bajo la política de seguridad real de la página', async () => {
    const { app } = e2e;
    const token = await app.adminToken();
    const res = await app.request('POST', '/api/email-templates', {
      token,
      body: {
        name: 'Con script',
        subject: 'Prueba',
        templateType: 2,
        isActive: false,
        htmlContent:
          '<p id="texto">Hola {{firstName}}</p><script>document.getElementById("texto").textContent = "ejecutado"</script>',
      },
    });
    expect(res.status).toBe(201);
    const page = await e2e.newPage({ bypassCSP: false });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Blocked script execution/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page);
    await visit(page, `/email-templates/${res.body.id}/preview`, 'Plantillas');
    // The sandbox gives the frame no right to run scripts: the text stays as the template wrote it.
    await preview(page).getByText('Hola María').waitFor();
    expect(await preview(page).getByText('ejecutado').count()).toBe(0);
    expect(await page.locator('iframe[title="Vista previa del email"]').getAttribute('sandbox')).toBe('');
    expect(violations.filter((v) => !/Blocked script execution/.test(v))).toEqual([]);
  });
});
