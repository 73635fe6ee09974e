import type { Locator, Page } from 'playwright-core';
import type { TestApp } from '@evreg/testing';
import { newPerson, registerViaApi } from './fixtures';

/** Helpers of the back office's people screens (registrations, manual registration, waiting lists,
 * blacklist, GDPR): issue 7, engineer C. */

/** A notification (react-admin's snackbar) with this text. */
export const notification = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').filter({ hasText: text });

/** Opens a MUI select (a combobox with this name) in the scope and picks the option whose name matches. */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  field: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types into an autocomplete (search as you type) and picks the option whose name matches. */
export async function typeAndChoose(
  page: Page,
  scope: Page | Locator,
  field: string | RegExp,
  text: string,
  option: string | RegExp,
): Promise<void> {
  const input = scope.getByRole('combobox', { name: field });
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: option }).click();
}

/** People registered online through the public API (as visitors would). */
export async function registerPeople(
  app: TestApp,
  sessionId: number,
  count: number,
  overrides: (i: number) => Record<string, unknown> = () => ({}),
) {
  const people = Array.from({ length: count }, (_, i) => newPerson(overrides(i)));
  for (const person of people) await registerViaApi(app, sessionId, [person]);
  return people;
}

/** The rows of one session as the server stores them (state 0 active, 1 cancelled, 2 waiting). */
export async function rowsOf(app: TestApp, sessionId: number) {
  return app.sql<{
    id: number;
    email: string;
    first_name: string;
    state: number;
    queue_position: number | null;
    uses_reserved_spot: boolean;
  }>(
    `SELECT id, email, first_name, state, queue_position, uses_reserved_spot FROM registrations WHERE session_id = $1 ORDER BY id`,
    [sessionId],
  );
}

/** The waiting list's e-mails in position order, as stored. */
export async function queueOrder(app: TestApp, sessionId: number): Promise<string[]> {
  const rows = await app.sql<{ email: string }>(
    `SELECT email FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position`,
    [sessionId],
  );
  return rows.map((r) => r.email);
}
