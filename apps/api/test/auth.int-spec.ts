import { TestApp } from '@evreg/testing';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '@evreg/testing';

describe('Staff sign-in (POST /api/auth/login, refresh, logout, me, change-password)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_LOCKOUT_MINUTES: '15' } });
  });
  afterAll(() => app.close());

  it('answers the spec login shape and a working access token', async () => {
    const res = await app.request('POST', '/api/auth/login', {
      body: { email: ` ${TEST_ADMIN_EMAIL.toUpperCase()} `, password: TEST_ADMIN_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      accessTokenExpiresAt: expect.any(String),
      refreshTokenExpiresAt: expect.any(String),
      userId: expect.any(String),
      departmentId: null,
      roles: ['Administrador'],
      mustChangePassword: false,
    });
    const ttl = Date.parse(res.body.accessTokenExpiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);

    const me = await app.request('GET', '/api/user/me', { token: res.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: res.body.userId,
      email: TEST_ADMIN_EMAIL,
      roles: ['Administrador'],
      mustChangePassword: false,
    });
    expect(me.body.permissions).toContain('GDPR.Delete');
    expect(me.body.permissions).toHaveLength(33);
  });

  it('refuses a wrong password or unknown e-mail alike, in Spanish', async () => {
    const wrong = await app.request('POST', '/api/auth/login', {
      body: { email: TEST_ADMIN_EMAIL, password: 'no-es-esta' },
    });
    const unknown = await app.request('POST', '/api/auth/login', {
      body: { email: 'nadie@example.com', password: 'no-es-esta' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Email o contraseña incorrectos',
      });
    }
    // The failure count is reset by the next success.
    await app.login();
  });

  it('names the missing field', async () => {
    const res = await app.request('POST', '/api/auth/login', { body: { email: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual({ email: ['Email es requerido'], password: ['Contraseña es requerida'] });
  });

  it('refreshes with the refresh token as bearer, and not with anything else', async () => {
    const session = await app.login();
    const res = await app.request('POST', '/api/auth/refresh', { token: session.refreshToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'accessTokenExpiresAt']);
    expect((await app.request('GET', '/api/user/me', { token: res.body.accessToken })).status).toBe(200);

    expect((await app.request('POST', '/api/auth/refresh', { token: session.accessToken })).status).toBe(401);
    expect((await app.request('POST', '/api/auth/refresh')).status).toBe(401);
  });

  it('logout revokes the refresh token and the session’s access tokens, not other sessions', async () => {
    const session = await app.login();
    const other = await app.login();
    const out = await app.request('POST', '/api/auth/logout', { token: session.accessToken });
    expect(out.status).toBe(204);
    expect((await app.request('POST', '/api/auth/refresh', { token: session.refreshToken })).status).toBe(401);
    expect((await app.request('GET', '/api/user/me', { token: session.accessToken })).status).toBe(401);
    expect((await app.request('GET', '/api/user/me', { token: other.accessToken })).status).toBe(200);
  });

  it('locks the account after repeated failures, even for the right password, and says so', async () => {
    const staff = await app.staffWith(['Events.Read']);
    for (let i = 0; i < 2; i++) {
      const res = await app.request('POST', '/api/auth/login', {
        body: { email: staff.email, password: 'mala-contraseña' },
      });
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
    const third = await app.request('POST', '/api/auth/login', {
      body: { email: staff.email, password: 'mala-contraseña' },
    });
    expect(third.status).toBe(401);
    expect(third.body.code).toBe('ACCOUNT_LOCKED');
    const right = await app.request('POST', '/api/auth/login', {
      body: { email: staff.email, password: staff.password },
    });
    expect(right.status).toBe(401);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');

    const [row] = await app.sql(`SELECT lockout_end FROM users WHERE email = $1`, [staff.email]);
    expect(new Date(row.lockout_end).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Staff see the lock in the user list.
    const admin = await app.adminToken();
    const user = (await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).body;
    expect(Date.parse(user.lockoutEnd)).toBeGreaterThan(Date.now());

    // When the lock has passed, the right password works again.
    await app.sql(`UPDATE users SET lockout_end = now() - interval '1 second' WHERE email = $1`, [staff.email]);
    expect(
      (await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } })).status,
    ).toBe(200);
  });

  it('lets staff lift a temporary lock by saving the user as not blocked', async () => {
    const staff = await app.staffWith([]);
    for (let i = 0; i < 3; i++)
      await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: 'mala-contraseña' } });
    expect(
      (await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } })).body
        .code,
    ).toBe('ACCOUNT_LOCKED');
    const admin = await app.adminToken();
    const user = (await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).body;
    const saved = await app.request('PUT', `/api/user/${staff.userId}`, {
      token: admin,
      body: { email: user.email, firstName: user.firstName, lastName: user.lastName, lockoutEnabled: false },
    });
    expect(saved.body.lockoutEnd).toBeNull();
    expect(
      (await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } })).status,
    ).toBe(200);
  });

  it('tells a staff block only to someone who knows the password', async () => {
    const staff = await app.staffWith([]);
    const admin = await app.adminToken();
    const user = (await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).body;
    await app.request('PUT', `/api/user/${staff.userId}`, {
      token: admin,
      body: { email: user.email, firstName: user.firstName, lastName: user.lastName, lockoutEnabled: true },
    });
    const guess = await app.request('POST', '/api/auth/login', { body: { email: staff.email, password: 'no-la-sé' } });
    expect(guess.body.code).toBe('INVALID_CREDENTIALS');
    const owner = await app.request('POST', '/api/auth/login', {
      body: { email: staff.email, password: staff.password },
    });
    expect(owner.status).toBe(401);
    expect(owner.body).toEqual({
      statusCode: 401,
      code: 'ACCOUNT_LOCKED',
      message: 'Cuenta bloqueada. Contacta con un administrador.',
    });
  });

  describe('a user who must change their password', () => {
    it('can call only me, change-password and logout until they change it', async () => {
      const admin = await app.adminToken();
      const department = await app.request('POST', '/api/department', { token: admin, body: { name: 'Taquilla' } });
      const roles = await app.request('GET', '/api/role', { token: admin });
      const created = await app.request('POST', '/api/user', {
        token: admin,
        body: {
          email: 'nuevo@example.com',
          firstName: 'Nuevo',
          lastName: 'Usuario',
          departmentId: department.body.id,
          roleId: roles.body[0].id,
        },
      });
      expect(created.status).toBe(201);
      const first = await app.login('nuevo@example.com', created.body.temporaryPassword);
      expect(first.mustChangePassword).toBe(true);

      expect((await app.request('GET', '/api/user/me', { token: first.accessToken })).body.mustChangePassword).toBe(
        true,
      );
      const blocked = await app.request('GET', '/api/user', { token: first.accessToken });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toEqual({
        statusCode: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: 'Debes cambiar tu contraseña antes de continuar',
      });
      expect((await app.request('GET', '/api/admin/dashboard/stats', { token: first.accessToken })).status).toBe(403);

      const mismatch = await app.request('PUT', '/api/user/change-password', {
        token: first.accessToken,
        body: { currentPassword: created.body.temporaryPassword, newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual({ confirmPassword: ['Las contraseñas no coinciden'] });

      const short = await app.request('PUT', '/api/user/change-password', {
        token: first.accessToken,
        body: { currentPassword: created.body.temporaryPassword, newPassword: 'abc', confirmPassword: 'abc' },
      });
      expect(short.body.errors).toEqual({ newPassword: ['La contraseña debe tener al menos 6 caracteres'] });

      const missing = await app.request('PUT', '/api/user/change-password', { token: first.accessToken, body: {} });
      expect(missing.body.errors).toEqual({
        currentPassword: ['Contraseña actual es requerida'],
        newPassword: ['Nueva contraseña es requerida'],
        confirmPassword: ['Confirmar contraseña es requerido'],
      });

      const wrongCurrent = await app.request('PUT', '/api/user/change-password', {
        token: first.accessToken,
        body: { currentPassword: 'otra-cosa', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      });
      expect(wrongCurrent.body.errors).toEqual({ currentPassword: ['La contraseña actual no es correcta'] });

      const otherSession = await app.login('nuevo@example.com', created.body.temporaryPassword);
      const changed = await app.request('PUT', '/api/user/change-password', {
        token: first.accessToken,
        body: {
          currentPassword: created.body.temporaryPassword,
          newPassword: 'nueva-clave',
          confirmPassword: 'nueva-clave',
        },
      });
      expect(changed.status).toBe(200);

      // The current session goes on, now with its permissions; the other session is over; the old password too.
      expect((await app.request('GET', '/api/admin/dashboard/stats', { token: first.accessToken })).status).toBe(200);
      expect((await app.request('POST', '/api/auth/refresh', { token: otherSession.refreshToken })).status).toBe(401);
      expect(
        (
          await app.request('POST', '/api/auth/login', {
            body: { email: 'nuevo@example.com', password: created.body.temporaryPassword },
          })
        ).status,
      ).toBe(401);
      expect((await app.login('nuevo@example.com', 'nueva-clave')).mustChangePassword).toBe(false);
    });
  });

  it('rejects forged, expired-looking and malformed tokens with 401', async () => {
    const session = await app.login();
    const [header, payload] = session.accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const token of [forged, 'no-es-un-jwt', session.refreshToken]) {
      const res = await app.request('GET', '/api/user/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });
});
