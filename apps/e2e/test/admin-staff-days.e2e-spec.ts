// The back office at real sizes and on bad days (issue 15), what staff rely on: moving people off a role before
// deleting it, the sign-in page saying why it is shown, one office behind one address, a voluntary password change
// with a way back, lists of more than a page, and one feedback style. Debian's Chromium, the real API.
import { MESSAGES } from '@evreg/contracts';
import type { Page, Request, Route } from 'playwright-core';
import { STORAGE_KEYS } from '../../admin/src/providers/tokens';
import {
  dialog,
  expectNoEnglish,
  loginForm,
  openLogin,
  requireAdminBuild,
  row,
  sectionHeading,
  sidebar,
  sidebarItems,
  signIn,
  submitLogin,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  visit,
} from './support/admin';
import { bodyRows, expectRowCount, notification } from './support/admin-messaging';
import { expectAccessible } from './support/axe';
import { eventually, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { createEvent } from './support/fixtures';

requireAdminBuild();
const e2e = setupE2E({
  context: { bypassCSP: true, viewport: { width: 1280, height: 900 } },
  // The sign-in limit as in production (TestApp raises it for the other files): 10 refused sign-ins a minute per
  // e-mail address and IP. Only refusals count, so the successful sign-ins of the other tests never reach it.
  appEnv: { LOGIN_RATE_LIMIT_PER_MINUTE: '10' },
});

const EXPIRED = 'Tu sesión ha caducado. Inicia sesión de nuevo.';
const PERMISSIONS_CHANGED = 'Tus permisos han cambiado. Inicia sesión de nuevo.';
const TOO_MANY =
  /^Demasiados intentos fallidos con este correo desde este equipo\. Vuelve a intentarlo en (\d+) segundos\.$/;

async function adminRequest<T = any>(method: string, path: string, body?: unknown) {
  const token = await e2e.app.adminToken();
  return e2e.app.request<T>(method, path, { token, body });
}

async function permissionIds(names: string[]): Promise<number[]> {
  const all = (await adminRequest<{ id: number; name: string }[]>('GET', '/api/permissions')).body;
  return all.filter((p) => names.includes(p.name)).map((p) => p.id);
}

async function newRole(name: string, permissions: string[], description?: string): Promise<string> {
  const res = await adminRequest('POST', '/api/role', {
    name,
    description,
    permissionIds: await permissionIds(permissions),
  });
  if (res.status !== 201) throw new Error(`newRole: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function newDepartment(name: string): Promise<number> {
  const res = await adminRequest('POST', '/api/department', { name });
  if (res.status !== 201) throw new Error(`newDepartment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function newUser(
  person: { email: string; firstName: string; lastName: string },
  departmentId: number,
  roleId: string,
): Promise<string> {
  const res = await adminRequest('POST', '/api/user', { ...person, departmentId, roleId });
  if (res.status !== 201) throw new Error(`newUser: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The answer of a sign-in through the API: its status. */
async function loginStatus(email: string, password: string): Promise<number> {
  return (await e2e.app.request('POST', '/api/auth/login', { body: { email, password } })).status;
}

/** The sign-in page's notice (why it is shown). */
const signInNotice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Waits for the sign-in page (the light bundle), at /admin/login. */
async function onSignInPage(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/admin/login');
}

/** Records the API calls the page makes to this path (method, path and query). */
function recordCalls(page: Page, path: string): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === path && request.method() === 'GET') calls.push(url);
  });
  return calls;
}

/** Holds the answers of this API list's given page for a while, so the loading state can be seen. */
async function slowPage(page: Page, path: string, pageNumber: number, ms: number): Promise<void> {
  await page.route(
    (url) => url.pathname === path && url.searchParams.get('page') === String(pageNumber),
    async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

/** The pager under a list. */
const pager = (page: Page) => page.getByRole('navigation', { name: 'Paginación' });

/** The list's loading state ('Cargando…', a status over the rows). */
const loading = (page: Page) => page.getByRole('status').filter({ hasText: 'Cargando…' });

/** The header's user menu ('Perfil') and its 'Cambiar contraseña'. */
async function openChangePasswordFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  await page.getByRole('heading', { name: 'Cambiar Contraseña' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/admin/change-password');
}

describe('Roles: reasignar antes de eliminar', () => {
  it('un rol con personas no se elimina (409 que las nombra); tras cambiarle el rol en «Editar Usuario», sí', async () => {
    const { app, page } = e2e;
    // Names early in the alphabet: the roles list is sorted by name, 20 a page.
    const from = await newRole('Coordinación de sala', ['Events.Read']);
    await newRole('Acomodación', ['Events.Read', 'Registrations.Read']);
    const department = await newDepartment('Sala Principal');
    const email = 'rosa.campos@ayuntamiento.example.es';
    const userId = await newUser({ email, firstName: 'Rosa', lastName: 'Campos Vidal' }, department, from);

    await signIn(page);
    await visit(page, '/roles', 'Roles');
    await page.getByRole('button', { name: 'Eliminar Coordinación de sala' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await notification(page, MESSAGES.role.inUse(['Rosa Campos Vidal'], 1)).waitFor();
    expect(MESSAGES.role.inUse(['Rosa Campos Vidal'], 1)).toBe(
      'El rol está asignado a Rosa Campos Vidal: reasígnalos antes de eliminarlo',
    );
    await row(page, 'Coordinación de sala').waitFor();
    expect(await app.sql(`SELECT 1 FROM roles WHERE id = $1`, [from])).toHaveLength(1);

    // The role is changed in the user's edit dialog.
    await visit(page, '/users', 'Usuarios');
    const rosa = row(page, email);
    await rosa.getByText('Coordinación de sala', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Editar ${email}` }).click();
    const edit = dialog(page, 'Editar Usuario');
    const role = edit.getByRole('combobox', { name: 'Rol' });
    await eventually(async () => expect(await role.textContent()).toContain('Coordinación de sala'));
    await role.click();
    await page.getByRole('option', { name: 'Acomodación', exact: true }).click();
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await notification(page, 'Usuario actualizado').waitFor();
    await rosa.getByText('Acomodación', { exact: true }).waitFor();
    expect(await rosa.getByText('Coordinación de sala', { exact: true }).count()).toBe(0);
    expect(
      await app.sql(`SELECT r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = $1`, [
        userId,
      ]),
    ).toEqual([{ name: 'Acomodación' }]);

    // Now nobody holds it: it can be deleted.
    await visit(page, '/roles', 'Roles');
    await page.getByRole('button', { name: 'Eliminar Coordinación de sala' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await notification(page, 'Rol eliminado').waitFor();
    await row(page, 'Coordinación de sala').waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT 1 FROM roles WHERE id = $1`, [from])).toHaveLength(0);
    await expectNoEnglish(page, 'rol eliminado');
  });

  it('editar un rol se confirma con una notificación, como el resto de acciones', async () => {
    const { app, page } = e2e;
    const id = await newRole('Atención al público', ['Events.Read'], 'Mostrador de entrada');
    await signIn(page);
    await visit(page, '/roles', 'Roles');
    await page.getByRole('button', { name: 'Editar Atención al público' }).click();
    const form = dialog(page, 'Editar Rol');
    const description = form.getByLabel('Descripción');
    await eventually(async () => expect(await description.inputValue()).toBe('Mostrador de entrada'));
    await description.fill('Mostrador de entrada y teléfono');
    await form.getByRole('button', { name: 'Guardar Cambios' }).click();
    await form.waitFor({ state: 'detached' });
    await notification(page, 'Rol actualizado').waitFor();
    await row(page, 'Atención al público').getByText('Mostrador de entrada y teléfono').waitFor();
    expect(await app.sql(`SELECT description FROM roles WHERE id = $1`, [id])).toEqual([
      { description: 'Mostrador de entrada y teléfono' },
    ]);
  });
});

describe('El inicio de sesión dice por qué se muestra', () => {
  it('con el refresh token caducado, al siguiente 401: «Tu sesión ha caducado»; «Cerrar Sesión» no dice nada', async () => {
    const { app, page } = e2e;
    const staff = await app.staffWith(['Users.Read', 'Departments.Read']);
    await signIn(page, staff.email, staff.password);
    await visit(page, '/users', 'Usuarios');
    await row(page, staff.email).waitFor();

    // Seven days later: the refresh token has expired and the 15-minute access token too.
    await app.sql(`UPDATE refresh_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      staff.userId,
    ]);
    await page.evaluate((key) => localStorage.setItem(key, 'caducado'), STORAGE_KEYS.accessToken);
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
    });

    await sidebar(page).getByRole('menuitem', { name: 'Departamentos' }).click();
    await onSignInPage(page);
    await signInNotice(page, EXPIRED).waitFor();
    expect(refreshes).toEqual([401]);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/departments');
    await expectAccessible(page, 'sesión caducada');
    await expectNoEnglish(page, 'sesión caducada');

    // Signing in again goes on to the page, and the notice has been said.
    await submitLogin(page, staff.email, staff.password);
    await sectionHeading(page, 'Departamentos').waitFor();
    // A voluntary 'Cerrar Sesión' is no expiry: the sign-in page gives no reason.
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await onSignInPage(page);
    await loginForm(page).submit.waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
  });

  it('con los permisos del rol cambiados mientras trabaja, al abrir una sección sin permiso: «Tus permisos han cambiado»', async () => {
    const { app, page } = e2e;
    const staff = await app.staffWith(['Users.Read', 'Departments.Read']);
    await signIn(page, staff.email, staff.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Usuarios', 'Departamentos']);
    await visit(page, '/departments', 'Departamentos');

    // An administrator takes Users.Read away from the staff member's role meanwhile.
    const [{ roleId }] = await app.sql<{ roleId: string }>(
      `SELECT role_id AS "roleId" FROM user_roles WHERE user_id = $1`,
      [staff.userId],
    );
    const changed = await adminRequest('PUT', `/api/role/${roleId}`, {
      name: `Solo departamentos ${roleId.slice(0, 4)}`,
      permissionIds: await permissionIds(['Departments.Read']),
    });
    expect(changed.status).toBe(200);

    // The sidebar still offers 'Usuarios' (the permissions of the sign-in); the server refuses it.
    const refusals: { status: number; code?: string }[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/api/user' && r.status() === 403)
        refusals.push({ status: r.status(), code: (await r.json().catch(() => ({}))).code });
    });
    await sidebar(page).getByRole('menuitem', { name: 'Usuarios' }).click();
    await onSignInPage(page);
    await signInNotice(page, PERMISSIONS_CHANGED).waitFor();
    expect(refusals[0]).toEqual({ status: 403, code: 'PERMISSIONS_CHANGED' });
    expect(await page.getByText(EXPIRED).count()).toBe(0);

    // Signed in again, the new permissions apply: no 'Usuarios'.
    await submitLogin(page, staff.email, staff.password);
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Departamentos']);
    expect(await page.getByText(PERMISSIONS_CHANGED).count()).toBe(0);
  });
});

