import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import englishMessages from 'ra-language-english';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '@evreg/testing';
import type { TestApp } from '@evreg/testing';
import { REPO_ROOT } from './paths';

export { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD };

/** Page objects and checks of the back office (apps/admin, served by the API at /admin). */

export const ADMIN_DIST = join(REPO_ROOT, 'apps/admin/dist');

/** The API serves apps/admin/dist: refuse to run against a missing build (the root "npm test" builds first). */
export function requireAdminBuild(): void {
  const index = join(ADMIN_DIST, 'index.html');
  if (!existsSync(index)) {
    throw new Error(`No existe ${index}: compila antes el back office con "npm run build -w @evreg/admin".`);
  }
  if (newest(join(ADMIN_DIST, '..', 'src')) > statSync(index).mtimeMs) {
    console.warn(
      `\n[e2e] Aviso: apps/admin/src es más reciente que ${index}; las pruebas usan la compilación anterior.\n`,
    );
  }
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export const loginForm = (page: Page) => ({
  email: page.getByLabel('Email', { exact: true }),
  password: page.getByLabel('Contraseña', { exact: true }),
  submit: page.getByRole('button', { name: 'Iniciar Sesión' }),
});

/** Opens /admin/login and waits for the form. */
export async function openLogin(page: Page, path = '/admin/login'): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
}

/** Fills and sends the sign-in form (the page must show it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** Signs in from the sign-in page and waits for the back office's header (the given section's label). */
export async function signIn(
  page: Page,
  email = TEST_ADMIN_EMAIL,
  password = TEST_ADMIN_PASSWORD,
  section = 'Dashboard',
): Promise<void> {
  await openLogin(page);
  await submitLogin(page, email, password);
  await sectionHeading(page, section).waitFor();
}

/** The header's section label (an h1 in the app bar). */
export const sectionHeading = (page: Page, label: string) =>
  page.getByRole('heading', { level: 1, name: label, exact: true });

/** The sidebar 'Panel de Usuario'. */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Panel de Usuario' });

/** The sidebar's entries, in order. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const items = sidebar(page).getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((t) => t.trim());
}

/** Goes to a back-office path (without /admin) inside the app, as a typed address would. */
export async function visit(page: Page, path: string, section: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await sectionHeading(page, section).waitFor();
}

/** The table row that contains this text. */
export const row = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

export const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

/** The react-admin defaults in English (ra-language-english) that must never reach the screen: every
 * message of more than one word, and the one-word labels react-admin puts on buttons and pages. */
const ENGLISH: string[] = (() => {
  const out = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      for (const variant of node.split('||||')) {
        // The fixed part before any %{placeholder}.
        const fixed = variant.split(/%\{[^}]+\}/)[0].trim();
        if (fixed.length >= 4) out.add(fixed);
      }
    } else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(englishMessages);
  // Words shared with Spanish (or given in English by the spec itself) are not evidence of a missing text.
  for (const shared of ['Email', 'Dashboard', 'Inspector', 'Datagrid']) out.delete(shared);
  // A check against an empty list would pass for nothing.
  if (!out.has('Rows per page:') || out.size < 100)
    throw new Error('ra-language-english no se cargó: la comprobación de textos en inglés no serviría');
  return [...out];
})();

/** What the page shows or tells a screen reader: its text plus the labels, titles and placeholders. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, document.title, ...attributes].join('\n');
  });
}

/** Fails if any react-admin English default is visible (or announced) on the page as it is now. */
export async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  const words = await pageWords(page);
  const found = ENGLISH.filter((english) =>
    new RegExp(`(^|[^A-Za-z])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`, 'm').test(words),
  );
  if (found.length)
    throw new Error(`Texto en inglés en «${screen}»: ${found.map((f) => JSON.stringify(f)).join(', ')}`);
}

/** A user created by the admin through the API, still with the temporary password (must change it). */
export async function newUserWithTemporaryPassword(app: TestApp, overrides: { email?: string } = {}) {
  const token = await app.adminToken();
  const roles = (await app.request<{ id: string; name: string }[]>('GET', '/api/role', { token })).body;
  const departments = (await app.request<{ id: number }[]>('GET', '/api/department', { token })).body;
  let departmentId = departments[0]?.id;
  if (!departmentId)
    departmentId = (await app.request('POST', '/api/department', { token, body: { name: 'Secretaría' } })).body.id;
  const email = overrides.email ?? `temporal-${Date.now().toString(36)}@example.com`;
  const created = await app.request('POST', '/api/user', {
    token,
    body: {
      email,
      firstName: 'Marta',
      lastName: 'Temporal',
      departmentId,
      roleId: roles.find((r) => r.name === 'Administrador')!.id,
    },
  });
  if (created.status !== 201)
    throw new Error(`newUserWithTemporaryPassword: ${created.status} ${JSON.stringify(created.body)}`);
  return { email, password: created.body.temporaryPassword as string, id: created.body.id as string };
}
