import { randomBytes } from 'node:crypto';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TestApp, ThrowawayRedis } from '@evreg/testing';

/** Staff sign-in limits (docs/domain.md, "Staff accounts", rate limit): failed sign-ins per (address, IP), refreshes
 * per refresh token, shared by the instances through Redis; and the 403 that says a session's permissions changed. */
const env = {
  APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba',
  LOGIN_RATE_LIMIT_PER_MINUTE: '10',
  // The lockout after failed sign-ins (an account's own protection) must not be what answers here.
  LOGIN_MAX_FAILURES: '50',
  TRUST_PROXY: 'true',
};

type Who = { email: string; password: string; ip?: string };

function signIn(app: TestApp, { email, password, ip }: Who) {
  return app.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
}

const refresh = (app: TestApp, refreshToken: string) =>
  app.request('POST', '/api/auth/refresh', { token: refreshToken });

const unknownPerson = () => `persona-${randomBytes(4).toString('hex')}@example.com`;

function expectTooMany(res: { status: number; headers: Headers; body: any }, message: RegExp) {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(message) });
}

describe('Staff sign-in limits', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start({ env });
  }, 60_000);
  afterAll(() => app?.close());

  it('ten people mistyping from one office address lock out nobody else (nor each other)', async () => {
    const ip = '203.0.113.10';
    const people = Array.from({ length: 10 }, unknownPerson);
    for (const email of people) {
      for (let i = 0; i < 2; i++) expect((await signIn(app, { email, password: 'mal-escrita', ip })).status).toBe(401);
    }
    // 20 failures from the address: the eleventh person still signs in, and each of the ten may try again.
    expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD, ip })).status).toBe(200);
    expect((await signIn(app, { email: people[0], password: 'otra', ip })).status).toBe(401);
  });

  it('after 10 failures one account from one address answers 429 with Retry-After; others still sign in', async () => {
    const staff = await app.staffWith(['Users.Read']);
    const ip = '203.0.113.20';
    for (let i = 0; i < 10; i++) {
      expect((await signIn(app, { email: staff.email, password: 'no-es-esta', ip })).status).toBe(401);
    }
    // The right password too: nothing is checked until the window ends (the address written otherwise counts alike).
    const limited = await signIn(app, { email: ` ${staff.email.toUpperCase()} `, password: staff.password, ip });
    expectTooMany(
      limited,
      /^Demasiados intentos fallidos con este correo desde este equipo\. Vuelve a intentarlo en \d+ segundos\.$/,
    );

    // Another account from the same address, and the same account from another address, are not limited.
    expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD, ip })).status).toBe(200);
    expect((await signIn(app, { ...staff, ip: '203.0.113.21' })).status).toBe(200);
  });

  it('successful sign-ins are not counted, and clear the failures of their address', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 9; i++) {
      expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: 'no-es-esta', ip })).status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD, ip })).status).toBe(200);
    }
    // Cleared: nine more failures (twenty attempts from the address in all) are still answered 401.
    for (let i = 0; i < 9; i++) {
      expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: 'no-es-esta', ip })).status).toBe(401);
    }
  });

  it('refreshes far above ten a minute work; beyond 60 per refresh token, 429 for that token only', async () => {
    const first = await app.login();
    const other = await app.login();
    for (let i = 0; i < 60; i++) {
      const res = await refresh(app, first.refreshToken);
      expect(res.status).toBe(200);
      expect(res.body.accessToken).toEqual(expect.any(String));
    }
    expectTooMany(await refresh(app, first.refreshToken), /^Demasiadas renovaciones de la sesión/);
    expect((await refresh(app, other.refreshToken)).status).toBe(200);
  });
});

describe('Two instances sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // One deployment: the same secret and the same Redis namespace.
    const shared = { ...env, QUEUE_PREFIX: `evreg-test-limits-${randomBytes(4).toString('hex')}` };
    a = await TestApp.start({ env: shared });
    b = await TestApp.start({ env: shared, databaseName: a.databaseName! });
  }, 60_000);
  afterAll(async () => {
    await b?.running.close();
    await a?.close();
  });

  it('agree on the count: 5 failures on each, and the 11th attempt is refused on either', async () => {
    const who = { email: unknownPerson(), password: 'mal', ip: '203.0.113.40' };
    for (let i = 0; i < 5; i++) {
      expect((await signIn(a, who)).status).toBe(401);
      expect((await signIn(b, who)).status).toBe(401);
    }
    expectTooMany(await signIn(a, who), /^Demasiados intentos fallidos/);
    expectTooMany(await signIn(b, who), /^Demasiados intentos fallidos/);
  });
});

