import { TestApp } from '@evreg/testing';

describe('HTTP basics: error bodies, static apps, docs, health, security headers', () => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await TestApp.start();
    token = await app.adminToken();
  });
  afterAll(() => app.close());

  describe('bad input never crashes a request and gets a Spanish 4xx', () => {
    it('malformed JSON', async () => {
      const res = await app.request('POST', '/api/department', { token, rawBody: '{"name": "Cultura"' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'INVALID_JSON',
        message: 'El cuerpo de la petición no es un JSON válido',
      });
    });

    it('unknown fields, naming them', async () => {
      const res = await app.request('POST', '/api/department', { token, body: { name: 'Cultura', isAdmin: true } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ isAdmin: ['El campo "isAdmin" no está permitido'] });
      expect(res.body.message).toBe('El campo "isAdmin" no está permitido');
    });

    it('wrong types, naming the field', async () => {
      const res = await app.request('POST', '/api/role', { token, body: { name: 'Rol', permissionIds: ['uno'] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ permissionIds: ['permissionIds debe contener identificadores numéricos'] });
      const notObject = await app.request('POST', '/api/department', { token, rawBody: '"texto"' });
      expect(notObject.status).toBe(400);
    });

    it('huge bodies', async () => {
      const res = await app.request('POST', '/api/department', {
        token,
        rawBody: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'El cuerpo de la petición es demasiado grande',
      });
    });

    it('a body that is not JSON', async () => {
      const res = await app.request('POST', '/api/department', {
        token,
        rawBody: 'name=Cultura',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('a bad id in the path', async () => {
      const res = await app.request('GET', '/api/department/abc', { token });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ id: ['El identificador "id" debe ser un número entero'] });
    });

    it('and writes nothing for any of them', async () => {
      const [{ count }] = await app.sql(`SELECT count(*)::int AS count FROM departments`);
      expect(count).toBe(0);
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.request('GET', '/api/no-existe', { token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
  });

  it('answers a known path called with a method it does not take with a 405 naming the ones it does', async () => {
    const res = await app.request('DELETE', '/api/auth/login', { token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.body).toEqual({
      statusCode: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: 'Método DELETE no admitido en esta ruta; admite: POST',
    });
    // Parameters count: any id; a GET also answers HEAD.
    const event = await app.request('PATCH', '/api/events/12', { token });
    expect(event.status).toBe(405);
    expect(event.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    // Off the API too (a form posted to the booking page), never the page or the redirect.
    const page = await app.request('POST', '/', { body: {} });
    expect(page.status).toBe(405);
    expect(page.headers.get('allow')).toBe('GET, HEAD');
    // An unknown path stays a 404, and a page of the back office stays the SPA's.
    expect((await app.request('POST', '/api/no-existe', { token })).status).toBe(404);
    expect((await app.request('POST', '/admin/users', { body: {} })).status).toBe(404);
  });

  it('serves the booking app at / and /cancel, the back office at /admin with SPA fallback, and redirects unknown paths to /', async () => {
    const booking = await app.request('GET', '/');
    expect(booking.status).toBe(200);
    expect(booking.headers.get('content-type')).toContain('text/html');
    expect(booking.body).toContain('<html lang="es">');
    // The cancellation e-mail's link opens the booking app's cancellation page.
    const cancel = await app.request('GET', '/cancel?token=1-abc');
    expect(cancel.status).toBe(200);
    expect(cancel.body).toBe(booking.body);
    const privacy = await app.request('GET', '/privacy-policy.html');
    expect(privacy.status).toBe(200);
    expect(privacy.body).toContain('Política de privacidad');
    // Its pages in the five languages share one stylesheet.
    const sheet = await app.request('GET', '/privacy-policy.css');
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('text/css');
    expect(privacy.body).toContain('href="privacy-policy.css"');

    for (const path of ['/admin/', '/admin/users', '/admin/email-templates/3/edit']) {
      const res = await app.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.body).toContain('Panel de Administración');
    }

    const unknown = await app.request('GET', '/no/existe?x=1');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
  });

  it('serves the OpenAPI docs with bearer auth and the error schema', async () => {
    const ui = await app.request('GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('swagger');
    const doc = (await app.request('GET', '/api/docs-json')).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ApiErrorResponseDto.required).toEqual(
      expect.arrayContaining(['statusCode', 'code', 'message']),
    );
    expect(doc.paths['/api/auth/login'].post.responses['401']).toBeDefined();
    expect(doc.paths['/api/auth/login'].post.responses['429'].headers['Retry-After']).toBeDefined();
    // Public calls need no token (docs/architecture.md, "The contract"; the whole document: openapi-contract).
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/', description: 'Este servidor' }]);
    // Any call may meet the database away (docs/domain.md, "PostgreSQL away").
    expect(doc.paths['/api/user/me'].get.responses['503']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorResponseDto' } } },
    });
    expect(doc.paths['/api/events/{id}'].get.responses['503'].headers['Retry-After']).toBeDefined();
    // Every operation documents its success answer, and every one that can refuse documents its error body.
    const undocumented: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { responses?: Record<string, unknown> }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const codes = Object.keys(op.responses ?? {});
        if (!codes.some((c) => c.startsWith('2'))) undocumented.push(`${method} ${path}: success`);
        // The health probes refuse nobody: no 4xx to document.
        if (!path.startsWith('/api/health') && !codes.some((c) => c.startsWith('4')))
          undocumented.push(`${method} ${path}: errors`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('reports health with the database and queue modes in use', async () => {
    const res = await app.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: { status: 'up', mode: 'postgres' },
      queue: { status: 'up', mode: 'redis' },
    });
  });

  it('answers the liveness and readiness probes, documented with the 503 of a shutdown', async () => {
    expect(await app.request('GET', '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await app.request('GET', '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    const doc = (await app.request('GET', '/api/docs-json')).body;
    expect(doc.paths['/api/health/ready'].get.responses['503']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ReadinessStatusDto' } } },
    });
    expect(doc.paths['/api/health/live'].get.responses['200']).toBeDefined();
  });

  it('sets security headers; the booking page may be framed, the back office may not', async () => {
    const booking = await app.request('GET', '/');
    expect(booking.headers.get('x-content-type-options')).toBe('nosniff');
    expect(booking.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(booking.headers.get('x-frame-options')).toBeNull();

    const admin = await app.request('GET', '/admin/users');
    expect(admin.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(admin.headers.get('x-frame-options')).toBe('DENY');
  });

  it('allows the configured CORS origin only', async () => {
    const allowed = await app.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const other = await app.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'https://malicioso.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('rate-limits failed sign-ins per address and client', async () => {
    const limited = await TestApp.start({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const attempt = (email: string) =>
        limited.request('POST', '/api/auth/login', { body: { email, password: 'abcdef' } });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt('x@example.com')).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await attempt('x@example.com');
      // The standard header, in seconds (within the one-minute window).
      const retryAfter = Number(last.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: `Demasiados intentos fallidos con este correo desde este equipo. Vuelve a intentarlo en ${retryAfter} segundos.`,
      });
      // Another address from the same client is not limited (more in sign-in-limits.int-spec.ts).
      expect((await attempt('y@example.com')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