describe('Una oficina detrás de una dirección', () => {
  it('quien se equivoca 11 veces ve el 429 del servidor con los segundos; otra persona del mismo equipo entra sin problema', async () => {
    const { app, page } = e2e;
    const mistyper = await app.staffWith(['Events.Read']);
    const answers: { status: number; retryAfter?: string }[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/login'))
        answers.push({ status: r.status(), retryAfter: r.headers()['retry-after'] });
    });

    await openLogin(page);
    const alert = page.getByRole('alert');
    for (let attempt = 1; attempt <= 11; attempt++) {
      await submitLogin(page, mistyper.email, `equivocada-${attempt}`);
      await eventually(async () => expect(answers).toHaveLength(attempt));
      await loginForm(page).submit.waitFor();
    }
    // Ten refusals (wrong password, then the account's own lockout after five), then the limit of this address
    // from this IP.
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
    const shown = (await alert.filter({ hasText: 'Demasiados intentos' }).textContent())?.trim() ?? '';
    const seconds = TOO_MANY.exec(shown)?.[1];
    expect({ shown, matches: !!seconds }).toEqual({ shown, matches: true });
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    expect(Number(seconds)).toBeLessThanOrEqual(60);
    expect(seconds).toBe(answers[10].retryAfter);
    await expectAccessible(page, 'demasiados intentos');
    await expectNoEnglish(page, 'demasiados intentos');

    // Someone else at the same desk (same browser, same IP) signs in at once.
    await submitLogin(page, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    await sectionHeading(page, 'Dashboard').waitFor();
    expect(answers.at(-1)?.status).toBe(200);
  });
});