describe('Redis away', () => {
  let redis: ThrowawayRedis;
  let app: TestApp;

  beforeAll(async () => {
    redis = await ThrowawayRedis.start();
    app = await TestApp.start({ env: { ...env, REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    // Closing the app needs its Redis (BullMQ closes its connections).
    await redis?.resume();
    // Known issue (docs/architecture.md, "Known issues"): an app whose Redis was killed and came back sometimes never
    // finishes closing. What this file tests is the sign-in, so the wait is bounded; the run's teardown drops the
    // database of an app left open.
    const closed = await Promise.race([
      app?.close().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
    ]);
    if (!closed) console.warn('sign-in-limits: la app sin Redis no terminó de cerrarse en 20 s');
    await redis?.kill();
  }, 60_000);

  it('staff still sign in at once, and failures are limited in this instance meanwhile', async () => {
    await redis.kill();
    const startedAt = Date.now();
    expect((await signIn(app, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD })).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    const who = { email: unknownPerson(), password: 'mal' };
    for (let i = 0; i < 10; i++) expect((await signIn(app, who)).status).toBe(401);
    expectTooMany(await signIn(app, who), /^Demasiados intentos fallidos/);
  });
});

describe('Without Redis (embedded limits)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start({ env: { ...env, REDIS_URL: undefined } });
  }, 60_000);
  afterAll(() => app?.close());

  it('counts in the process', async () => {
    const who = { email: unknownPerson(), password: 'mal' };
    for (let i = 0; i < 10; i++) expect((await signIn(app, who)).status).toBe(401);
    expectTooMany(await signIn(app, who), /^Demasiados intentos fallidos/);
  });
});

describe('A permission taken away from a signed-in session', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start();
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 403 PERMISSIONS_CHANGED, also after a refresh; a new sign-in gets the plain 403', async () => {
    const staff = await app.staffWith(['Users.Read', 'Events.Read']);
    const session = await app.login(staff.email, staff.password);
    expect((await app.request('GET', '/api/user', { token: session.accessToken })).status).toBe(200);
    // Never held: the plain refusal.
    const never = await app.request('GET', '/api/role', { token: session.accessToken });
    expect(never.status).toBe(403);
    expect(never.body.code).toBe('FORBIDDEN');

    const [{ role_id: roleId }] = await app.sql(`SELECT role_id FROM user_roles WHERE user_id = $1`, [staff.userId]);
    const admin = await app.adminToken();
    const events = (await app.request('GET', '/api/permissions', { token: admin })).body.find(
      (p: { name: string }) => p.name === 'Events.Read',
    );
    const saved = await app.request('PUT', `/api/role/${roleId}`, {
      token: admin,
      body: { name: `Rol ${randomBytes(3).toString('hex')}`, permissionIds: [events.id] },
    });
    expect(saved.status).toBe(200);

    const changed = await app.request('GET', '/api/user', { token: session.accessToken });
    expect(changed.status).toBe(403);
    expect(changed.body).toEqual({
      statusCode: 403,
      code: 'PERMISSIONS_CHANGED',
      message: 'Tus permisos han cambiado. Inicia sesión de nuevo.',
    });
    const renewed = await refresh(app, session.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await app.request('GET', '/api/user', { token: renewed.body.accessToken })).body.code).toBe(
      'PERMISSIONS_CHANGED',
    );
    // What is still held works.
    expect((await app.request('GET', '/api/events/categories', { token: session.accessToken })).status).toBe(200);

    const again = await app.login(staff.email, staff.password);
    const plain = await app.request('GET', '/api/user', { token: again.accessToken });
    expect(plain.status).toBe(403);
    expect(plain.body.code).toBe('FORBIDDEN');
  });
});
