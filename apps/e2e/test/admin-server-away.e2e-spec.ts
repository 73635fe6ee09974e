// Back office with the server away for a while (docs/domain.md, "PostgreSQL away"): the API answers 503 (as it
// does while its database is unreachable); the staff member stays signed in, is told the screen is retrying, and
// sees the data once the API answers again. The 503s are played by the browser (page.route): the API's own 503s
// are tested against a killed PostgreSQL in apps/api/test/database-outage.int-spec.ts.
import type { Page, Route } from 'playwright-core';
import { STORAGE_KEYS } from '../../admin/src/providers/tokens';
import { requireAdminBuild, row, sectionHeading, signIn, TEST_ADMIN_EMAIL } from './support/admin';
import { setupE2E } from './support/e2e';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true } });

const AWAY = 'El servidor no está disponible. Reintentando…';

/** Answers 503 as the API does while its database is away, counting the calls refused. */
function unavailable(refused: string[]) {
  return (route: Route) => {
    refused.push(new URL(route.request().url()).pathname);
    return route.fulfill({
      status: 503,
      contentType: 'application/json; charset=utf-8',
      headers: { 'Retry-After': '2' },
      body: JSON.stringify({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
      }),
    });
  };
}

const storedTokens = (page: Page) =>
  page.evaluate((keys) => Object.values(keys).map((k) => localStorage.getItem(k)), STORAGE_KEYS);

/** Waits until at least `n` calls were refused (the screen kept retrying), with the page's own clock. */
async function refusedAtLeast(page: Page, refused: string[], n: number): Promise<void> {
  while (refused.length < n) await page.waitForTimeout(200);
}

describe('Back office: el servidor no responde un rato', () => {
  it('al recargar con la API en 503 sigue dentro, avisa de que reintenta y muestra los datos cuando vuelve', async () => {
    const { page } = e2e;
    await signIn(page);
    const before = await storedTokens(page);

    const refused: string[] = [];
    await page.route('**/api/**', unavailable(refused));
    await page.goto('/admin/users');
    await page.getByText(AWAY).waitFor();
    await refusedAtLeast(page, refused, 3);
    expect(await storedTokens(page)).toEqual(before);
    expect(new URL(page.url()).pathname).toBe('/admin/users');

    await page.unroute('**/api/**');
    await sectionHeading(page, 'Usuarios').waitFor();
    await row(page, TEST_ADMIN_EMAIL).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    expect(await storedTokens(page)).toEqual(before);
  });

  it('con el token de acceso caducado y la renovación en 503, conserva la sesión y entra cuando la renovación vuelve', async () => {
    const { page } = e2e;
    await signIn(page);
    const refreshToken = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.refreshToken);

    const refused: string[] = [];
    await page.route('**/api/auth/refresh', unavailable(refused));
    await page.evaluate((key) => localStorage.setItem(key, 'caducado'), STORAGE_KEYS.accessToken);
    await page.goto('/admin/roles');
    await page.getByText(AWAY).waitFor();
    await refusedAtLeast(page, refused, 2);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.refreshToken)).toBe(refreshToken);

    await page.unroute('**/api/auth/refresh');
    await sectionHeading(page, 'Roles').waitFor();
    await row(page, 'Administrador').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/roles');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).not.toBe('caducado');
  });
});