describe('Cambiar la contraseña por voluntad propia', () => {
  it('desde el menú del usuario: «Volver» regresa sin cambiar nada; un cambio vuelve a la página en la que estaba', async () => {
    const { app, page } = e2e;
    const staff = await app.staffWith(['Users.Read']);
    const changes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/change-password')) changes.push(r.method());
    });
    await signIn(page, staff.email, staff.password);
    await visit(page, '/users', 'Usuarios');
    await row(page, staff.email).waitFor();

    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).waitFor();
    await expectAccessible(page, 'menú del usuario');
    await expectNoEnglish(page, 'menú del usuario');
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await page.getByRole('heading', { name: 'Cambiar Contraseña' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/change-password');
    await seeText(page, 'Elige una nueva contraseña de al menos 6 caracteres.');
    expect(await page.getByText('Debes cambiar tu contraseña antes de continuar.').count()).toBe(0);
    // Not forced: a way back instead of the forced page's only way out.
    expect(await page.getByRole('button', { name: 'Cerrar Sesión' }).count()).toBe(0);
    await expectAccessible(page, 'cambio de contraseña voluntario');
    await expectNoEnglish(page, 'cambio de contraseña voluntario');

    // 'Volver', even with something typed: nothing is sent, the user is back on the list, still signed in.
    await page.getByLabel('Contraseña actual').fill(staff.password);
    await page.getByLabel('Nueva contraseña').fill('Otra-Clave-9');
    await page.getByRole('button', { name: 'Volver' }).click();
    await sectionHeading(page, 'Usuarios').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await row(page, staff.email).waitFor();
    expect(changes).toEqual([]);
    expect(await loginStatus(staff.email, staff.password)).toBe(200);

    // A change from there: the message, then back on the list; the new password works, the old one doesn't.
    await openChangePasswordFromMenu(page);
    await page.getByLabel('Contraseña actual').fill(staff.password);
    await page.getByLabel('Nueva contraseña').fill('Otra-Clave-9');
    await page.getByLabel('Confirmar contraseña').fill('Otra-Clave-9');
    await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await page.getByRole('status').filter({ hasText: 'Contraseña cambiada correctamente' }).waitFor();
    await sectionHeading(page, 'Usuarios').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await row(page, staff.email).waitFor();
    expect(changes).toEqual(['PUT']);
    expect(await loginStatus(staff.email, 'Otra-Clave-9')).toBe(200);
    expect(await loginStatus(staff.email, staff.password)).toBe(401);

    // Opened by its address (nowhere to go back to): 'Volver' goes to the dashboard.
    await page.goto('/admin/change-password');
    await page.getByRole('button', { name: 'Volver' }).click();
    await sectionHeading(page, 'Dashboard').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  });
});

