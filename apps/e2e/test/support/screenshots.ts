import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS_DIR } from './paths';

/** Saves docs/screenshots/NAME.png (the whole page, or what a phone's screen shows: `fullPage: false`), overwritten on every run. The countdown keeps ticking,
 * so its digits may differ between runs; nothing else does apart from the session dates. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: join(SCREENSHOTS_DIR, `${name}.png`),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
  });
}
