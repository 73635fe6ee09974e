import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './booking-page';

/** A ticket as the booking page shows it (success view, cancellation page): the QR image named after the person,
 * loaded by the browser, fetched again here and decoded; and the code in text beside it. Answers both. */
export async function ticketShown(
  page: Page,
  scope: Page | Locator,
  who: string,
): Promise<{ decoded: string | null; text: string }> {
  const image = scope.getByRole('img', { name: `Código QR de la entrada de ${who}` });
  await image.waitFor({ state: 'visible' });
  // The browser loaded it (a broken image has no natural width).
  await eventually(async () =>
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0),
  );
  const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  const png = PNG.sync.read(await res.body());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  const text = (await image.locator('xpath=ancestor::figure[1]//code').textContent()) ?? '';
  return { decoded, text };
}