describe('Listas de tamaño real', () => {
  it('usuarios: 20 por página con el total, Siguiente, «Cargando…», búsqueda y orden hechos por el servidor', async () => {
    const { page } = e2e;
    const department = await newDepartment('Voluntariado');
    const roleId = await newRole('Voluntario de lista', ['Events.Read']);
    for (let n = 1; n <= 25; n++) {
      const two = String(n).padStart(2, '0');
      await newUser(
        { email: `lista-${two}@example.com`, firstName: 'Persona', lastName: `Voluntaria ${two}` },
        department,
        roleId,
      );
    }
    // The list's own order: newest first.
    const newest = 'sort=createdAt&order=desc';
    const first = (await adminRequest('GET', `/api/user?page=1&pageSize=20&${newest}`)).body;
    const total: number = first.totalCount;
    expect(total).toBeGreaterThan(25);
    const pages = Math.ceil(total / 20);
    const onPageTwo: { email: string } = (
      await adminRequest('GET', `/api/user?page=2&pageSize=20&${newest}`)
    ).body.items.find((u: { email: string }) => u.email.startsWith('lista-'));
    expect(onPageTwo).toBeDefined();
    const byEmail = (await adminRequest('GET', '/api/user?page=1&pageSize=1&sort=email&order=asc')).body.items[0];

    const calls = recordCalls(page, '/api/user');
    await signIn(page);
    await slowPage(page, '/api/user', 1, 1500);
    await page.goto('/admin/users');
    // The first page on its way: the loading state in the content area.
    await loading(page).waitFor();
    await sectionHeading(page, 'Usuarios').waitFor();
    await seeText(pager(page), `Mostrando 20 de ${total} usuarios`);
    await loading(page).waitFor({ state: 'detached' });
    await seeText(pager(page), `Página 1 de ${pages}`);
    await expectRowCount(page, 20);
    await page.getByRole('cell', { name: first.items[0].email, exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: onPageTwo.email, exact: true }).count()).toBe(0);
    // The server was asked for one page, not for everything.
    expect(calls.map((u) => [u.searchParams.get('page'), u.searchParams.get('pageSize')])).toContainEqual(['1', '20']);
    expect(calls.some((u) => !u.searchParams.has('page'))).toBe(false);
    await expectAccessible(page, 'usuarios, página 1');

    // 'Siguiente', with page 2 slowed down: 'Cargando…' while it comes, then its rows.
    await slowPage(page, '/api/user', 2, 1500);
    await pager(page).getByRole('button', { name: 'Siguiente' }).click();
    await loading(page).waitFor();
    await seeText(pager(page), `Página 2 de ${pages}`);
    await page.getByRole('cell', { name: onPageTwo.email, exact: true }).waitFor();
    await loading(page).waitFor({ state: 'detached' });
    await seeText(pager(page), `Mostrando ${Math.min(20, total - 20)} de ${total} usuarios`);
    await page.unrouteAll({ behavior: 'wait' });

    // The search is the server's: a person of page 2 is found from page 1's search box.
    await pager(page).getByRole('button', { name: 'Anterior' }).click();
    await seeText(pager(page), `Página 1 de ${pages}`);
    const search = page.getByRole('textbox', { name: 'Buscar por email, nombre o departamento' });
    await search.fill(onPageTwo.email);
    await page.getByRole('cell', { name: onPageTwo.email, exact: true }).waitFor();
    await seeText(pager(page), 'Mostrando 1 de 1 usuarios');
    await expectRowCount(page, 1);
    expect(calls.some((u) => u.searchParams.get('search') === onPageTwo.email)).toBe(true);
    await search.fill('');
    await seeText(pager(page), `Mostrando 20 de ${total} usuarios`);

    // Sorting by a column's header: by e-mail, the server's order.
    expect(byEmail.email).not.toBe(first.items[0].email);
    await page
      .getByRole('columnheader')
      .filter({ hasText: /^Email$/ })
      .getByRole('button')
      .click();
    await eventually(async () => expect((await bodyRows(page).first().textContent()) ?? '').toContain(byEmail.email));
    expect(calls.some((u) => u.searchParams.get('sort') === 'email' && u.searchParams.get('order') === 'asc')).toBe(
      true,
    );
    await expectNoEnglish(page, 'usuarios ordenados');
  });

  it('eventos: 20 por página con el total, Siguiente, búsqueda y orden hechos por el servidor', async () => {
    const { app, page } = e2e;
    for (let n = 1; n <= 23; n++)
      await createEvent(app, { title: `Taller de lista ${String(n).padStart(2, '0')}`, banner: false });
    const newest = 'sort=createdAt&order=desc';
    const first = (await adminRequest('GET', `/api/events?page=1&pageSize=20&${newest}`)).body;
    const total: number = first.totalCount;
    expect(total).toBeGreaterThanOrEqual(23);
    const pages = Math.ceil(total / 20);
    const onPageTwo: { title: string } = (await adminRequest('GET', `/api/events?page=2&pageSize=20&${newest}`)).body
      .items[0];
    const byTitle = (await adminRequest('GET', '/api/events?page=1&pageSize=1&sort=title&order=desc')).body.items[0];

    const calls = recordCalls(page, '/api/events');
    await signIn(page);
    await visit(page, '/events', 'Eventos');
    const list = pager(page);
    await seeText(list, `Mostrando 20 de ${total} eventos`);
    await seeText(list, `Página 1 de ${pages}`);
    await row(page, first.items[0].title).first().waitFor();
    expect(await row(page, onPageTwo.title).count()).toBe(0);
    expect(calls.map((u) => [u.searchParams.get('page'), u.searchParams.get('pageSize')])).toContainEqual(['1', '20']);

    await slowPage(page, '/api/events', 2, 1500);
    await list.getByRole('button', { name: 'Siguiente' }).click();
    await loading(page).waitFor();
    await seeText(list, `Página 2 de ${pages}`);
    await row(page, onPageTwo.title).first().waitFor();
    await loading(page).waitFor({ state: 'detached' });
    await page.unrouteAll({ behavior: 'wait' });

    await list.getByRole('button', { name: 'Anterior' }).click();
    await seeText(list, `Página 1 de ${pages}`);
    const search = page.getByRole('textbox', { name: 'Buscar por título, descripción, ciudad o lugar' });
    await search.fill(onPageTwo.title);
    await seeText(list, 'Mostrando 1 de 1 eventos');
    await row(page, onPageTwo.title).first().waitFor();
    expect(calls.some((u) => u.searchParams.get('search') === onPageTwo.title)).toBe(true);
    await search.fill('');
    await seeText(list, `Mostrando 20 de ${total} eventos`);

    // By title: the first click sorts ascending, the second descending (the server's order both times).
    const header = page.getByRole('columnheader').filter({ hasText: /^Evento$/ });
    await header.getByRole('button').click();
    await eventually(async () =>
      expect(calls.some((u) => u.searchParams.get('sort') === 'title' && u.searchParams.get('order') === 'asc')).toBe(
        true,
      ),
    );
    await header.getByRole('button').click();
    await eventually(async () => expect((await bodyRows(page).first().textContent()) ?? '').toContain(byTitle.title));
    expect(calls.some((u) => u.searchParams.get('sort') === 'title' && u.searchParams.get('order') === 'desc')).toBe(
      true,
    );
  });
});
