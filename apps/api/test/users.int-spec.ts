import { randomUUID } from 'node:crypto';
import { TestApp } from '@evreg/testing';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '@evreg/testing';

const USER_KEYS = [
  'createdAt',
  'departmentId',
  'departmentName',
  'email',
  'emailConfirmed',
  'firstName',
  'id',
  'lastName',
  'lockoutEnabled',
  'lockoutEnd',
  'mustChangePassword',
  'permissions',
  'roles',
  'userId',
];

describe('Staff users (/api/user)', () => {
  let app: TestApp;
  let admin: string;
  let adminId: string;
  let adminRoleId: string;
  let department: { id: number; name: string };
  /** A custom role holding only Events.Read; another holding Departments.Read. */
  let taquilla: { id: string; name: string };
  let lectura: { id: string; name: string };
  let sequence = 0;

  beforeAll(async () => {
    app = await TestApp.start();
    const session = await app.login();
    admin = session.accessToken;
    adminId = session.userId;
    const roles = (await app.request('GET', '/api/role', { token: admin })).body;
    adminRoleId = roles.find((r: { name: string }) => r.name === 'Administrador').id;
    const permissions: { id: number; name: string }[] = (await app.request('GET', '/api/permissions', { token: admin }))
      .body;
    const idOf = (name: string) => permissions.find((p) => p.name === name)!.id;
    taquilla = (
      await app.request('POST', '/api/role', {
        token: admin,
        body: { name: 'Taquilla', permissionIds: [idOf('Events.Read')] },
      })
    ).body;
    lectura = (
      await app.request('POST', '/api/role', {
        token: admin,
        body: { name: 'Lectura', permissionIds: [idOf('Departments.Read')] },
      })
    ).body;
    department = (await app.request('POST', '/api/department', { token: admin, body: { name: 'Atención al público' } }))
      .body;
  });
  afterAll(() => app.close());

  function newUserBody(overrides: Record<string, unknown> = {}) {
    sequence++;
    return {
      email: `persona${sequence}@example.com`,
      firstName: 'Persona',
      lastName: `Número ${sequence}`,
      departmentId: department.id,
      roleId: taquilla.id,
      ...overrides,
    };
  }

  async function createUser(overrides: Record<string, unknown> = {}) {
    const res = await app.request('POST', '/api/user', { token: admin, body: newUserBody(overrides) });
    expect(res.status).toBe(201);
    return res.body as { id: string; email: string; firstName: string; lastName: string; temporaryPassword: string };
  }

  /** The body PUT /api/user/{id} needs, from the user as GET answers it. */
  async function editable(id: string) {
    const user = (await app.request('GET', `/api/user/${id}`, { token: admin })).body;
    return { email: user.email, firstName: user.firstName, lastName: user.lastName, departmentId: user.departmentId };
  }

  async function counts() {
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM user_roles) AS "userRoles"`,
    );
    return row as { users: number; userRoles: number };
  }

  async function userRow(id: string) {
    const [row] = await app.sql(
      `SELECT u.email, u.first_name, u.last_name, u.department_id, u.lockout_enabled, u.password_hash,
              array(SELECT role_id::text FROM user_roles WHERE user_id = u.id) AS role_ids
         FROM users u WHERE u.id = $1`,
      [id],
    );
    return row;
  }

  describe('create (POST /api/user)', () => {
    it('creates a user with the spec defaults and answers the temporary password once', async () => {
      const res = await app.request('POST', '/api/user', {
        token: admin,
        body: {
          email: ' Lucia.Moreno@Example.COM ',
          firstName: ' Lucía ',
          lastName: 'Moreno',
          departmentId: department.id,
          roleId: taquilla.id,
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        userId: res.body.id,
        email: 'lucia.moreno@example.com',
        firstName: 'Lucía',
        lastName: 'Moreno',
        departmentId: department.id,
        departmentName: 'Atención al público',
        roles: ['Taquilla'],
        permissions: ['Events.Read'],
        mustChangePassword: true,
        emailConfirmed: true,
        lockoutEnabled: false,
        lockoutEnd: null,
        createdAt: expect.any(String),
        temporaryPassword: expect.any(String),
      });
      const temporaryPassword: string = res.body.temporaryPassword;
      expect(temporaryPassword.length).toBeGreaterThanOrEqual(6);
      expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);

      // Stored as a slow hash, never in clear.
      const row = await userRow(res.body.id);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain(temporaryPassword);

      // Reading the user back never shows the password nor its hash.
      const one = await app.request('GET', `/api/user/${res.body.id}`, { token: admin });
      expect(one.status).toBe(200);
      expect(Object.keys(one.body).sort()).toEqual(USER_KEYS);
      const list = await app.request('GET', '/api/user', { token: admin });
      const listed = list.body.find((u: { id: string }) => u.id === res.body.id);
      expect(Object.keys(listed).sort()).toEqual(USER_KEYS);
      for (const text of [JSON.stringify(one.body), JSON.stringify(list.body)]) {
        expect(text).not.toContain(temporaryPassword);
        expect(text).not.toContain('$argon2');
      }

      // The temporary password signs in, and the user must change it.
      const session = await app.login('lucia.moreno@example.com', temporaryPassword);
      expect(session).toMatchObject({
        userId: res.body.id,
        departmentId: department.id,
        roles: ['Taquilla'],
        mustChangePassword: true,
      });

      // Each user gets their own password.
      const other = await createUser();
      expect(other.temporaryPassword).not.toBe(temporaryPassword);
    });

    it('names every missing field with the messages of docs/product.md §5, and writes nothing', async () => {
      const before = await counts();
      const empty = await app.request('POST', '/api/user', { token: admin, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('VALIDATION_FAILED');
      expect(empty.body.errors).toEqual({
        email: ['Email es requerido'],
        firstName: ['Nombre es requerido'],
        lastName: ['Apellido es requerido'],
        departmentId: ['Departamento es requerido'],
        roleId: ['Rol es requerido para nuevos usuarios'],
      });

      const blanks = await app.request('POST', '/api/user', {
        token: admin,
        body: { email: '   ', firstName: '  ', lastName: '', departmentId: null, roleId: '' },
      });
      expect(blanks.status).toBe(400);
      expect(blanks.body.errors).toEqual(empty.body.errors);

      for (const [field, message] of [
        ['email', 'Email es requerido'],
        ['firstName', 'Nombre es requerido'],
        ['lastName', 'Apellido es requerido'],
        ['departmentId', 'Departamento es requerido'],
        ['roleId', 'Rol es requerido para nuevos usuarios'],
      ]) {
        const body: Record<string, unknown> = newUserBody();
        delete body[field];
        const res = await app.request('POST', '/api/user', { token: admin, body });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message,
          errors: { [field]: [message] },
        });
      }

      for (const email of ['no-es-un-email', 'ana@', 'ana@example', 'ana lopez@example.com']) {
        const res = await app.request('POST', '/api/user', { token: admin, body: newUserBody({ email }) });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Email no es válido',
          errors: { email: ['Email no es válido'] },
        });
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses an unknown department or role, naming the field, and writes nothing', async () => {
      const before = await counts();
      const noDepartment = await app.request('POST', '/api/user', {
        token: admin,
        body: newUserBody({ departmentId: 999_999 }),
      });
      expect(noDepartment.status).toBe(400);
      expect(noDepartment.body.errors).toEqual({ departmentId: ['El departamento indicado no existe'] });

      const noRole = await app.request('POST', '/api/user', {
        token: admin,
        body: newUserBody({ roleId: randomUUID() }),
      });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors).toEqual({ roleId: ['El rol indicado no existe'] });
      expect(await counts()).toEqual(before);
    });

    it('refuses an e-mail already in use whatever its case (409), and writes nothing', async () => {
      const existing = await createUser({ email: 'repetido@example.com' });
      const before = await counts();
      for (const email of ['REPETIDO@example.com', ' Repetido@Example.com ', TEST_ADMIN_EMAIL.toUpperCase()]) {
        const res = await app.request('POST', '/api/user', { token: admin, body: newUserBody({ email }) });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Ya existe un usuario con ese email',
          errors: { email: ['Ya existe un usuario con ese email'] },
        });
      }
      expect(await counts()).toEqual(before);
      expect((await userRow(existing.id)).first_name).toBe('Persona');
    });

    it('refuses fields a client may not set, such as its own password', async () => {
      const before = await counts();
      const res = await app.request('POST', '/api/user', {
        token: admin,
        body: newUserBody({ password: 'elegida-por-mi', mustChangePassword: false }),
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['mustChangePassword', 'password']);
      expect(await counts()).toEqual(before);
    });
  });

  describe('list and get (GET /api/user, GET /api/user/{id})', () => {
    it('lists every user with department and roles, and searches by e-mail, name and department', async () => {
      const cultura = (
        await app.request('POST', '/api/department', { token: admin, body: { name: 'Cultura Municipal' } })
      ).body;
      const target = await createUser({
        email: 'rq.busqueda@example.com',
        firstName: 'Rigoberta',
        lastName: 'Quintana',
        departmentId: cultura.id,
      });

      const all = await app.request('GET', '/api/user', { token: admin });
      expect(all.status).toBe(200);
      const ids = all.body.map((u: { id: string }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([adminId, target.id]));
      expect(all.body).toHaveLength((await counts()).users);
      expect(all.body.find((u: { id: string }) => u.id === adminId)).toMatchObject({
        email: TEST_ADMIN_EMAIL,
        roles: ['Administrador'],
        departmentId: null,
        departmentName: null,
      });
      expect(all.body.find((u: { id: string }) => u.id === adminId).permissions).toHaveLength(33);

      const search = async (text: string) =>
        (await app.request('GET', `/api/user?search=${encodeURIComponent(text)}`, { token: admin })).body.map(
          (u: { id: string }) => u.id,
        );
      expect(await search('RQ.BUSQUEDA')).toEqual([target.id]);
      expect(await search('rigoberta')).toEqual([target.id]);
      expect(await search('quintana')).toEqual([target.id]);
      expect(await search('Rigoberta Quintana')).toEqual([target.id]);
      expect(await search('cultura mun')).toEqual([target.id]);
      expect(await search('nadie-se-llama-asi')).toEqual([]);
      // Wildcards are text, not patterns.
      expect(await search('%')).toEqual([]);
      expect((await search('   ')).length).toBe(all.body.length);
    });

    it('answers 404 for an unknown id and a 400 naming id for a malformed one', async () => {
      const unknown = await app.request('GET', `/api/user/${randomUUID()}`, { token: admin });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Usuario no encontrado' });

      const requests: [string, unknown?][] = [['GET'], ['PUT', newUserBody()], ['DELETE']];
      for (const [method, body] of requests) {
        const res = await app.request(method, '/api/user/no-es-un-uuid', { token: admin, body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(res.body.errors)).toEqual(['id']);
      }
    });

    it('needs Users.Read to read and the matching permission to change anything', async () => {
      const reader = await app.staffWith(['Users.Read']);
      const target = await createUser();
      expect((await app.request('GET', '/api/user', { token: reader.token })).status).toBe(200);
      expect((await app.request('GET', `/api/user/${target.id}`, { token: reader.token })).status).toBe(200);

      const before = await counts();
      const attempts: [string, string, unknown?][] = [
        ['POST', '/api/user', newUserBody()],
        ['PUT', `/api/user/${target.id}`, { ...(await editable(target.id)), firstName: 'Cambiado' }],
        ['POST', '/api/user/reset-password', { userId: target.id }],
        ['POST', '/api/user/assign-role', { userId: target.id, roleId: lectura.id }],
        ['DELETE', `/api/user/${target.id}`],
      ];
      for (const [method, path, body] of attempts) {
        const res = await app.request(method, path, { token: reader.token, body });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect(await counts()).toEqual(before);
      expect((await userRow(target.id)).first_name).toBe('Persona');

      const nobody = await app.staffWith(['Events.Read']);
      expect((await app.request('GET', '/api/user', { token: nobody.token })).status).toBe(403);
      expect((await app.request('GET', '/api/user')).status).toBe(401);
    });
  });

  describe('edit (PUT /api/user/{id})', () => {
    it('changes names, e-mail, department and role', async () => {
      const user = await createUser();
      const otherDepartment = (
        await app.request('POST', '/api/department', { token: admin, body: { name: 'Deportes' } })
      ).body;
      const res = await app.request('PUT', `/api/user/${user.id}`, {
        token: admin,
        body: {
          email: ' Nuevo.Correo@Example.com',
          firstName: 'Nueva',
          lastName: 'Persona',
          departmentId: otherDepartment.id,
          roleId: lectura.id,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: user.id,
        email: 'nuevo.correo@example.com',
        firstName: 'Nueva',
        lastName: 'Persona',
        departmentId: otherDepartment.id,
        departmentName: 'Deportes',
        roles: ['Lectura'],
        permissions: ['Departments.Read'],
        mustChangePassword: true,
        lockoutEnabled: false,
      });
      expect(res.body).not.toHaveProperty('temporaryPassword');
      expect((await app.request('GET', `/api/user/${user.id}`, { token: admin })).body).toEqual(res.body);
      // The new e-mail is the one that signs in.
      expect((await app.login('nuevo.correo@example.com', user.temporaryPassword)).roles).toEqual(['Lectura']);
    });

    it('refuses invalid, duplicate or dangling values and leaves the user as it was', async () => {
      const user = await createUser();
      const other = await createUser();
      const before = await userRow(user.id);
      const body = await editable(user.id);

      const missing = await app.request('PUT', `/api/user/${user.id}`, { token: admin, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({
        email: ['Email es requerido'],
        firstName: ['Nombre es requerido'],
        lastName: ['Apellido es requerido'],
      });

      const badEmail = await app.request('PUT', `/api/user/${user.id}`, {
        token: admin,
        body: { ...body, email: 'mal@' },
      });
      expect(badEmail.body.errors).toEqual({ email: ['Email no es válido'] });

      const taken = await app.request('PUT', `/api/user/${user.id}`, {
        token: admin,
        body: { ...body, email: other.email.toUpperCase(), firstName: 'X' },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ email: ['Ya existe un usuario con ese email'] });

      const noDepartment = await app.request('PUT', `/api/user/${user.id}`, {
        token: admin,
        body: { ...body, departmentId: 999_999, firstName: 'X' },
      });
      expect(noDepartment.status).toBe(400);
      expect(noDepartment.body.errors).toEqual({ departmentId: ['El departamento indicado no existe'] });

      const noRole = await app.request('PUT', `/api/user/${user.id}`, {
        token: admin,
        body: { ...body, roleId: randomUUID(), firstName: 'X' },
      });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors).toEqual({ roleId: ['El rol indicado no existe'] });

      expect(await userRow(user.id)).toEqual(before);

      const unknown = await app.request('PUT', `/api/user/${randomUUID()}`, { token: admin, body });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Usuario no encontrado');
    });

    it('lockoutEnabled true blocks sign-in and ends the user’s sessions; false lets them back in', async () => {
      const staff = await app.staffWith(['Events.Read']);
      const second = await app.login(staff.email, staff.password);
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(200);

      const blocked = await app.request('PUT', `/api/user/${staff.userId}`, {
        token: admin,
        body: { ...(await editable(staff.userId)), lockoutEnabled: true },
      });
      expect(blocked.status).toBe(200);
      expect(blocked.body.lockoutEnabled).toBe(true);
      // The back office shows 'Bloqueado' while lockoutEnd is in the future.
      expect(Date.parse(blocked.body.lockoutEnd)).toBeGreaterThan(Date.now() + 365 * 24 * 3600_000);

      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(401);
      expect((await app.request('GET', '/api/user/me', { token: second.accessToken })).status).toBe(401);
      expect((await app.request('POST', '/api/auth/refresh', { token: second.refreshToken })).status).toBe(401);
      const refused = await app.request('POST', '/api/auth/login', {
        body: { email: staff.email, password: staff.password },
      });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        statusCode: 401,
        code: 'ACCOUNT_LOCKED',
        message: 'Cuenta bloqueada. Contacta con un administrador.',
      });

      const unblocked = await app.request('PUT', `/api/user/${staff.userId}`, {
        token: admin,
        body: { ...(await editable(staff.userId)), lockoutEnabled: false },
      });
      expect(unblocked.status).toBe(200);
      expect(unblocked.body).toMatchObject({ lockoutEnabled: false, lockoutEnd: null });
      const back = await app.login(staff.email, staff.password);
      expect((await app.request('GET', '/api/user/me', { token: back.accessToken })).status).toBe(200);
      // Sessions ended by the block stay ended.
      expect((await app.request('POST', '/api/auth/refresh', { token: second.refreshToken })).status).toBe(401);
    });

    it('POST /api/user/{id}/unlock lifts a lockout after failed sign-ins and a block by staff', async () => {
      const staff = await app.staffWith(['Events.Read']);
      // The lockout after failed sign-ins: lockout_end in the future, the account not blocked by staff.
      await app.sql(
        `UPDATE users SET access_failed_count = 5, lockout_end = now() + interval '15 minutes' WHERE id = $1`,
        [staff.userId],
      );
      const locked = await app.request('POST', '/api/auth/login', {
        body: { email: staff.email, password: staff.password },
      });
      expect(locked.status).toBe(401);
      const unlocked = await app.request('POST', `/api/user/${staff.userId}/unlock`, { token: admin });
      expect(unlocked.status).toBe(200);
      expect(Object.keys(unlocked.body).sort()).toEqual(USER_KEYS);
      expect(unlocked.body).toMatchObject({ id: staff.userId, lockoutEnabled: false, lockoutEnd: null });
      expect(await userRow(staff.userId)).toMatchObject({ lockout_enabled: false });
      const [row] = await app.sql(`SELECT access_failed_count, lockout_end FROM users WHERE id = $1`, [staff.userId]);
      expect(row).toEqual({ access_failed_count: 0, lockout_end: null });
      expect((await app.login(staff.email, staff.password)).accessToken).toBeTruthy();

      // Blocked by staff.
      const blocked = await app.request('PUT', `/api/user/${staff.userId}`, {
        token: admin,
        body: { ...(await editable(staff.userId)), lockoutEnabled: true },
      });
      expect(blocked.body.lockoutEnabled).toBe(true);
      const again = await app.request('POST', `/api/user/${staff.userId}/unlock`, { token: admin });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ lockoutEnabled: false, lockoutEnd: null });
      expect((await app.login(staff.email, staff.password)).accessToken).toBeTruthy();

      const unknown = await app.request('POST', `/api/user/${randomUUID()}/unlock`, { token: admin });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Usuario no encontrado');
      const readOnly = await app.staffWith(['Users.Read']);
      const refused = await app.request('POST', `/api/user/${staff.userId}/unlock`, { token: readOnly.token });
      expect(refused.status).toBe(403);
    });

    it('does not let staff block themselves', async () => {
      const res = await app.request('PUT', `/api/user/${adminId}`, {
        token: admin,
        body: { ...(await editable(adminId)), lockoutEnabled: true },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['lockoutEnabled']);
      expect((await userRow(adminId)).lockout_enabled).toBe(false);
      expect((await app.request('GET', '/api/user/me', { token: admin })).status).toBe(200);
    });
  });

  describe('reset password (POST /api/user/reset-password)', () => {
    it('generates a temporary password when newPassword is absent or empty, and ends the old sessions', async () => {
      const staff = await app.staffWith(['Events.Read']);
      const other = await app.login(staff.email, staff.password);

      const res = await app.request('POST', '/api/user/reset-password', {
        token: admin,
        body: { userId: staff.userId },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId: staff.userId, temporaryPassword: expect.any(String) });
      expect(res.body.temporaryPassword.length).toBeGreaterThanOrEqual(6);

      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(401);
      expect((await app.request('POST', '/api/auth/refresh', { token: other.refreshToken })).status).toBe(401);
      expect(
        (await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } }))
          .status,
      ).toBe(401);
      const session = await app.login(staff.email, res.body.temporaryPassword);
      expect(session.mustChangePassword).toBe(true);
      expect((await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).body.mustChangePassword).toBe(
        true,
      );

      const empty = await app.request('POST', '/api/user/reset-password', {
        token: admin,
        body: { userId: staff.userId, newPassword: '' },
      });
      expect(empty.status).toBe(200);
      expect(empty.body.temporaryPassword).not.toBe('');
      expect(empty.body.temporaryPassword).not.toBe(res.body.temporaryPassword);
      expect((await app.login(staff.email, empty.body.temporaryPassword)).mustChangePassword).toBe(true);
    });

    it('sets the given password, of at least 6 characters, which the user must then change', async () => {
      const staff = await app.staffWith(['Events.Read']);
      const short = await app.request('POST', '/api/user/reset-password', {
        token: admin,
        body: { userId: staff.userId, newPassword: 'abc12' },
      });
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual({ newPassword: ['La contraseña debe tener al menos 6 caracteres'] });
      // Nothing changed: the old password and session still work.
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(200);

      const res = await app.request('POST', '/api/user/reset-password', {
        token: admin,
        body: { userId: staff.userId, newPassword: 'abc123' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId: staff.userId, temporaryPassword: 'abc123' });
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(401);
      const session = await app.login(staff.email, 'abc123');
      expect(session.mustChangePassword).toBe(true);
      const blocked = await app.request('GET', '/api/department', { token: session.accessToken });
      expect(blocked.status).toBe(403);
      expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const unknown = await app.request('POST', '/api/user/reset-password', {
        token: admin,
        body: { userId: randomUUID() },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Usuario no encontrado');
      const malformed = await app.request('POST', '/api/user/reset-password', { token: admin, body: { userId: 'x' } });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['userId']);
    });
  });

  describe('assign role (POST /api/user/assign-role)', () => {
    it('replaces the user’s role, effective on their next request', async () => {
      const staff = await app.staffWith(['Events.Read']);
      expect((await app.request('GET', '/api/department', { token: staff.token })).status).toBe(403);

      const res = await app.request('POST', '/api/user/assign-role', {
        token: admin,
        body: { userId: staff.userId, roleId: lectura.id },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: staff.userId, roles: ['Lectura'], permissions: ['Departments.Read'] });
      expect((await app.request('GET', '/api/department', { token: staff.token })).status).toBe(200);
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).body.permissions).toEqual([
        'Departments.Read',
      ]);
    });

    it('refuses an unknown role (naming roleId) or user (404) and changes nothing', async () => {
      const user = await createUser();
      const noRole = await app.request('POST', '/api/user/assign-role', {
        token: admin,
        body: { userId: user.id, roleId: randomUUID() },
      });
      expect(noRole.status).toBe(400);
      expect(noRole.body.errors).toEqual({ roleId: ['El rol indicado no existe'] });
      expect((await userRow(user.id)).role_ids).toEqual([taquilla.id]);

      const noUser = await app.request('POST', '/api/user/assign-role', {
        token: admin,
        body: { userId: randomUUID(), roleId: lectura.id },
      });
      expect(noUser.status).toBe(404);
    });
  });

  describe('delete (DELETE /api/user/{id})', () => {
    it('deletes a user (204), who can no longer sign in or use an open session', async () => {
      const staff = await app.staffWith(['Events.Read']);
      const before = await counts();
      const res = await app.request('DELETE', `/api/user/${staff.userId}`, { token: admin });
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      expect((await counts()).users).toBe(before.users - 1);
      expect((await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).status).toBe(404);
      expect((await app.request('GET', '/api/user/me', { token: staff.token })).status).toBe(401);
      expect(
        (await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } }))
          .status,
      ).toBe(401);

      const again = await app.request('DELETE', `/api/user/${staff.userId}`, { token: admin });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Usuario no encontrado');
    });

    it('does not let staff delete themselves', async () => {
      const before = await counts();
      const res = await app.request('DELETE', `/api/user/${adminId}`, { token: admin });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        code: 'CANNOT_DELETE_SELF',
        message: 'No puedes eliminar tu propio usuario',
      });
      expect(await counts()).toEqual(before);
    });
  });

  describe('the last active administrator', () => {
    const LAST_ADMIN = {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Debe quedar al menos un usuario activo con el rol Administrador',
    };

    it('cannot be demoted, blocked or deleted; another administrator can while one remains', async () => {
      const manager = await app.staffWith(['Users.Read', 'Users.Update', 'Users.Delete']);
      const second = await createUser({ email: 'segundo.admin@example.com', roleId: adminRoleId });

      // Two active administrators: one may be blocked.
      const blockSecond = await app.request('PUT', `/api/user/${second.id}`, {
        token: manager.token,
        body: { ...(await editable(second.id)), lockoutEnabled: true },
      });
      expect(blockSecond.status).toBe(200);

      // Now the seeded administrator is the only active one.
      const adminBody = await editable(adminId);
      const attempts: [string, string, string, unknown?][] = [
        [admin, 'POST', '/api/user/assign-role', { userId: adminId, roleId: taquilla.id }],
        [admin, 'PUT', `/api/user/${adminId}`, { ...adminBody, roleId: taquilla.id }],
        [manager.token, 'POST', '/api/user/assign-role', { userId: adminId, roleId: taquilla.id }],
        [manager.token, 'PUT', `/api/user/${adminId}`, { ...adminBody, roleId: lectura.id }],
        [manager.token, 'PUT', `/api/user/${adminId}`, { ...adminBody, lockoutEnabled: true }],
        [manager.token, 'DELETE', `/api/user/${adminId}`],
      ];
      const before = await counts();
      for (const [token, method, path, body] of attempts) {
        const res = await app.request(method, path, { token, body });
        expect({ attempt: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
          attempt: `${method} ${path}`,
          status: 409,
          body: LAST_ADMIN,
        });
      }
      expect(await counts()).toEqual(before);
      expect(await userRow(adminId)).toMatchObject({ lockout_enabled: false, role_ids: [adminRoleId] });
      expect((await app.request('GET', '/api/user/me', { token: admin })).status).toBe(200);
      expect(
        (
          await app.request('POST', '/api/auth/login', {
            body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
          })
        ).status,
      ).toBe(200);

      // With the second administrator active again, either may be demoted or deleted.
      const unblock = await app.request('PUT', `/api/user/${second.id}`, {
        token: manager.token,
        body: { ...(await editable(second.id)), lockoutEnabled: false },
      });
      expect(unblock.status).toBe(200);
      const demote = await app.request('POST', '/api/user/assign-role', {
        token: manager.token,
        body: { userId: second.id, roleId: taquilla.id },
      });
      expect(demote.status).toBe(200);
      expect(demote.body.roles).toEqual(['Taquilla']);
      expect((await app.request('DELETE', `/api/user/${second.id}`, { token: manager.token })).status).toBe(204);
    });
  });
});
