import type { Locator, Page } from 'playwright-core';
import { eventually } from './booking-page';

/** Page helpers of the e-mail and SMS screens of the back office (issue 6). */

/** A react-admin notification (snackbar) with this text. */
export const notification = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('alert').filter({ hasText: text });

/** A card of the settings screens: a region named by its title. */
export const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title });

/** The confirmation dialog ('Confirmar Eliminación' unless named otherwise). */
export const confirmDialog = (page: Page, title = 'Confirmar Eliminación'): Locator =>
  page.getByRole('dialog', { name: title });

/** The rows of the list's table body (header excluded). */
export const bodyRows = (page: Page): Locator => page.locator('tbody tr');

/** Waits until the list's body has exactly this many rows. */
export async function expectRowCount(page: Page, count: number): Promise<void> {
  await eventually(async () => expect(await bodyRows(page).count()).toBe(count));
}

/** Waits until a text field shows this value. */
export async function expectValue(field: Locator, value: string): Promise<void> {
  await eventually(async () => expect(await field.inputValue()).toBe(value));
}
