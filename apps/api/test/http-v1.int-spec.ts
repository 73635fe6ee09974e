import { randomBytes, randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Module, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CreatedApiToken } from '@evreg/contracts';
import { TestApp } from '@evreg/testing';
import { AppError } from '../src/common/http/app-error';
import { IdempotencyStore } from '../src/http-v1/idempotency-store';
import { Auth, Public } from '../src/modules/auth/auth.decorators';

/** Every run of the test controller's POST, in this process (both instances of a test run here). */
const executions: unknown[] = [];
/** While set, the POST waits for it: the concurrency test holds the first request until the others have answered. */
let gate: Promise<void> | null = null;

/** A controller of this test under /api/v1: the conventions come from the server's hooks, not from decorators. */
@Controller('v1/edge-test')
class EdgeTestController {
  @Post('things')
  @Auth()
  @HttpCode(201)
  async create(@Body() body: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply) {
    executions.push(body);
    if (gate) await gate;
    const id = executions.length;
    void reply.header('location', `/api/v1/edge-test/things/${id}`);
    return { id, ...body };
  }

  @Get('things')
  @Public()
  list() {
    return { data: [] };
  }

  @Get('private')
  @Auth()
  private() {
    return { ok: true };
  }

  @Post('refused')
  @Public()
  refused(): never {
    throw AppError.field('name', 'Nombre es requerido');
  }

  @Post('boom')
  @Public()
  @HttpCode(201)
  failOnce(@Body() body: Record<string, unknown>) {
    executions.push(body);
    if (executions.length === 1) throw new Error('fallo pasajero');
    return { ok: true };
  }

  @Get('boom')
  @Public()
  boom(): never {
    throw new Error('detalle interno que no debe salir');
  }
}

@Module({ controllers: [EdgeTestController] })
class EdgeTestModule {}

