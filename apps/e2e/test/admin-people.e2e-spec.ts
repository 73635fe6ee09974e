// Back office: users, roles and departments (docs/product.md §2 "Users/Roles/Departments screens", 4, 5, 6, 8), in Debian's
// Chromium against the real API.
import type { Page } from 'playwright-core';
import {
  dialog,
  expectNoEnglish,
  requireAdminBuild,
  row,
  sidebarItems,
  signIn,
  TEST_ADMIN_EMAIL,
  visit,
} from './support/admin';
import { expectAccessible } from './support/axe';
import { eventually, expectError, seeText } from './support/booking-page';
import { setupE2E } from './support/e2e';
import { screenshot } from './support/screenshots';

requireAdminBuild();
const e2e = setupE2E({ context: { bypassCSP: true, viewport: { width: 1280, height: 900 } } });

async function department(name: string): Promise<number> {
  const token = await e2e.app.adminToken();
  const res = await e2e.app.request('POST', '/api/department', { token, body: { name } });
  if (res.status !== 201) throw new Error(`department: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function choose(page: Page, scope: ReturnType<typeof dialog>, field: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The RA notification (snackbar) with this text. */
const notification = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function apiLoginStatus(
  email: string,
  password: string,
): Promise<{ status: number; mustChangePassword?: boolean }> {
  const res = await e2e.app.request('POST', '/api/auth/login', { body: { email, password } });
  return { status: res.status, mustChangePassword: res.body?.mustChangePassword };
}

describe('Usuarios', () => {
  it('crear (contraseña temporal una vez, con copia), buscar, editar, restablecer contraseña y eliminar', async () => {
    const { page, context, app } = e2e;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await department('Secretaría General');
    await signIn(page);
    await visit(page, '/users', 'Usuarios');
    await page.getByRole('cell', { name: TEST_ADMIN_EMAIL, exact: true }).waitFor();
    await expectAccessible(page, 'lista de usuarios');
    await expectNoEnglish(page, 'usuarios');

    // Create: the spec's checks, then the temporary password dialog.
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const create = dialog(page, 'Nuevo Usuario');
    await create.getByRole('button', { name: 'Crear Usuario' }).click();
    await expectError(create.getByLabel('Email'), 'Email es requerido');
    await expectError(create.getByLabel('Nombre'), 'Nombre es requerido');
    await expectError(create.getByLabel('Apellido'), 'Apellido es requerido');
    await seeText(create, 'Departamento es requerido');
    await seeText(create, 'Rol es requerido para nuevos usuarios');
    await create.getByLabel('Email').fill('ana.lopez@');
    await create.getByRole('button', { name: 'Crear Usuario' }).click();
    await expectError(create.getByLabel('Email'), 'Email no es válido');
    await expectNoEnglish(page, 'nuevo usuario');

    await create.getByLabel('Email').fill('ana.lopez@ayuntamiento.example.es');
    await create.getByLabel('Nombre').fill('Ana');
    await create.getByLabel('Apellido').fill('López Vidal');
    await choose(page, create, 'Departamento', 'Secretaría General');
    await choose(page, create, 'Rol', 'Administrador');
    await screenshot(page, 'admin-user-create');
    await create.getByRole('button', { name: 'Crear Usuario' }).click();

    const shown = dialog(page, 'Contraseña temporal');
    await shown.waitFor();
    const temporary = await shown.getByLabel('Contraseña temporal').inputValue();
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    await shown.getByRole('button', { name: 'Copiar' }).click();
    await seeText(shown, 'Contraseña copiada al portapapeles');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporary);
    await screenshot(page, 'admin-user-temporary-password');
    await shown.getByRole('button', { name: 'Entendido' }).click();
    await shown.waitFor({ state: 'detached' });
    // Shown once: nowhere on the page any more.
    expect(await page.getByText(temporary).count()).toBe(0);
    expect(await apiLoginStatus('ana.lopez@ayuntamiento.example.es', temporary)).toEqual({
      status: 200,
      mustChangePassword: true,
    });

    const ana = row(page, 'ana.lopez@ayuntamiento.example.es');
    await ana.getByText('Cambiar Contraseña').waitFor();
    await seeText(ana, 'Ana López Vidal');
    await seeText(ana, 'Secretaría General');
    const [created] = await app.sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [
      'ana.lopez@ayuntamiento.example.es',
    ]);
    await seeText(ana, `ID: ${created.id.slice(0, 8)}`);
    await seeText(ana, /\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);

    // A repeated e-mail: the server's message, under the field it names.
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const again = dialog(page, 'Nuevo Usuario');
    await again.getByLabel('Email').fill('ANA.LOPEZ@ayuntamiento.example.es');
    await again.getByLabel('Nombre').fill('Otra');
    await again.getByLabel('Apellido').fill('Ana');
    await choose(page, again, 'Departamento', 'Secretaría General');
    await choose(page, again, 'Rol', 'Administrador');
    await again.getByRole('button', { name: 'Crear Usuario' }).click();
    await expectError(again.getByLabel('Email'), 'Ya existe un usuario con ese email');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await again.waitFor({ state: 'detached' });

    // Search (debounced): by department, then nothing.
    const search = page.getByRole('textbox', { name: 'Buscar por email, nombre o departamento' });
    await search.fill('secretaría');
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2)); // header + Ana
    await search.fill('nadie-se-llama-asi');
    await seeText(page, 'No se encontraron usuarios');
    await search.fill('');
    await page.getByRole('cell', { name: TEST_ADMIN_EMAIL, exact: true }).waitFor();

    // Edit: the role is shown in its picker (changing it: admin-staff-days.e2e-spec.ts).
    await page.getByRole('button', { name: 'Editar ana.lopez@ayuntamiento.example.es' }).click();
    const edit = dialog(page, 'Editar Usuario');
    expect(await edit.getByLabel('Nombre').inputValue()).toBe('Ana');
    await eventually(async () =>
      expect(await edit.getByRole('combobox', { name: 'Rol' }).textContent()).toContain('Administrador'),
    );
    await edit.getByLabel('Nombre').fill('Ana María');
    await edit.getByRole('switch', { name: 'Cuenta bloqueada' }).check();
    await screenshot(page, 'admin-user-edit');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await edit.waitFor({ state: 'detached' });
    await ana.getByText('Ana María López Vidal').waitFor();
    await ana.getByText('Bloqueado').waitFor();
    const [saved] = await app.sql(`SELECT first_name, lockout_enabled FROM users WHERE id = $1`, [created.id]);
    expect(saved).toEqual({ first_name: 'Ana María', lockout_enabled: true });

    // Reset password: a too short one is refused; empty generates a temporary one, shown once.
    await page.getByRole('button', { name: 'Restablecer contraseña de ana.lopez@ayuntamiento.example.es' }).click();
    const reset = dialog(page, 'Restablecer Contraseña');
    await reset.getByLabel('Nueva contraseña (opcional)').fill('corta');
    await reset.getByRole('button', { name: 'Restablecer' }).click();
    await expectError(
      reset.getByLabel('Nueva contraseña (opcional)'),
      'La contraseña debe tener al menos 6 caracteres',
    );
    await reset.getByLabel('Nueva contraseña (opcional)').fill('');
    await reset.getByRole('button', { name: 'Restablecer' }).click();
    const again2 = dialog(page, 'Contraseña temporal');
    const second = await again2.getByLabel('Contraseña temporal').inputValue();
    expect(second).not.toBe(temporary);
    await again2.getByRole('button', { name: 'Entendido' }).click();
    await app.sql(`UPDATE users SET lockout_enabled = false, lockout_end = NULL WHERE id = $1`, [created.id]);
    expect(await apiLoginStatus('ana.lopez@ayuntamiento.example.es', temporary)).toMatchObject({ status: 401 });
    expect(await apiLoginStatus('ana.lopez@ayuntamiento.example.es', second)).toEqual({
      status: 200,
      mustChangePassword: true,
    });

    await screenshot(page, 'admin-users');
    expect(await page.getByRole('button', { name: `Eliminar ${TEST_ADMIN_EMAIL}` }).count()).toBe(0);

    // Delete, after the confirmation.
    await page.getByRole('button', { name: 'Eliminar ana.lopez@ayuntamiento.example.es' }).click();
    const confirm = dialog(page, 'Confirmar Eliminación');
    await seeText(confirm, '¿Eliminar el usuario ana.lopez@ayuntamiento.example.es?');
    await expectNoEnglish(page, 'confirmar eliminación');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await ana.waitFor({ state: 'detached' });
    expect(await app.sql(`SELECT 1 FROM users WHERE id = $1`, [created.id])).toHaveLength(0);
  });

  it('sin Users.Create/Update/Delete no se ofrecen los botones', async () => {
    const { app, page } = e2e;
    const reader = await app.staffWith(['Users.Read']);
    await signIn(page, reader.email, reader.password);
    expect(await sidebarItems(page)).toEqual(['Dashboard', 'Usuarios']);
    await visit(page, '/users', 'Usuarios');
    await page.getByRole('cell', { name: reader.email, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Nuevo Usuario' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Editar|Restablecer contraseña de|Eliminar) / }).count()).toBe(0);

    // A list that cannot be loaded says so (docs/product.md §8). A server failure: a 503 is retried first (admin-server-away).
    await page.route(
      (url) => url.pathname === '/api/user',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Error al cargar los usuarios. Por favor, intenta de nuevo.' })
      .first()
      .waitFor();
  });
});

describe('Roles', () => {
  it('crear un rol con permisos elegidos (agrupados, seleccionar todo, búsqueda, contador) y entrar con un usuario que lo tiene', async () => {
    const { app, page } = e2e;
    // The catalogue as the API has it: the counter's total, and the resources past the three the table names.
    const catalogue = (
      await app.request<{ name: string; resource: string }[]>('GET', '/api/permissions', {
        token: await app.adminToken(),
      })
    ).body;
    const total = catalogue.length;
    const resources = new Set(catalogue.map((p) => p.resource)).size;
    await signIn(page);
    await visit(page, '/roles', 'Roles');
    const admin = row(page, 'Administrador');
    await admin.getByText('Sistema').waitFor();
    await seeText(admin, `+${resources - 3} más`);
    expect(await page.getByRole('button', { name: 'Eliminar Administrador' }).count()).toBe(0);
    await expectNoEnglish(page, 'roles');

    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const form = dialog(page, 'Nuevo Rol');
    const counter = form.getByTestId('permission-counter');
    await form.getByText(`0 de ${total} seleccionados`).waitFor();
    await form.getByRole('button', { name: 'Crear Rol' }).click();
    await expectError(form.getByLabel('Nombre del rol'), 'Nombre del rol es requerido');

    await form.getByLabel('Nombre del rol').fill('Taquilla');
    await form.getByLabel('Descripción').fill('Atención al público en la taquilla');
    await form.getByRole('checkbox', { name: 'Seleccionar todos los permisos de Eventos' }).check();
    expect(await counter.innerText()).toBe(`4 de ${total} seleccionados`);
    await form.getByLabel('Buscar permisos').fill('departamentos');
    await form.getByRole('group', { name: 'Eventos' }).waitFor({ state: 'detached' });
    const departments = form.getByRole('group', { name: 'Departamentos' });
    await departments.getByRole('checkbox', { name: /^Ver/ }).check();
    expect(await counter.innerText()).toBe(`5 de ${total} seleccionados`);
    expect(
      await form
        .getByRole('checkbox', { name: 'Seleccionar todos los permisos de Departamentos' })
        .evaluate((el: HTMLInputElement) => el.indeterminate),
    ).toBe(true);
    await form.getByLabel('Buscar permisos').fill('');
    await screenshot(page, 'admin-role-create');
    await expectNoEnglish(page, 'nuevo rol');
    await form.getByRole('button', { name: 'Crear Rol' }).click();
    await form.waitFor({ state: 'detached' });

    const taquilla = row(page, 'Taquilla');
    await taquilla.getByText('Personalizado').waitFor();
    await seeText(taquilla, 'Departamentos: Ver');
    await seeText(taquilla, 'Eventos: Ver, Crear, Editar, Eliminar');
    const [role] = await app.sql<{ id: string; names: string[] }>(
      `SELECT r.id, array_agg(p.name ORDER BY p.name) AS names FROM roles r JOIN role_permissions rp ON rp.role_id = r.id JOIN permissions p ON p.id = rp.permission_id WHERE r.name = 'Taquilla' GROUP BY r.id`,
    );
    expect(role.names).toEqual(['Departments.Read', 'Events.Create', 'Events.Delete', 'Events.Read', 'Events.Update']);
    await screenshot(page, 'admin-roles');

    // Someone with the new role sees exactly what it allows.
    const token = await app.adminToken();
    const departmentId = (await app.request('POST', '/api/department', { token, body: { name: 'Taquillas' } })).body.id;
    const created = await app.request('POST', '/api/user', {
      token,
      body: { email: 'taquilla@example.com', firstName: 'Luis', lastName: 'Taquillero', departmentId, roleId: role.id },
    });
    await app.request('PUT', '/api/user/change-password', {
      token: (await app.login('taquilla@example.com', created.body.temporaryPassword)).accessToken,
      body: {
        currentPassword: created.body.temporaryPassword,
        newPassword: 'Taquilla-2026',
        confirmPassword: 'Taquilla-2026',
      },
    });
    const other = await e2e.newPage({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await signIn(other, 'taquilla@example.com', 'Taquilla-2026');
    expect(await sidebarItems(other)).toEqual(['Dashboard', 'Eventos', 'Departamentos']);
    await visit(other, '/departments', 'Departamentos');
    await other.getByRole('cell', { name: 'Taquillas', exact: true }).waitFor();
    expect(await other.getByRole('button', { name: 'Crear' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: /^Eliminar / }).count()).toBe(0);
    await other.goto('/admin/roles');
    await other.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();

    // In use: the server refuses to delete it, with its reason.
    await page.getByRole('button', { name: 'Eliminar Taquilla' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    // The server names who has it (API messages: 'El rol está asignado a {personas}: reasígnalos…').
    await notification(page, /El rol está asignado a .+: reasígnalos antes de eliminarlo/).waitFor();
  });

  it('editar un rol: el formulario trae sus permisos; un rol del sistema solo cambia su descripción', async () => {
    const { app, page } = e2e;
    const token = await app.adminToken();
    const permissions = (await app.request<{ id: number; name: string }[]>('GET', '/api/permissions', { token })).body;
    await app.request('POST', '/api/role', {
      token,
      body: {
        name: 'Lectura',
        description: 'Solo consulta',
        permissionIds: permissions.filter((p) => p.name.endsWith('.Read')).map((p) => p.id),
      },
    });
    await signIn(page);
    await visit(page, '/roles', 'Roles');
    await page.getByRole('button', { name: 'Editar Lectura' }).click();
    const form = dialog(page, 'Editar Rol');
    const reads = permissions.filter((p) => p.name.endsWith('.Read')).length;
    await form.getByText(`${reads} de ${permissions.length} seleccionados`).waitFor();
    await form.getByRole('group', { name: 'Usuarios' }).getByRole('checkbox', { name: /^Ver/ }).uncheck();
    await form.getByRole('button', { name: 'Guardar Cambios' }).click();
    await form.waitFor({ state: 'detached' });
    await eventually(async () => {
      const [{ count }] = await app.sql(
        `SELECT count(*)::int AS count FROM role_permissions rp JOIN roles r ON r.id = rp.role_id WHERE r.name = 'Lectura'`,
      );
      expect(count).toBe(reads - 1);
    });

    await page.getByRole('button', { name: 'Eliminar Lectura' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await row(page, 'Solo consulta').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Editar Administrador' }).click();
    const system = dialog(page, 'Editar Rol');
    await seeText(system, 'Rol del sistema: su nombre y sus permisos no se pueden cambiar.');
    expect(await system.getByLabel('Nombre del rol').isDisabled()).toBe(true);
    await system.getByRole('button', { name: 'Cancelar' }).click();

    const search = page.getByRole('textbox', { name: 'Buscar por nombre o descripción' });
    await search.fill('no-existe');
    await seeText(page, 'No se encontraron roles');
  });
});

describe('Departamentos', () => {
  it('crear con la regla de 2 a 100 caracteres, buscar, eliminar; uno con usuarios no se elimina', async () => {
    const { app, page } = e2e;
    await department('Cultura y Festejos');
    await app.staffWith(['Events.Read']); // its department has a user
    await signIn(page);
    await visit(page, '/departments', 'Departamentos');
    await page.getByRole('cell', { name: 'Cultura y Festejos', exact: true }).waitFor();
    await expectNoEnglish(page, 'departamentos');
    await expectAccessible(page, 'lista de departamentos');

    const name = page.getByLabel('Nombre del departamento');
    const create = page.getByRole('button', { name: 'Crear' });
    await create.click();
    await expectError(name, 'El nombre del departamento es requerido');
    await name.fill('  A  ');
    await create.click();
    await expectError(name, 'El nombre del departamento debe tener entre 2 y 100 caracteres');
    await name.fill('x'.repeat(101));
    await create.click();
    await expectError(name, 'El nombre del departamento debe tener entre 2 y 100 caracteres');
    await screenshot(page, 'admin-departments-errors');
    await name.fill('  Deportes  ');
    await create.click();
    await page.getByRole('cell', { name: 'Deportes', exact: true }).waitFor();
    expect(await name.inputValue()).toBe('');
    expect(await app.sql(`SELECT name FROM departments WHERE name LIKE '%Deportes%'`)).toEqual([{ name: 'Deportes' }]);

    await name.fill('deportes');
    await create.click();
    await expectError(name, 'Ya existe un departamento con ese nombre');

    const search = page.getByRole('textbox', { name: 'Buscar departamentos' });
    await search.fill('deport');
    await eventually(async () => expect(await page.getByRole('row').count()).toBe(2));
    await search.fill('nada-parecido');
    await seeText(page, 'No se encontraron departamentos');
    await search.fill('');

    await page.getByRole('button', { name: 'Eliminar Deportes' }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('cell', { name: 'Deportes', exact: true }).waitFor({ state: 'detached' });

    const [{ name: used }] = await app.sql(
      `SELECT d.name FROM departments d JOIN users u ON u.department_id = d.id LIMIT 1`,
    );
    await page.getByRole('button', { name: `Eliminar ${used}` }).click();
    await dialog(page, 'Confirmar Eliminación').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error al eliminar el departamento' }).waitFor();
    await seeText(page, /El departamento tiene asignados a .+: reasígnalos antes de eliminarlo/);
    await page.getByRole('cell', { name: used, exact: true }).waitFor();
    await screenshot(page, 'admin-departments');
  });
});
