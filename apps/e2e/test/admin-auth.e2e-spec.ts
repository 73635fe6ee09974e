// Back office: sign-in, session, forced password change and access by permission (docs/product.md §2 "Admin", 4, 5, 6),
// in Debian's Chromium against the real API.
import { gzipSync } from 'node:zlib';
import { STORAGE_KEYS } from '../../admin/src/providers/tokens';
import {
  expectNoEnglish,
  loginForm,
  newUserWithTemporaryPassword,
  openLogin,
  requireAdminBuild,
  sectionHeading,
  sidebarItems,
  signIn,
  submitLogin,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  visit,
} from './support/admin';
import { expectAccessible } from './support/axe';
import { expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true } });

describe('Back office: acceso', () => {
  it('el inicio de sesión valida los campos, muestra el error del servidor en rojo y entra al Dashboard', async () => {
    const { page } = e2e;
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body());
    });
    await openLogin(page);
    await page.waitForLoadState('networkidle');
    // The sign-in page loads its own small bundle, not react-admin's (about 350 KB gzipped in all).
    const gzipped = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0);
    console.warn(
      `[e2e] JavaScript de /admin/login: ${(gzipped / 1024).toFixed(1)} KB gzip en ${scripts.length} ficheros`,
    );
    expect(gzipped).toBeLessThan(160 * 1024);
    await expectAccessible(page, 'inicio de sesión');
    await expectNoEnglish(page, 'inicio de sesión');
    await screenshot(page, 'admin-login');

    const form = loginForm(page);
    await form.submit.click();
    await expectError(form.email, 'Email es requerido');
    await expectError(form.password, 'Contraseña es requerida');
    await form.email.fill('no-es-un-email');
    await form.password.fill('12345');
    await form.submit.click();
    await expectError(form.email, 'Email no es válido');
    await expectError(form.password, 'Contraseña debe tener al menos 6 caracteres');
    await screenshot(page, 'admin-login-errors');

    await submitLogin(page, TEST_ADMIN_EMAIL, 'contraseña-equivocada');
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Email o contraseña incorrectos' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).toBeNull();

    await submitLogin(page, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    await sectionHeading(page, 'Dashboard').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const stored = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(stored).toEqual(expect.arrayContaining(Object.values(STORAGE_KEYS)));
    await seeText(page, TEST_ADMIN_EMAIL);
    await expectNoEnglish(page, 'dashboard');
  });
});

describe('Back office: sesión', () => {
  it('sin sesión, una dirección del panel lleva al inicio de sesión y, tras entrar, vuelve a ella; con sesión, /admin/login va al Dashboard', async () => {
    const { page } = e2e;
    await page.goto('/admin/roles');
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await submitLogin(page, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    await sectionHeading(page, 'Roles').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/roles');

    // The redirects land on /admin/dashboard (the address changes once the router has redirected).
    await page.goto('/admin/login');
    await sectionHeading(page, 'Dashboard').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.goto('/admin');
    await sectionHeading(page, 'Dashboard').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  });

  it('un token de acceso caducado se renueva con el refresh token y la petición se repite; sin refresh válido, vuelve al inicio de sesión', async () => {
    const { page } = e2e;
    await signIn(page);
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
    });
    await page.evaluate((key) => localStorage.setItem(key, 'caducado'), STORAGE_KEYS.accessToken);
    await visit(page, '/users', 'Usuarios');
    await page.getByRole('cell', { name: TEST_ADMIN_EMAIL, exact: true }).waitFor();
    expect(refreshes).toEqual([200]);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).not.toBe('caducado');

    await page.evaluate((keys) => {
      localStorage.setItem(keys.accessToken, 'caducado');
      localStorage.setItem(keys.refreshToken, 'revocado');
    }, STORAGE_KEYS);
    await page.goto('/admin/departments');
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/departments');
    expect(
      await page.evaluate((keys) => Object.values(keys).map((k) => localStorage.getItem(k)), STORAGE_KEYS),
    ).toEqual([null, null, null, null]);
  });

  it('«Cerrar Sesión» vuelve al inicio de sesión y borra los tokens', async () => {
    const { page } = e2e;
    await signIn(page);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('admin_')))).toEqual([]);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
  });
});

