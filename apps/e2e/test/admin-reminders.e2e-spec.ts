// Back office: reminders before a session (docs/domain.md, "Reminders"): the hours on the events screen's header card
// and the editable 'Recordatorio' e-mail template with its 'Ya no puedo asistir' link, in Debian's Chromium against
// the real API.
import type { Page } from 'playwright-core';
import { expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import { notification } from './support/admin-messaging';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1440, height: 1000 } } });

const HOURS_MESSAGE =
  'Horas de antelación del recordatorio: debe ser un número entero entre 0 y 720 (0 desactiva los recordatorios)';
const reminderCard = (page: Page) => page.getByRole('region', { name: 'Recordatorio antes de la sesión' });
const preview = (page: Page) => page.frameLocator('iframe[title="Vista previa del email"]');

async function hours(): Promise<string | undefined> {
  const [row] = await e2e.app.sql<{ value: string }>(
    `SELECT value FROM settings WHERE key = 'ReminderHoursBeforeSession'`,
  );
  return row?.value;
}

describe('Recordatorios', () => {
  it('las horas del recordatorio: 24 por defecto, de 0 a 720 con su mensaje, 0 los desactiva', async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/events', 'Eventos');
    const card = reminderCard(page);
    const field = card.getByLabel('Horas antes');
    await eventually(async () => expect(await field.inputValue()).toBe('24'));
    const save = card.getByRole('button', { name: 'Guardar' });

    for (const value of ['721', '-1', 'un día', '1.5']) {
      await field.fill(value);
      await save.click();
      await expectError(field, HOURS_MESSAGE);
    }
    expect(await hours()).toBe('24');

    await field.fill('0');
    await save.click();
    const off = card.getByRole('status').filter({ hasText: 'Recordatorios desactivados' });
    await off.waitFor();
    expect(await hours()).toBe('0');
    await off.waitFor({ state: 'detached' });

    await field.fill('48');
    await save.click();
    await card
      .getByRole('status')
      .filter({ hasText: 'Recordatorio actualizado: 48 horas antes de la sesión' })
      .waitFor();
    expect(await hours()).toBe('48');
    await page.reload();
    await eventually(async () => expect(await reminderCard(page).getByLabel('Horas antes').inputValue()).toBe('48'));
    await expectNoEnglish(page, 'eventos');
  });

  it('la plantilla Recordatorio: activa por defecto con el enlace «Ya no puedo asistir», editable con vista previa', async () => {
    const { app, page } = e2e;
    const [template] = await app.sql<{ id: number; name: string; html_content: string }>(
      `SELECT id, name, html_content FROM email_templates WHERE template_type = 3 AND language = 'es' AND is_active`,
    );
    expect(template.name).toBe('Recordatorio');
    expect(template.html_content).toContain('<a href="{{cancellationUrl}}">Ya no puedo asistir</a>');

    await signIn(page);
    await visit(page, '/email-templates', 'Plantillas');
    const row = page
      .getByRole('row')
      .filter({ has: page.locator('td:first-child').getByText('Recordatorio', { exact: true }) });
    await row.getByText('Activa', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Editar Recordatorio', exact: true }).click();
    await page.getByRole('heading', { name: 'Editar Plantilla' }).waitFor();
    const type = page.getByLabel('Tipo', { exact: true });
    await eventually(async () => expect(await type.inputValue()).toBe('Recordatorio'));
    const subject = page.getByLabel('Asunto', { exact: true });
    await eventually(async () =>
      expect(await subject.inputValue()).toBe('Recordatorio: {{eventTitle}}, {{eventDateTime}}'),
    );
    await subject.fill('Mañana: {{eventTitle}}');
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await seeText(page, 'Asunto: Mañana: Concierto de ejemplo');
    const link = preview(page).getByRole('link', { name: 'Ya no puedo asistir' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/cancel\?token=ejemplo$/);
    await expectNoEnglish(page, 'editar recordatorio');

    await page.getByRole('button', { name: 'Guardar Plantilla' }).click();
    await notification(page, 'Plantilla actualizada').waitFor();
    await eventually(() => expect(new URL(page.url()).pathname).toBe('/admin/email-templates'));
    expect(await app.sql(`SELECT subject, is_active FROM email_templates WHERE id = $1`, [template.id])).toEqual([
      { subject: 'Mañana: {{eventTitle}}', is_active: true },
    ]);
  });
});
