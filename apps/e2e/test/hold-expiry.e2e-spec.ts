// The hold's countdown and its end (docs/product.md §2 "While a hold is active a countdown is shown", 4 "at zero the hold
// is released by a call ... 'Tiempo Agotado'"), with Playwright's clock so the test takes seconds, not minutes.
import { countdownText, eventually, notSeen, openWithHold, registrationArea, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { eventWithSession, holdsOf } from './support/fixtures';
import { screenshot } from './support/screenshots';

const e2e = setupE2E();

/** 'Plazas reservadas durante m:ss' as seconds. */
function seconds(text: string): number {
  const match = /(\d+):([0-5]\d)$/.exec(text);
  if (!match) throw new Error(`la cuenta atrás no tiene la forma m:ss: ${JSON.stringify(text)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

describe('Fin de la reserva temporal', () => {
  it('la cuenta atrás baja cada segundo (m:ss) y al llegar a cero libera la reserva y muestra «Tiempo Agotado»', async () => {
    const { app, page } = e2e;
    const { eventId, sessionId } = await eventWithSession(app);
    await page.clock.install();

    const { expiresAt } = await openWithHold(page, eventId);
    const [held] = await holdsOf(app, sessionId);
    expect(held).toBeDefined();
    const token = await page.evaluate(() => localStorage.getItem('eventSessionToken'));
    expect(held.token).toBe(token);

    // 3 minutes (the default hold), counted down in whole seconds; the page's clock moves it.
    const before = seconds(await countdownText(page));
    expect(before).toBeGreaterThan(150);
    expect(before).toBeLessThanOrEqual(180);
    await page.clock.runFor(10_000);
    await eventually(async () => expect(before - seconds(await countdownText(page))).toBeGreaterThanOrEqual(10));

    const expire = page.waitForResponse(
      (r) => r.url().endsWith('/api/ticketholds/expire') && r.request().method() === 'POST',
    );
    const now = await page.evaluate(() => Date.now());
    await page.clock.fastForward(Date.parse(expiresAt) - now + 1_000);
    const answer = await expire;
    expect({ status: answer.status(), body: await answer.text() }).toEqual({
      status: 200,
      body: expect.stringContaining('Reserva liberada'),
    });
    expect(await answer.request().headerValue('x-session-token')).toBe(token);

    const area = registrationArea(page);
    await seeText(area, 'Tiempo Agotado');
    await notSeen(page, 'Registrarse Ahora');
    await eventually(async () => expect(await countdownText(page)).toMatch(/0:00$/));
    expect(await holdsOf(app, sessionId)).toEqual([]);
    await screenshot(page, 'booking-expired');
  });
});
