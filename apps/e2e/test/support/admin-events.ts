import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '@evreg/testing';
import { dialog, row, signIn, visit } from './admin';
import { eventually } from './booking-page';
import { join } from 'node:path';
import { SCREENSHOTS_DIR } from './paths';
import { screenshot } from './screenshots';

/** Page object of the back office's events screen (apps/admin/src/resources/events). */

/** The events table's row of an event (by its title). */
export const eventRow = (page: Page, title: string): Locator =>
  row(page, title).filter({ has: page.getByRole('button', { name: /^\d+ sesi(ón|ones)$/ }) });

/** Opens the event's sessions (the 'N sesiones' button of its row) unless they are open already. */
export async function expandEvent(page: Page, title: string): Promise<Locator> {
  const toggle = eventRow(page, title).getByRole('button', { name: /^\d+ sesi(ón|ones)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const panel = page.getByRole('region', { name: `Sesiones de «${title}»` });
  await panel.waitFor();
  // Until the row has finished opening, the page grows (and may gain a scroll bar): buttons still move.
  const collapse = panel.locator('xpath=ancestor::div[contains(@class, "MuiCollapse-root")][1]');
  await eventually(async () => expect(await collapse.getAttribute('class')).toContain('MuiCollapse-entered'));
  return panel;
}

/** A session's row in the expanded panel ('Sesión 12', not 'Sesión 120'); not the event's expansion row that
 * holds the whole panel. */
export const sessionRow = (page: Page, sessionId: number): Locator =>
  page
    .getByRole('row')
    .filter({ has: page.getByText(new RegExp(`^Sesión ${sessionId}$`)) })
    .filter({ hasNot: page.getByRole('table') });

/** Every request the page makes to the session capacity endpoints, from now on. */
export function capacityCalls(page: Page): { method: string; path: string; body: unknown }[] {
  const calls: { method: string; path: string; body: unknown }[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (
      /\/api\/events\/\d+\/sessions\/\d+\/(max-attendees|reserved-spots|max-queue-spots|redistribute-reserved-spots)$/.test(
        path,
      )
    ) {
      calls.push({ method: r.method(), path, body: JSON.parse(r.postData() ?? 'null') });
    }
  });
  return calls;
}

export async function sessionInDb(app: TestApp, sessionId: number) {
  const [found] = await app.sql<{
    max_attendees: number;
    reserved_spots: number;
    max_queue_spots: number;
    is_registration_open: boolean;
    is_promotion_locked: boolean;
    queue_count: number;
    online_registered: number;
  }>(
    `SELECT max_attendees, reserved_spots, max_queue_spots, is_registration_open, is_promotion_locked, queue_count, online_registered
       FROM event_sessions WHERE id = $1`,
    [sessionId],
  );
  return found;
}

/** Turns SMS sending on, pointed at the Netelip stand-in (NETELIP_BASE_URL of the test app). */
export async function enableSms(app: TestApp): Promise<void> {
  const token = await app.adminToken();
  const res = await app.request('PUT', '/api/smssettings', {
    token,
    body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'token-de-prueba' },
  });
  if (res.status !== 200) throw new Error(`enableSms: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A screenshot of the screen as it first shows: scrolled to the top (the app bar hides while scrolling down)
 * and to the left (clicking a wide table's last column scrolls it). */
export async function screenshotAtTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const element of document.querySelectorAll('*')) if (element.scrollLeft > 0) element.scrollLeft = 0;
  });
  await screenshot(page, name);
}

/** docs/screenshots/NAME.png of one element, e.g. a dialog (a whole-page picture of a long page shows the modal's
 * backdrop over the viewport only). */
export async function screenshotOf(element: Locator, name: string): Promise<void> {
  await element.evaluate(() => document.fonts.ready);
  await element.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** Signs in and opens the events screen, its search box ready. */
export async function openEvents(page: Page): Promise<void> {
  await signIn(page);
  await visit(page, '/events', 'Eventos');
  await page.getByLabel('Buscar por título, descripción, ciudad o lugar').waitFor();
}

/** Picks `option` in the dialog's combobox `field`. */
export async function choose(
  page: Page,
  scope: ReturnType<typeof dialog>,
  field: string,
  option: string,
): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