const PARTNER = 'https://socio.example';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cross-cutting conventions of /api/v1 (docs/integrations-http.md), and the spec's /api left as it was. */
describe('/api/v1 HTTP conventions', () => {
  let app: TestApp;
  /** A second instance on the same database, Redis prefix and secret: what a deployment with two looks like. */
  let other: TestApp;
  let admin: string;
  let apiToken: string;

  const shared = {
    APP_SECRET: randomBytes(32).toString('hex'),
    QUEUE_PREFIX: `evreg-test-${randomBytes(4).toString('hex')}`,
    API_V1_CORS_ORIGINS: PARTNER,
  };

  beforeAll(async () => {
    app = await TestApp.start({ env: shared, modules: [EdgeTestModule] });
    other = await TestApp.start({ env: shared, modules: [EdgeTestModule], databaseName: app.databaseName! });
    admin = await app.adminToken();
    const created = await app.request<CreatedApiToken>('POST', '/api/api-tokens', {
      token: admin,
      body: { name: 'Integración', permissions: ['Events.Read'] },
    });
    apiToken = created.body.token;
  });

  afterAll(async () => {
    await other?.running.close();
    await app?.close();
  });

  beforeEach(() => {
    executions.length = 0;
    gate = null;
  });

  const post = (target: TestApp, token: string, key: string | undefined, body: unknown) =>
    target.request('POST', '/api/v1/edge-test/things', {
      token,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  describe('Idempotency-Key', () => {
    it('replays the first answer (status, body, Location) to a repeat, which does not run again', async () => {
      const key = randomUUID();
      const first = await post(app, apiToken, key, { name: 'Ana' });
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await post(other, apiToken, key, { name: 'Ana' });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('location')).toBe(first.headers.get('location'));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(executions).toHaveLength(1);
    });

    it('replays a large answer compressed like the first (the stored body is the uncompressed one)', async () => {
      const key = randomUUID();
      const body = { name: 'Ana', notes: 'texto largo '.repeat(400) };
      const first = await post(app, apiToken, key, body);
      expect(first.status).toBe(201);
      expect(first.headers.get('content-encoding')).toBe('gzip');
      const again = await post(app, apiToken, key, body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-encoding')).toBe('gzip');
      expect(again.body).toEqual(first.body);
      const [stored] = await app.sql<{ body: string }>('SELECT body FROM idempotency_keys WHERE key = $1', [key]);
      expect(JSON.parse(stored.body)).toEqual(first.body);
      expect(executions).toHaveLength(1);
    });

    it('replays a refusal with the replay’s own request id in the body, as in X-Request-Id', async () => {
      const key = randomUUID();
      const send = () =>
        app.request('POST', '/api/v1/edge-test/refused', { body: {}, headers: { 'idempotency-key': key } });
      const first = await send();
      expect(first.status).toBe(400);
      const again = await send();
      expect(again.status).toBe(400);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(again.body).toEqual({ ...first.body, requestId: again.headers.get('x-request-id') });
    });

    it('refuses the same key with another body with a 422 problem, and runs nothing', async () => {
      const key = randomUUID();
      expect((await post(app, apiToken, key, { name: 'Ana' })).status).toBe(201);
      const reused = await post(app, apiToken, key, { name: 'Luis' });
      expect(reused.status).toBe(422);
      expect(reused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      const body = reused.body;
      expect(body).toMatchObject({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
        type: 'urn:evreg:problem:idempotency-key-reused',
      });
      expect(body.detail).toContain('Idempotency-Key ya se usó con otra petición');
      expect(executions).toHaveLength(1);
    });

    it('keeps each credential’s keys apart, and runs a request without a key every time', async () => {
      const key = randomUUID();
      expect((await post(app, apiToken, key, { name: 'Ana' })).status).toBe(201);
      const otherToken = await post(app, admin, key, { name: 'Ana' });
      expect(otherToken.status).toBe(201);
      expect(otherToken.headers.get('idempotent-replayed')).toBeNull();
      await post(app, apiToken, undefined, { name: 'Ana' });
      await post(app, apiToken, undefined, { name: 'Ana' });
      expect(executions).toHaveLength(4);
    });

    it('runs one of 20 simultaneous requests with the same key on two instances; the others get a 409 problem', async () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      const key = randomUUID();
      const answers: Promise<Awaited<ReturnType<typeof post>>>[] = [];
      const refused: Awaited<ReturnType<typeof post>>[] = [];
      for (let i = 0; i < 20; i++) {
        const answer = post(i % 2 ? other : app, apiToken, key, { name: 'Ana' });
        answers.push(answer);
        void answer.then((response) => response.status !== 201 && refused.push(response));
      }
      // The one that claimed the key waits at the gate until the 19 others have their answer.
      while (refused.length < 19) await new Promise((resolve) => setTimeout(resolve, 20));
      open();
      const all = await Promise.all(answers);
      expect(all.filter((response) => response.status === 201)).toHaveLength(1);
      for (const response of refused) {
        expect(response.status).toBe(409);
        expect(response.headers.get('retry-after')).toBe('1');
        expect(response.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
      }
      expect(executions).toHaveLength(1);
      // Once answered, a repeat gets that answer.
      const after = await post(other, apiToken, key, { name: 'Ana' });
      expect(after.status).toBe(201);
      expect(after.headers.get('idempotent-replayed')).toBe('true');
      expect(executions).toHaveLength(1);
    });

    it('refuses a key longer than 255 characters (400 naming the header); 255 is fine', async () => {
      const long = await post(app, apiToken, 'k'.repeat(256), { name: 'Ana' });
      expect(long.status).toBe(400);
      const body = long.body;
      expect(body.errors).toEqual({ 'Idempotency-Key': [expect.stringContaining('255 caracteres')] });
      expect(executions).toHaveLength(0);
      expect((await post(app, apiToken, 'k'.repeat(255), { name: 'Ana' })).status).toBe(201);
    });

    it('keeps no answer refused before the route ran (401): the key stays free', async () => {
      const key = randomUUID();
      const refused = await post(app, 'evr_no-existe', key, { name: 'Ana' });
      expect(refused.status).toBe(401);
      expect(await app.sql('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toHaveLength(0);
    });

    it('keeps no 5xx: a retry with the same key runs again', async () => {
      const key = randomUUID();
      const send = () =>
        app.request('POST', '/api/v1/edge-test/boom', { body: { n: 1 }, headers: { 'idempotency-key': key } });
      expect((await send()).status).toBe(500);
      const retry = await send();
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect((await send()).headers.get('idempotent-replayed')).toBe('true');
      expect(executions).toHaveLength(2);
    });

    it('removes expired keys (any instance, any number at once), and an expired key is claimed anew', async () => {
      const key = randomUUID();
      expect((await post(app, apiToken, key, { name: 'Ana' })).status).toBe(201);
      await app.sql(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
      const fresh = await post(app, apiToken, key, { name: 'Luis' });
      expect(fresh.status).toBe(201);
      expect(fresh.body).toMatchObject({ name: 'Luis' });
      expect(executions).toHaveLength(2);

      const kept = randomUUID();
      expect((await post(app, apiToken, kept, { name: 'Eva' })).status).toBe(201);
      await app.sql(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
      const removed = await Promise.all([
        app.running.app.get(IdempotencyStore).removeExpired(),
        other.running.app.get(IdempotencyStore).removeExpired(),
      ]);
      expect(removed[0] + removed[1]).toBe(1);
      const left = await app.sql<{ key: string }>('SELECT key FROM idempotency_keys WHERE key = ANY($1)', [
        [key, kept],
      ]);
      expect(left).toEqual([{ key: kept }]);
    });
  });

  describe('X-Request-Id', () => {
    it('echoes a sane incoming id, replaces an unsafe one, generates a UUID otherwise, also in error bodies', async () => {
      const echoed = await app.request('GET', '/api/v1/edge-test/things', {
        headers: { 'x-request-id': 'pedido-42.a' },
      });
      expect(echoed.headers.get('x-request-id')).toBe('pedido-42.a');
      const unsafe = await app.request('GET', '/api/v1/edge-test/things', {
        headers: { 'x-request-id': `a${'x'.repeat(200)}` },
      });
      expect(unsafe.headers.get('x-request-id')).toMatch(UUID);
      const [one, two] = await Promise.all([
        app.request('GET', '/api/v1/edge-test/things'),
        app.request('GET', '/api/v1/edge-test/things'),
      ]);
      expect(one.headers.get('x-request-id')).toMatch(UUID);
      expect(two.headers.get('x-request-id')).not.toBe(one.headers.get('x-request-id'));
      const missing = await app.request('GET', '/api/v1/edge-test/nothing-here', {
        headers: { 'x-request-id': 'rastreo-7' },
      });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-request-id')).toBe('rastreo-7');
      expect(missing.body.requestId).toBe('rastreo-7');
    });
  });

  describe('errors as application/problem+json', () => {
    it('turns the API error body into a problem with the Spanish detail, the code, the field errors and the request id', async () => {
      const refused = await app.request('POST', '/api/v1/edge-test/refused', { body: {} });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(refused.body).toEqual({
        type: 'urn:evreg:problem:validation-failed',
        title: 'Petición no válida',
        status: 400,
        detail: 'Nombre es requerido',
        instance: '/api/v1/edge-test/refused',
        code: 'VALIDATION_FAILED',
        errors: { name: ['Nombre es requerido'] },
        requestId: refused.headers.get('x-request-id'),
      });
    });

    it('answers Fastify’s own refusals (bad JSON, unknown route) and a wrong method as problems', async () => {
      const badJson = await app.request('POST', '/api/v1/edge-test/refused', { rawBody: '{"name":' });
      expect(badJson.status).toBe(400);
      expect(badJson.body).toMatchObject({ code: 'INVALID_JSON', status: 400 });
      const wrongMethod = await app.request('DELETE', '/api/v1/edge-test/things');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(wrongMethod.body).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
    });

    it('answers a path parameter over 100 characters with a 414 problem in Spanish, its request id and rate limit', async () => {
      const long = await app.request('PUT', `/api/v1/events/1/sessions/by-external-id/${'x'.repeat(101)}`, {
        token: apiToken,
        body: {},
        headers: { 'x-request-id': 'cms-run-7' },
      });
      expect(long.status).toBe(414);
      expect(long.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(long.headers.get('x-request-id')).toBe('cms-run-7');
      expect(long.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
      expect(long.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(long.body).toEqual({
        type: 'urn:evreg:problem:uri-too-long',
        title: 'Dirección demasiado larga',
        status: 414,
        detail: 'La dirección es demasiado larga: cada parámetro de la ruta admite como máximo 100 caracteres',
        instance: `/api/v1/events/1/sessions/by-external-id/${'x'.repeat(101)}`,
        code: 'URI_TOO_LONG',
        requestId: 'cms-run-7',
      });
      // The spec's /api: its own body, in Spanish too.
      const spec = await app.request('GET', `/api/events/${'1'.repeat(101)}`);
      expect(spec.status).toBe(414);
      expect(spec.body).toEqual({
        statusCode: 414,
        code: 'URI_TOO_LONG',
        message: 'La dirección es demasiado larga: cada parámetro de la ruta admite como máximo 100 caracteres',
      });
    });

    it('keeps a 500 generic', async () => {
      const boom = await app.request('GET', '/api/v1/edge-test/boom');
      expect(boom.status).toBe(500);
      const body = boom.body;
      expect(body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR', title: 'Error interno' });
      expect(JSON.stringify(boom.body)).not.toContain('detalle interno');
    });
  });

  describe('WWW-Authenticate on 401', () => {
    it('says Bearer without a token, and invalid_token with a bad one', async () => {
      const none = await app.request('GET', '/api/v1/edge-test/private');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(none.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      const bad = await app.request('GET', '/api/v1/edge-test/private', { token: 'evr_inventado' });
      expect(bad.status).toBe(401);
      expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
      const good = await app.request('GET', '/api/v1/edge-test/private', { token: apiToken });
      expect(good.status).toBe(200);
      expect(good.headers.get('www-authenticate')).toBeNull();
    });
  });

  describe('CORS', () => {
    it('answers a preflight from an origin of API_V1_CORS_ORIGINS, and exposes the headers integrators read', async () => {
      const preflight = await app.request('OPTIONS', '/api/v1/edge-test/things', {
        headers: {
          origin: PARTNER,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, idempotency-key',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const read = await app.request('GET', '/api/v1/edge-test/things', { headers: { origin: PARTNER } });
      expect(read.headers.get('access-control-allow-origin')).toBe(PARTNER);
      const exposed = read.headers.get('access-control-expose-headers') ?? '';
      for (const header of ['RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id', 'Link', 'Retry-After'])
        expect(exposed).toContain(header);
    });

    it('allows no other origin on /api/v1 (not even the apps’ own), and no v1 origin on the spec’s /api', async () => {
      for (const origin of ['https://otro.example', 'http://localhost:3000']) {
        const denied = await app.request('OPTIONS', '/api/v1/edge-test/things', {
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        expect(denied.headers.get('access-control-allow-origin')).toBeNull();
      }
      const spec = await app.request('OPTIONS', '/api/auth/login', {
        headers: { origin: PARTNER, 'access-control-request-method': 'POST' },
      });
      expect(spec.headers.get('access-control-allow-origin')).toBeNull();
      const specRead = await app.request('GET', '/api/health/live', { headers: { origin: PARTNER } });
      expect(specRead.headers.get('access-control-allow-origin')).toBeNull();
      // The apps' own origin still reaches the spec's /api as before.
      const own = await app.request('OPTIONS', '/api/auth/login', {
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      });
      expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    });
  });

  describe('the spec’s /api is unchanged', () => {
    it('keeps its JSON error body, and adds no rate limit, WWW-Authenticate or idempotency', async () => {
      const unauthorized = await app.request('GET', '/api/user', { headers: { 'x-request-id': 'rastreo-1' } });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(unauthorized.body).toEqual({
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: expect.any(String),
      });
      for (const header of ['ratelimit-limit', 'www-authenticate']) expect(unauthorized.headers.get(header)).toBeNull();
      // The request id is every answer's since issue 26 (the log line's id: docs/architecture.md, "Metrics, logs
      // and traces"), the same as /api/v1's.
      expect(unauthorized.headers.get('x-request-id')).toBe('rastreo-1');

      const notFound = await app.request('GET', '/api/nothing-here');
      expect(notFound.status).toBe(404);
      expect(notFound.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });

      const key = randomUUID();
      const department = { name: `Depto ${key.slice(0, 8)}` };
      const first = await app.request('POST', '/api/department', {
        token: admin,
        body: department,
        headers: { 'idempotency-key': key },
      });
      expect(first.status).toBe(201);
      const second = await app.request('POST', '/api/department', {
        token: admin,
        body: department,
        headers: { 'idempotency-key': key },
      });
      // The spec's /api never read Idempotency-Key: a repeat runs (and meets the duplicate name, as before).
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(second.status).not.toBe(201);
      expect(await app.sql('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).toHaveLength(0);
    });
  });
  // Last: passport's strategies are process-wide, and the last instance started holds the JWT one; once these two
  // are closed, staff tokens no longer work in this process (API tokens do).
  describe('rate limit', () => {
    it('shares the count between two instances through Redis: RateLimit headers, then 429 with Retry-After', async () => {
      // Fresh counts (their own Redis prefix), shared by the two.
      const limited = {
        ...shared,
        QUEUE_PREFIX: `evreg-test-${randomBytes(4).toString('hex')}`,
        API_V1_RATE_LIMIT: '5',
        API_V1_RATE_LIMIT_WINDOW_SECONDS: '120',
      };
      const first = await TestApp.start({ env: limited, modules: [EdgeTestModule], databaseName: app.databaseName! });
      const second = await TestApp.start({ env: limited, modules: [EdgeTestModule], databaseName: app.databaseName! });
      try {
        for (let i = 0; i < 5; i++) {
          const answer = await (i % 2 ? second : first).request('GET', '/api/v1/edge-test/things');
          expect(answer.status).toBe(200);
          expect(answer.headers.get('ratelimit-limit')).toBe('5');
          expect(answer.headers.get('ratelimit-remaining')).toBe(String(4 - i));
          expect(answer.headers.get('ratelimit-policy')).toBe('5;w=120');
          expect(Number(answer.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
        }
        const refused = await second.request('GET', '/api/v1/edge-test/things');
        expect(refused.status).toBe(429);
        expect(refused.headers.get('ratelimit-remaining')).toBe('0');
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(120);
        expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
        expect(refused.body).toMatchObject({
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          detail: expect.stringContaining('el límite es 5 cada 120 s'),
        });
        expect((await first.request('GET', '/api/v1/edge-test/things')).status).toBe(429);
        // A token has a count of its own; the spec's /api is not counted.
        const withToken = await first.request('GET', '/api/v1/edge-test/private', { token: apiToken });
        expect(withToken.status).toBe(200);
        expect(withToken.headers.get('ratelimit-remaining')).toBe('4');
        const spec = await first.request('GET', '/api/health/live');
        expect(spec.status).toBe(200);
        expect(spec.headers.get('ratelimit-limit')).toBeNull();
      } finally {
        await first.running.close();
        await second.running.close();
      }
    });
  });
});