describe('Back office: cambio de contraseña obligatorio', () => {
  it('con contraseña temporal, toda página lleva a /admin/change-password; tras cambiarla, el mensaje y a los 2 s la página pedida', async () => {
    const { app, page } = e2e;
    const user = await newUserWithTemporaryPassword(app);
    await page.goto('/admin/roles');
    await submitLogin(page, user.email, user.password);
    await page.getByRole('heading', { name: 'Cambiar Contraseña' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/change-password');
    await seeText(page, 'Debes cambiar tu contraseña antes de continuar.');
    // Forced: signing out is the only way out, no 'Volver' (the voluntary change's: admin-staff-days).
    await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    expect(await page.getByRole('button', { name: 'Volver' }).count()).toBe(0);

    const current = page.getByLabel('Contraseña actual');
    const fresh = page.getByLabel('Nueva contraseña');
    const confirm = page.getByLabel('Confirmar contraseña');
    const send = page.getByRole('button', { name: 'Cambiar Contraseña' });
    await send.click();
    await expectError(current, 'Contraseña actual es requerida');
    await expectError(fresh, 'Nueva contraseña es requerida');
    await expectError(confirm, 'Confirmar contraseña es requerido');
    await current.fill(user.password);
    await fresh.fill('corta');
    await confirm.fill('distinta');
    await send.click();
    await expectError(fresh, 'La contraseña debe tener al menos 6 caracteres');
    await fresh.fill('Nueva-Segura-1');
    await send.click();
    await expectError(confirm, 'Las contraseñas no coinciden');
    await screenshot(page, 'admin-change-password');

    // The server's refusal (wrong current password) is shown as it says.
    await current.fill('no-es-la-actual');
    await confirm.fill('Nueva-Segura-1');
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' }).waitFor();

    // Timed inside the page (a busy machine can only make the redirect later, never earlier).
    await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number };
      new MutationObserver(() => {
        if (!w.shownAt && document.body.innerText.includes('Contraseña cambiada correctamente'))
          w.shownAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await current.fill(user.password);
    await send.click();
    await page.getByRole('status').filter({ hasText: 'Contraseña cambiada correctamente' }).waitFor();
    await sectionHeading(page, 'Roles').waitFor();
    const shownFor = await page.evaluate(() => performance.now() - (window as unknown as { shownAt: number }).shownAt);
    expect(shownFor).toBeGreaterThanOrEqual(1800);
    await page.waitForURL((url) => url.pathname === '/admin/roles');
    await expectNoEnglish(page, 'roles');
  });
});

describe('Back office: permisos', () => {
  it('con solo Events.Read se ven Dashboard y Eventos, y /admin/users muestra «Acceso Denegado»', async () => {
    const { app, page } = e2e;
    const viewer = await app.staffWith(['Events.Read']);
    await signIn(page, viewer.email, viewer.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Eventos']);
    await screenshot(page, 'admin-dashboard-limited');

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await seeText(page, 'No tienes permisos para acceder a esta página.');
    await page.waitForURL((url) => url.pathname === '/admin/users');
    await expectNoEnglish(page, 'acceso denegado');
    await screenshot(page, 'admin-access-denied');

    await visit(page, '/events', 'Eventos');
    // Without Settings.Read the settings cards are not shown (their calls would be refused).
    await page.getByPlaceholder('Buscar por título, descripción, ciudad o lugar').waitFor();
    expect(await page.getByRole('heading', { name: 'Duración de la reserva de plazas' }).count()).toBe(0);
  });

  it('una acción rechazada por falta de permiso (403) cierra la sesión: al volver a entrar se cargan los permisos nuevos', async () => {
    const { app, page } = e2e;
    const reader = await app.staffWith(['Users.Read', 'Departments.Read']);
    await signIn(page, reader.email, reader.password);
    await visit(page, '/users', 'Usuarios');
    await page.getByRole('cell', { name: reader.email, exact: true }).waitFor();
    // An administrator takes Users.Read away from the role meanwhile.
    const token = await app.adminToken();
    const [role] = await app.sql<{ id: string }>(`SELECT role_id AS id FROM user_roles WHERE user_id = $1`, [
      reader.userId,
    ]);
    const keep = await app.sql<{ id: number }>(`SELECT id FROM permissions WHERE name = 'Departments.Read'`);
    const changed = await app.request('PUT', `/api/role/${role.id}`, {
      token,
      body: { name: `Solo departamentos ${role.id.slice(0, 4)}`, permissionIds: keep.map((p) => p.id) },
    });
    expect(changed.status).toBe(200);

    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await submitLogin(page, reader.email, reader.password);
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Departamentos']);
  });

  it('el administrador ve todas las secciones construidas, el Dashboard con sus cifras y su tarjeta', async () => {
    const { page } = e2e;
    await signIn(page);
    // Every section of the route table is built now: the administrator sees them all, in the table's order.
    expect(await sidebarItems(page)).toEqual([
      'Dashboard',
      'Usuarios',
      'Lista Negra',
      'Roles',
      'Eventos',
      'Departamentos',
      'Configuración Email',
      'Registro Emails',
      'Plantillas',
      'Listas de Espera',
      'RGPD',
      'Registros',
      'Registro Manual',
      'Configuración SMS',
      'Registro SMS',
      'Integraciones',
      'Control de acceso',
      'Estado del sistema',
      'Historial',
    ]);
    for (const label of ['Total Usuarios', 'Eventos Activos', 'Registros Hoy', 'Departamentos', 'Asistencia (30 días)'])
      await seeText(page, label);
    await page.getByTestId('stat-totalUsers').filter({ hasText: /^\d+$/ }).waitFor();
    // The dashboard's card (the header's user menu shows the name too).
    await seeText(page.getByRole('main'), 'Administrador Principal');
    await seeText(page, 'Acciones rápidas');
    await screenshot(page, 'admin-dashboard');

    // A server failure (a 503 is first retried for about a minute: admin-server-away.e2e-spec.ts).
    await page.route('**/api/admin/dashboard/stats', (route) => route.fulfill({ status: 500, body: '' }));
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error al cargar los datos del panel. Por favor, recarga la página.' })
      .waitFor();
    await expectNoEnglish(page, 'dashboard con error');
  });
});
