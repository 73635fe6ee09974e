// Back office: the booking settings on the events screen (docs/product.md §2 "Events screen" header cards, 5 hold
// duration, 7 settings calls, 8 and 9 messages and timings), in Debian's Chromium against the real API.
import { expectNoEnglish, requireAdminBuild, signIn, visit } from './support/admin';
import type { Locator } from 'playwright-core';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { addSession, createEvent } from './support/fixtures';
import { screenshot } from './support/screenshots';

requireAdminBuild();
// Under the page's real Content-Security-Policy (the other admin files bypass it for axe).
const e2e = setupE2E({ context: { viewport: { width: 1280, height: 900 } } });
let violations: string[] = [];
beforeEach(() => {
  violations = [];
  e2e.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});
afterEach(() => expect(violations).toEqual([]));

const holdCard = () => e2e.page.getByRole('region', { name: 'Duración de la reserva de plazas' });
const queueCard = () => e2e.page.getByRole('region', { name: 'Límites de la lista de espera' });

/** The cards fill their fields once the settings are loaded. */
async function valueIs(field: Locator, value: string): Promise<void> {
  await eventually(async () => expect(await field.inputValue()).toBe(value));
}

async function setting(key: string): Promise<string | undefined> {
  const [row] = await e2e.app.sql<{ value: string }>(`SELECT value FROM settings WHERE key = $1`, [key]);
  return row?.value;
}

describe('Configuración en la pantalla de eventos', () => {
  it('duración de la reserva: de 1 a 60 minutos con los mensajes de la especificación; guardada, el aviso desaparece', async () => {
    const { page } = e2e;
    await signIn(page);
    await visit(page, '/events', 'Eventos');
    const minutes = holdCard().getByLabel('Minutos');
    await valueIs(minutes, '3');
    const save = holdCard().getByRole('button', { name: 'Guardar' });

    for (const [value, message] of [
      ['0', 'Debe ser al menos 1 minuto'],
      ['61', 'No puede exceder 60 minutos'],
      ['dos', 'Debe ser un número válido'],
      ['2.5', 'Debe ser un número válido'],
    ]) {
      await minutes.fill(value);
      await save.click();
      await expectError(minutes, message);
    }
    expect(await setting('TicketHoldDurationMinutes')).toBe('3');
    await screenshot(page, 'admin-events-settings-errors');

    await minutes.fill('5');
    await save.click();
    const banner = holdCard().getByRole('status').filter({ hasText: 'Duración de la reserva actualizada a 5 minutos' });
    await banner.waitFor();
    expect(await setting('TicketHoldDurationMinutes')).toBe('5');
    await banner.waitFor({ state: 'detached' });

    await page.reload();
    await valueIs(holdCard().getByLabel('Minutos'), '5');
    await expectNoEnglish(page, 'eventos');
  });

  it('límites de la lista de espera y límite para todas las sesiones, con sus mensajes', async () => {
    const { app, page } = e2e;
    const eventId = await createEvent(app);
    const sessionId = await addSession(app, eventId, { maxQueueSpots: 5, queued: 2 });
    await signIn(page);
    await visit(page, '/events', 'Eventos');
    const card = queueCard();
    const byDefault = card.getByLabel('Límite por defecto');
    const global = card.getByLabel('Límite global');
    await valueIs(byDefault, '10');
    await valueIs(global, '100');

    await byDefault.fill('-1');
    await card.getByRole('button', { name: 'Guardar límites' }).click();
    await expectError(byDefault, 'El límite de la lista de espera debe ser un número entero no negativo');
    await byDefault.fill('12');
    await global.fill('50');
    await card.getByRole('button', { name: 'Guardar límites' }).click();
    const saved = card.getByRole('status').filter({ hasText: 'Configuración de límites actualizada correctamente' });
    await saved.waitFor();
    const [limits] = await app.sql(
      `SELECT (SELECT value FROM settings WHERE key = 'DefaultMaxQueueSpots') AS d, (SELECT value FROM settings WHERE key = 'GlobalMaxQueueSpots') AS g`,
    );
    expect(limits).toEqual({ d: '12', g: '50' });
    await saved.waitFor({ state: 'detached' });

    // The server's refusal is shown with its reason.
    await byDefault.fill('60');
    await card.getByRole('button', { name: 'Guardar límites' }).click();
    await card.getByRole('alert').filter({ hasText: 'Error al actualizar la configuración' }).waitFor();

    const bulk = card.getByLabel('Nuevo límite para todas las sesiones');
    await bulk.fill('tres');
    await card.getByRole('button', { name: 'Aplicar a todas las sesiones' }).click();
    await expectError(bulk, 'El nuevo límite debe ser un número entero no negativo');
    await bulk.fill('8');
    await card.getByRole('button', { name: 'Aplicar a todas las sesiones' }).click();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/settings/bulk-update-queue-limits'));
    await page
      .getByRole('dialog', { name: 'Aplicar límite a todas las sesiones' })
      .getByRole('button', { name: 'Aplicar' })
      .click();
    const { updatedSessions } = await (await answer).json();
    expect(updatedSessions).toBeGreaterThanOrEqual(1);
    const done = card
      .getByRole('status')
      .filter({ hasText: `Actualizadas ${updatedSessions} sesiones con nuevo límite de 8` });
    await done.waitFor();
    await screenshot(page, 'admin-events-settings');
    expect(await app.sql(`SELECT max_queue_spots FROM event_sessions WHERE id = $1`, [sessionId])).toEqual([
      { max_queue_spots: 8 },
    ]);
    await done.waitFor({ state: 'detached', timeout: 15_000 });
    await expectNoEnglish(page, 'eventos (límites)');
  });

  it('con Settings.Read sin Settings.Update las tarjetas se ven pero no se pueden cambiar', async () => {
    const { app, page } = e2e;
    const reader = await app.staffWith(['Events.Read', 'Settings.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/events', 'Eventos');
    await seeText(holdCard(), 'Duración de la reserva de plazas');
    expect(await holdCard().getByLabel('Minutos').isDisabled()).toBe(true);
    expect(
      await page.getByRole('button', { name: /^(Guardar|Guardar límites|Aplicar a todas las sesiones)$/ }).count(),
    ).toBe(0);
    expect(await queueCard().getByLabel('Límite global').isDisabled()).toBe(true);
  });
});
