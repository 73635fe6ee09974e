import { randomUUID } from 'node:crypto';
import { TestApp } from '@evreg/testing';

/** docs/product.md §6, written out rather than imported, so the catalogue the API serves is checked against it. */
const SPEC_PERMISSIONS = [
  ...['Events', 'Registrations', 'Departments', 'Roles', 'Users', 'Settings', 'Blacklists'].flatMap((resource) =>
    ['Create', 'Read', 'Update', 'Delete'].map((action) => `${resource}.${action}`),
  ),
  'Queues.Read',
  'EmailLogs.Read',
  'GDPR.Delete',
  // Check-in at the door (issue 21).
  'Checkin.Read',
  'Checkin.Update',
];

interface Permission {
  id: number;
  name: string;
  resource: string;
  action: string;
  description: string;
}

describe('Roles and permissions (/api/role, /api/permissions)', () => {
  let app: TestApp;
  let admin: string;
  let catalogue: Permission[];
  const idOf = (name: string) => catalogue.find((p) => p.name === name)!.id;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    catalogue = (await app.request('GET', '/api/permissions', { token: admin })).body;
  });
  afterAll(() => app.close());

  async function counts() {
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM roles) AS roles, (SELECT count(*)::int FROM role_permissions) AS grants`,
    );
    return row as { roles: number; grants: number };
  }

  async function administrador() {
    const roles = (await app.request('GET', '/api/role', { token: admin })).body;
    return roles.find((r: { name: string }) => r.name === 'Administrador');
  }

  async function createRole(name: string, permissions: string[], description?: string) {
    const res = await app.request('POST', '/api/role', {
      token: admin,
      body: { name, description, permissionIds: permissions.map(idOf) },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function roleOf(userId: string): Promise<string> {
    const [row] = await app.sql(`SELECT role_id::text AS id FROM user_roles WHERE user_id = $1`, [userId]);
    return row.id;
  }

  describe('GET /api/permissions', () => {
    it('answers the 33 permissions (docs/product.md §6 and the two of the check-in) as Resource.Action with resource, action and description', async () => {
      const res = await app.request('GET', '/api/permissions', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(33);
      expect(res.body.map((p: Permission) => p.name).sort()).toEqual([...SPEC_PERMISSIONS].sort());
      for (const permission of res.body as Permission[]) {
        expect(Object.keys(permission).sort()).toEqual(['action', 'description', 'id', 'name', 'resource']);
        expect(Number.isInteger(permission.id)).toBe(true);
        expect(permission.name).toBe(`${permission.resource}.${permission.action}`);
        expect(permission.description.trim().length).toBeGreaterThan(0);
      }
      expect(new Set(res.body.map((p: Permission) => p.id)).size).toBe(33);
      expect(new Set(res.body.map((p: Permission) => p.description)).size).toBe(33);
    });

    it('needs Roles.Read', async () => {
      const staff = await app.staffWith(['Events.Read']);
      expect((await app.request('GET', '/api/permissions', { token: staff.token })).status).toBe(403);
      expect((await app.request('GET', '/api/permissions')).status).toBe(401);
    });
  });

  describe('list and search (GET /api/role)', () => {
    it('lists the system role Administrador holding every permission', async () => {
      const res = await app.request('GET', '/api/role', { token: admin });
      expect(res.status).toBe(200);
      const role = res.body.find((r: { name: string }) => r.name === 'Administrador');
      expect(Object.keys(role).sort()).toEqual([
        'createdAt',
        'description',
        'id',
        'isSystemRole',
        'name',
        'permissions',
      ]);
      expect(role.isSystemRole).toBe(true);
      expect(Number.isNaN(Date.parse(role.createdAt))).toBe(false);
      expect(role.permissions.map((p: Permission) => p.name).sort()).toEqual([...SPEC_PERMISSIONS].sort());
      for (const permission of role.permissions) {
        expect(permission).toMatchObject({
          id: expect.any(Number),
          resource: expect.any(String),
          action: expect.any(String),
          description: expect.any(String),
        });
      }
      expect((await app.request('GET', `/api/role/${role.id}`, { token: admin })).body).toEqual(role);
    });

    it('searches by name or description, ignoring case', async () => {
      const taquilla = await createRole('Taquilla Norte', ['Events.Read'], 'Venta en el mostrador');
      const prensa = await createRole('Prensa', [], 'Comunicación y medios');
      const search = async (text: string) =>
        (await app.request('GET', `/api/role?search=${encodeURIComponent(text)}`, { token: admin })).body.map(
          (r: { id: string }) => r.id,
        );
      expect(await search('taquilla n')).toEqual([taquilla.id]);
      expect(await search('MOSTRADOR')).toEqual([taquilla.id]);
      expect(await search('medios')).toEqual([prensa.id]);
      expect(await search('ninguno-asi')).toEqual([]);
      const all = (await app.request('GET', '/api/role', { token: admin })).body;
      expect(all).toHaveLength((await counts()).roles);
    });
  });

  describe('create (POST /api/role)', () => {
    it('creates a custom role with its permissions', async () => {
      const res = await app.request('POST', '/api/role', {
        token: admin,
        body: {
          name: '  Coordinación  ',
          description: 'Gestiona eventos',
          permissionIds: [idOf('Events.Read'), idOf('Events.Update'), idOf('Queues.Read')],
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        name: 'Coordinación',
        description: 'Gestiona eventos',
        isSystemRole: false,
      });
      expect(res.body.permissions.map((p: Permission) => p.name).sort()).toEqual([
        'Events.Read',
        'Events.Update',
        'Queues.Read',
      ]);
      expect((await app.request('GET', `/api/role/${res.body.id}`, { token: admin })).body).toEqual(res.body);
      const rows = await app.sql(`SELECT count(*)::int AS n FROM role_permissions WHERE role_id = $1`, [res.body.id]);
      expect(rows[0].n).toBe(3);
    });

    it('requires a name (‘Nombre del rol es requerido’) and writes nothing', async () => {
      const before = await counts();
      for (const body of [
        { permissionIds: [] },
        { name: '   ', permissionIds: [idOf('Events.Read')] },
        { name: null, permissionIds: [] },
      ]) {
        const res = await app.request('POST', '/api/role', { token: admin, body });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Nombre del rol es requerido',
          errors: { name: ['Nombre del rol es requerido'] },
        });
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses an unknown permission id, naming permissionIds, and writes nothing', async () => {
      const before = await counts();
      const res = await app.request('POST', '/api/role', {
        token: admin,
        body: { name: 'Fantasma', permissionIds: [idOf('Events.Read'), 99_999] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ permissionIds: ['Alguno de los permisos indicados no existe'] });
      expect(await counts()).toEqual(before);
    });

    it('refuses a name already in use whatever its case (409), and writes nothing', async () => {
      await createRole('Voluntariado', []);
      const before = await counts();
      for (const name of ['voluntariado', ' VOLUNTARIADO ', 'administrador']) {
        const res = await app.request('POST', '/api/role', {
          token: admin,
          body: { name, permissionIds: [idOf('Events.Read')] },
        });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Ya existe un rol con ese nombre',
          errors: { name: ['Ya existe un rol con ese nombre'] },
        });
      }
      expect(await counts()).toEqual(before);
    });
  });

  describe('update (PUT /api/role/{id})', () => {
    it('changes name, description and the permission set', async () => {
      const role = await createRole('Recepción', ['Events.Read', 'Registrations.Read'], 'Primera versión');
      const res = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: {
          name: 'Recepción y Registro',
          description: 'Segunda versión',
          permissionIds: [idOf('Registrations.Read'), idOf('Registrations.Create')],
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: role.id,
        name: 'Recepción y Registro',
        description: 'Segunda versión',
        isSystemRole: false,
        createdAt: role.createdAt,
      });
      expect(res.body.permissions.map((p: Permission) => p.name).sort()).toEqual([
        'Registrations.Create',
        'Registrations.Read',
      ]);
      expect((await app.request('GET', `/api/role/${role.id}`, { token: admin })).body).toEqual(res.body);
    });

    it('refuses a duplicate name, an unknown permission or an unknown role, and changes nothing', async () => {
      const role = await createRole('Seguridad', ['Events.Read']);
      await createRole('Limpieza', []);
      const duplicate = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: 'LIMPIEZA', permissionIds: [] },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors).toEqual({ name: ['Ya existe un rol con ese nombre'] });
      const unknownPermission = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: 'Seguridad', permissionIds: [99_999] },
      });
      expect(unknownPermission.status).toBe(400);
      expect(unknownPermission.body.errors).toEqual({ permissionIds: ['Alguno de los permisos indicados no existe'] });
      const noName = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: '', permissionIds: [] },
      });
      expect(noName.body.errors).toEqual({ name: ['Nombre del rol es requerido'] });
      expect((await app.request('GET', `/api/role/${role.id}`, { token: admin })).body).toEqual(role);

      const unknown = await app.request('PUT', `/api/role/${randomUUID()}`, {
        token: admin,
        body: { name: 'Nadie', permissionIds: [] },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Rol no encontrado' });
      const malformed = await app.request('PUT', '/api/role/123', {
        token: admin,
        body: { name: 'Nadie', permissionIds: [] },
      });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['id']);
    });
  });

  describe('system roles', () => {
    it('cannot be deleted (403) nor have their permissions changed (400)', async () => {
      const role = await administrador();
      const before = await counts();

      const del = await app.request('DELETE', `/api/role/${role.id}`, { token: admin });
      expect(del.status).toBe(403);
      expect(del.body).toEqual({
        statusCode: 403,
        code: 'SYSTEM_ROLE',
        message: 'Los roles del sistema no se pueden eliminar',
      });

      const fewer = role.permissions.slice(1).map((p: Permission) => p.id);
      const update = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: role.name, description: role.description, permissionIds: fewer },
      });
      expect(update.status).toBe(400);
      expect(update.body.errors).toEqual({
        permissionIds: ['Los permisos de un rol del sistema no se pueden modificar'],
      });

      expect(await counts()).toEqual(before);
      expect(await administrador()).toEqual(role);
      expect((await app.request('GET', '/api/user/me', { token: admin })).body.permissions).toHaveLength(33);
    });

    it('keep their name (the administrator role is found by it), while the description may change', async () => {
      const role = await administrador();
      const allIds = role.permissions.map((p: Permission) => p.id);
      const rename = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: 'Jefatura', description: role.description, permissionIds: allIds },
      });
      expect(rename.status).toBe(400);
      expect(rename.body.errors).toEqual({ name: ['El nombre de un rol del sistema no se puede modificar'] });
      expect((await administrador())?.id).toBe(role.id);

      const redescribed = await app.request('PUT', `/api/role/${role.id}`, {
        token: admin,
        body: { name: role.name, description: 'Todo el acceso', permissionIds: allIds },
      });
      expect(redescribed.status).toBe(200);
      expect(redescribed.body).toMatchObject({
        name: 'Administrador',
        description: 'Todo el acceso',
        isSystemRole: true,
      });
      expect(redescribed.body.permissions).toHaveLength(33);

      // The last-administrator protection still finds the role.
      const me = (await app.request('GET', '/api/user/me', { token: admin })).body;
      const other = await createRole('Sólo lectura', ['Events.Read']);
      const demote = await app.request('POST', '/api/user/assign-role', {
        token: admin,
        body: { userId: me.id, roleId: other.id },
      });
      expect(demote.status).toBe(409);
    });
  });

  describe('delete (DELETE /api/role/{id})', () => {
    it('deletes a custom role no one holds (204)', async () => {
      const role = await createRole('Temporal', ['Events.Read', 'Events.Create']);
      const res = await app.request('DELETE', `/api/role/${role.id}`, { token: admin });
      expect(res.status).toBe(204);
      expect((await app.request('GET', `/api/role/${role.id}`, { token: admin })).status).toBe(404);
      expect(
        (await app.sql(`SELECT count(*)::int AS n FROM role_permissions WHERE role_id = $1`, [role.id]))[0].n,
      ).toBe(0);
      expect((await app.request('DELETE', `/api/role/${role.id}`, { token: admin })).status).toBe(404);
    });

    it('refuses (409) to delete a role someone holds', async () => {
      const staff = await app.staffWith(['Events.Read']);
      const roleId = await roleOf(staff.userId);
      const before = await counts();
      const res = await app.request('DELETE', `/api/role/${roleId}`, { token: admin });
      expect(res.status).toBe(409);
      // It names who holds it, so staff know whom to move first.
      const holder = (await app.sql(`SELECT last_name FROM users WHERE id = $1`, [staff.userId]))[0].last_name;
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: `El rol está asignado a Personal ${holder}: reasígnalos antes de eliminarlo`,
      });
      expect(await counts()).toEqual(before);
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).body.permissions).toEqual([
        'Events.Read',
      ]);
    });
  });

  describe('delete racing assignments', () => {
    it('never answers 500 and never leaves a user without the role they were given', async () => {
      const target = await createRole('Disputado', ['Events.Read']);
      const people = await Promise.all(Array.from({ length: 8 }, () => app.staffWith(['Events.Read'])));
      const answers = await Promise.all([
        ...people.map((p) =>
          app.request('POST', '/api/user/assign-role', { token: admin, body: { userId: p.userId, roleId: target.id } }),
        ),
        app.request('DELETE', `/api/role/${target.id}`, { token: admin }),
      ]);
      const deleted = answers[answers.length - 1];
      expect([204, 409]).toContain(deleted.status);
      for (const answer of answers) expect([200, 201, 204, 404, 409]).toContain(answer.status);
      const holders = await app.sql(`SELECT count(*)::int AS n FROM user_roles WHERE role_id = $1`, [target.id]);
      const assigned = answers.slice(0, -1).filter((a) => a.status < 300).length;
      if (deleted.status === 204) expect(holders[0].n).toBe(0);
      else {
        expect(holders[0].n).toBe(assigned);
        expect(deleted.body.message).toMatch(/^El rol está asignado a Personal .*: reasígnalos antes de eliminarlo$/);
      }
    });
  });

  describe('what a role lets its holders do', () => {
    it('allows exactly its permissions, and a change takes effect on the next request', async () => {
      const staff = await app.staffWith(['Departments.Read']);
      const roleId = await roleOf(staff.userId);
      const role = (await app.request('GET', `/api/role/${roleId}`, { token: admin })).body;

      expect((await app.request('GET', '/api/department', { token: staff.token })).status).toBe(200);
      const create = await app.request('POST', '/api/department', {
        token: staff.token,
        body: { name: 'Sin permiso' },
      });
      expect(create.status).toBe(403);
      expect(create.body).toEqual({
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'No tienes permisos para realizar esta acción',
      });
      expect((await app.request('GET', '/api/user', { token: staff.token })).status).toBe(403);
      expect((await app.request('GET', '/api/role', { token: staff.token })).status).toBe(403);
      expect((await app.request('GET', '/api/settings', { token: staff.token })).status).toBe(403);
      expect((await app.sql(`SELECT count(*)::int AS n FROM departments WHERE name = 'Sin permiso'`))[0].n).toBe(0);

      // Grant Departments.Create: the same token may now create, without signing in again.
      const granted = await app.request('PUT', `/api/role/${roleId}`, {
        token: admin,
        body: { name: role.name, permissionIds: [idOf('Departments.Read'), idOf('Departments.Create')] },
      });
      expect(granted.status).toBe(200);
      const allowed = await app.request('POST', '/api/department', {
        token: staff.token,
        body: { name: 'Con permiso' },
      });
      expect(allowed.status).toBe(201);
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).body.permissions).toEqual([
        'Departments.Create',
        'Departments.Read',
      ]);

      // Withdraw Departments.Read: refused at once.
      await app.request('PUT', `/api/role/${roleId}`, {
        token: admin,
        body: { name: role.name, permissionIds: [idOf('Departments.Create')] },
      });
      expect((await app.request('GET', '/api/department', { token: staff.token })).status).toBe(403);
    });

    it('Roles.Read reads roles but creating, editing and deleting need Roles.Create, Roles.Update, Roles.Delete', async () => {
      const reader = await app.staffWith(['Roles.Read']);
      const target = await createRole('Objetivo', []);
      expect((await app.request('GET', '/api/role', { token: reader.token })).status).toBe(200);
      expect((await app.request('GET', '/api/permissions', { token: reader.token })).status).toBe(200);
      const before = await counts();
      expect(
        (await app.request('POST', '/api/role', { token: reader.token, body: { name: 'Intruso', permissionIds: [] } }))
          .status,
      ).toBe(403);
      expect(
        (
          await app.request('PUT', `/api/role/${target.id}`, {
            token: reader.token,
            body: { name: 'Intruso', permissionIds: [] },
          })
        ).status,
      ).toBe(403);
      expect((await app.request('DELETE', `/api/role/${target.id}`, { token: reader.token })).status).toBe(403);
      expect(await counts()).toEqual(before);

      const writer = await app.staffWith(['Roles.Create', 'Roles.Update', 'Roles.Delete']);
      expect((await app.request('GET', '/api/role', { token: writer.token })).status).toBe(403);
      const created = await app.request('POST', '/api/role', {
        token: writer.token,
        body: { name: 'Creado por escritor', permissionIds: [] },
      });
      expect(created.status).toBe(201);
      expect((await app.request('DELETE', `/api/role/${created.body.id}`, { token: writer.token })).status).toBe(204);
    });
  });
});
