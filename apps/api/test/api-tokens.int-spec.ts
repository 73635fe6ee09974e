import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ApiToken, CreatedApiToken, PermissionName } from '@evreg/contracts';
import { TEST_ADMIN_EMAIL, TestApp, captureOutput } from '@evreg/testing';

/** Machine access (docs/domain.md, "API tokens"): created by staff, shown once, stored hashed, granting the
 * token's permissions that its creator still holds, revoked at once, never logged. */
describe('API tokens (/api/api-tokens)', () => {
  let app: TestApp;
  let admin: string;
  /** Every line the app logs, at every level (LOG_LEVEL=debug): everything written to stdout/stderr. */
  let output: ReturnType<typeof captureOutput>;
  /** Every token the suite was given, for the log check at the end. */
  const given: string[] = [];

  beforeAll(async () => {
    output = captureOutput();
    app = await TestApp.start({ env: { LOG_LEVEL: 'debug' } });
    admin = await app.adminToken();
  });
  afterAll(async () => {
    await app.close();
    output.restore();
  });

  async function create(
    token: string,
    body: { name: string; permissions: string[]; expiresAt?: string | null },
  ): Promise<CreatedApiToken> {
    const res = await app.request<CreatedApiToken>('POST', '/api/api-tokens', { token, body });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    given.push(res.body.token);
    return res.body;
  }

  const list = async () => (await app.request<ApiToken[]>('GET', '/api/api-tokens', { token: admin })).body;

  it('answers the token once, stores only its SHA-256, and never lists it', async () => {
    const res = await app.request<CreatedApiToken>('POST', '/api/api-tokens', {
      token: admin,
      body: { name: '  Taquilla  ', permissions: ['Users.Read', 'Events.Read'] },
    });
    expect(res.status).toBe(201);
    const created = res.body;
    given.push(created.token);
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Taquilla',
      permissions: ['Events.Read', 'Users.Read'],
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
      createdById: expect.any(String),
      createdByEmail: TEST_ADMIN_EMAIL,
      createdByName: 'Administrador Principal',
      token: expect.stringMatching(/^evr_[A-Za-z0-9_-]{43}$/),
    });

    const [row] = await app.sql('SELECT * FROM api_tokens WHERE id = $1', [created.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const listed = (await list()).find((t) => t.id === created.id);
    const { token, ...withoutToken } = created;
    expect(listed).toEqual(withoutToken);
    expect(JSON.stringify(await list())).not.toContain(token.slice(4));
  });

  it('grants exactly its permissions on admin routes, and refuses the rest', async () => {
    const { token } = await create(admin, { name: 'Solo eventos', permissions: ['Events.Read'] });
    expect((await app.request('GET', '/api/events', { token })).status).toBe(200);
    expect((await app.request('GET', '/api/events/categories', { token })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/role'],
      ['POST', '/api/events'],
      ['GET', '/api/settings'],
    ]) {
      const res = await app.request(method, path, { token, body: method === 'POST' ? {} : undefined });
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
    }
    // The dashboard needs only a login: a token is one.
    expect((await app.request('GET', '/api/admin/dashboard/stats', { token })).status).toBe(200);
  });

  it('keeps tokens off the staff member’s own account and off the tokens themselves', async () => {
    const { token, id } = await create(admin, {
      name: 'Todo de configuración',
      permissions: ['Settings.Read', 'Settings.Update', 'Users.Read'],
    });
    const staffOnly: [string, string, unknown?][] = [
      ['GET', '/api/user/me'],
      ['PUT', '/api/user/change-password', { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' }],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens', { name: 'Hijo', permissions: ['Users.Read'] }],
      ['DELETE', `/api/api-tokens/${id}`],
    ];
    for (const [method, path, body] of staffOnly) {
      const res = await app.request(method, path, { token, body });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'STAFF_SESSION_REQUIRED',
      });
    }
    // Nor is it a refresh token.
    expect((await app.request('POST', '/api/auth/refresh', { token })).status).toBe(401);
    // It still works (nothing above revoked it), and made no token.
    expect((await app.request('GET', '/api/user', { token })).status).toBe(200);
    expect((await list()).filter((t) => t.name === 'Hijo')).toEqual([]);
  });

  it('never grants more than its creator holds: refused at creation, cut at use when the creator is demoted', async () => {
    const staff = await app.staffWith(['Settings.Read', 'Settings.Update', 'Events.Read', 'Users.Read']);
    const refused = await app.request('POST', '/api/api-tokens', {
      token: staff.token,
      body: { name: 'Demasiado', permissions: ['Events.Read', 'Roles.Update', 'Users.Delete'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      permissions: ['No puedes conceder permisos que no tienes: Roles.Update, Users.Delete'],
    });

    const { token, createdById } = await create(staff.token, {
      name: 'Lector',
      permissions: ['Events.Read', 'Users.Read'],
    });
    expect(createdById).toBe(staff.userId);
    expect((await app.request('GET', '/api/user', { token })).status).toBe(200);

    // The creator's role loses Users.Read: the token loses it on its next request.
    const [{ role_id: roleId }] = await app.sql('SELECT role_id FROM user_roles WHERE user_id = $1', [staff.userId]);
    const role = (await app.request('GET', `/api/role/${roleId}`, { token: admin })).body;
    const kept = role.permissions.filter((p: { name: string }) => p.name !== 'Users.Read');
    const demoted = await app.request('PUT', `/api/role/${roleId}`, {
      token: admin,
      body: { name: role.name, permissionIds: kept.map((p: { id: number }) => p.id) },
    });
    expect(demoted.status).toBe(200);
    expect((await app.request('GET', '/api/user', { token })).status).toBe(403);
    expect((await app.request('GET', '/api/events', { token })).status).toBe(200);
    // The listing still says what the token was given.
    expect((await list()).find((t) => t.name === 'Lector')?.permissions).toEqual(['Events.Read', 'Users.Read']);

    // Blocked by staff: refused while the block lasts.
    const user = (await app.request('GET', `/api/user/${staff.userId}`, { token: admin })).body;
    const edit = (lockoutEnabled: boolean) =>
      app.request('PUT', `/api/user/${staff.userId}`, {
        token: admin,
        body: { email: user.email, firstName: user.firstName, lastName: user.lastName, lockoutEnabled },
      });
    expect((await edit(true)).status).toBe(200);
    expect((await app.request('GET', '/api/events', { token })).status).toBe(401);
    expect((await edit(false)).status).toBe(200);
    expect((await app.request('GET', '/api/events', { token })).status).toBe(200);

    // Deleted: the creator's tokens go with them.
    expect((await app.request('DELETE', `/api/user/${staff.userId}`, { token: admin })).status).toBe(204);
    expect((await app.request('GET', '/api/events', { token })).status).toBe(401);
    expect((await list()).filter((t) => t.createdById === staff.userId)).toEqual([]);
  });

  it('validates the request, naming the field', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: ' ', permissions: ['Events.Read'] }, { name: ['El nombre del token es requerido'] }],
      [
        { name: 'x'.repeat(101), permissions: ['Events.Read'] },
        { name: ['El nombre del token no puede superar 100 caracteres'] },
      ],
      [{ name: 'Sin permisos', permissions: [] }, { permissions: ['Elige al menos un permiso'] }],
      [{ name: 'Inventado', permissions: ['Todo.Todo'] }, { permissions: ['Permisos desconocidos: Todo.Todo'] }],
      [
        { name: 'Repetido', permissions: ['Events.Read', 'Events.Read'] },
        { permissions: ['permissions debe ser una lista de nombres de permiso sin repetir'] },
      ],
      [
        { name: 'Pasado', permissions: ['Events.Read'], expiresAt: '2020-01-01T00:00:00Z' },
        { expiresAt: ['La fecha de caducidad debe ser futura'] },
      ],
      [
        { name: 'Absurdo', permissions: ['Events.Read'], expiresAt: 'mañana' },
        { expiresAt: ['La fecha de caducidad no es válida'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await app.request('POST', '/api/api-tokens', { token: admin, body });
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 400, errors });
    }
    expect((await app.request('DELETE', '/api/api-tokens/no-es-uuid', { token: admin })).status).toBe(400);
  });

  it('is refused (401) at once when revoked, and once expired', async () => {
    const revoked = await create(admin, { name: 'Revocado', permissions: ['Events.Read'] });
    expect((await app.request('GET', '/api/events', { token: revoked.token })).status).toBe(200);
    expect((await app.request('DELETE', `/api/api-tokens/${revoked.id}`, { token: admin })).status).toBe(204);
    const after = await app.request('GET', '/api/events', { token: revoked.token });
    expect({ status: after.status, code: after.body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect((await app.request('DELETE', `/api/api-tokens/${revoked.id}`, { token: admin })).status).toBe(404);
    expect((await list()).some((t) => t.id === revoked.id)).toBe(false);

    const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const expiring = await create(admin, { name: 'Caduca', permissions: ['Events.Read'], expiresAt });
    expect(expiring.expiresAt).toBe(expiresAt);
    expect((await app.request('GET', '/api/events', { token: expiring.token })).status).toBe(200);
    await app.sql(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect((await app.request('GET', '/api/events', { token: expiring.token })).status).toBe(401);
    // Listed until someone revokes it, so staff see it expired.
    expect((await list()).find((t) => t.id === expiring.id)?.expiresAt).not.toBeNull();

    // A made-up token of the right shape, and one on a public route that takes a token optionally.
    expect((await app.request('GET', '/api/events', { token: `evr_${'A'.repeat(43)}` })).status).toBe(401);
    expect((await app.request('GET', '/api/events/1', { token: revoked.token })).status).toBe(401);
  });

  it('notes the last use at most once a minute, however many requests arrive at once', async () => {
    const { id, token } = await create(admin, { name: 'Concurrido', permissions: ['Events.Read'] });
    // Count the row's writes (a trigger on this test's own database).
    await app.sql(`
      CREATE TABLE api_token_writes (token_id uuid, at timestamptz DEFAULT clock_timestamp());
      CREATE FUNCTION count_api_token_write() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN INSERT INTO api_token_writes (token_id) VALUES (NEW.id); RETURN NEW; END $$;
      CREATE TRIGGER api_token_writes AFTER UPDATE ON api_tokens FOR EACH ROW EXECUTE FUNCTION count_api_token_write();
    `);
    const writes = async () =>
      Number((await app.sql('SELECT count(*) AS n FROM api_token_writes WHERE token_id = $1', [id]))[0].n);

    const burst = async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => app.request('GET', '/api/events', { token })));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    };
    await burst();
    expect(await writes()).toBe(1);
    const first = (await list()).find((t) => t.id === id)?.lastUsedAt;
    expect(first).not.toBeNull();
    await burst();
    expect(await writes()).toBe(1);

    // A minute later (moved back by hand, without the trigger counting it), one write again.
    await app.sql(`ALTER TABLE api_tokens DISABLE TRIGGER api_token_writes`);
    await app.sql(`UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [id]);
    await app.sql(`ALTER TABLE api_tokens ENABLE TRIGGER api_token_writes`);
    await burst();
    expect(await writes()).toBe(2);
    const second = (await list()).find((t) => t.id === id)?.lastUsedAt;
    expect(Date.parse(second ?? '')).toBeGreaterThan(Date.now() - 30_000);
  });

  it('loads the caller in one query, writes included', async () => {
    const { token } = await create(admin, { name: 'Una consulta', permissions: ['Events.Read'] });
    const ds = app.running.app.get(DataSource);
    const query = jest.spyOn(ds, 'query');
    try {
      // Refused by the guard, so no other query runs: the first use (last_used_at written) and a later one.
      for (const expected of [403, 403]) {
        query.mockClear();
        expect((await app.request('GET', '/api/user', { token })).status).toBe(expected);
        expect(query.mock.calls.map(([sql]) => /FROM api_tokens t/.test(sql))).toEqual([true]);
      }
    } finally {
      query.mockRestore();
    }
  });

  it('never writes a token to the log', async () => {
    const { token, id } = await create(admin, { name: 'Secreto', permissions: ['Events.Read'] as PermissionName[] });
    await app.request('GET', '/api/events', { token });
    await app.request('GET', '/api/user', { token });
    await app.request('GET', '/api/user/me', { token });
    await app.request('DELETE', `/api/api-tokens/${id}`, { token: admin });
    await app.request('GET', '/api/events', { token });
    // The capture works: the request lines of these calls at least.
    expect(output.lines().filter((l) => l.msg === 'request' && l.route === '/api/user/me')).not.toEqual([]);
    expect(given.length).toBeGreaterThanOrEqual(8);
    expect(output.raw.filter((line) => given.some((t) => line.includes(t.slice(4))))).toEqual([]);
  });
});
