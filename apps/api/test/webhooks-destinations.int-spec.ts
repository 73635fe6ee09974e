import { hostname } from 'node:os';
import { eventually, TestApp, WebhookReceiver } from '@evreg/testing';
import type { QueryRunner } from 'typeorm';
import { WebhookErrorsWithoutBodies1764000000055 } from '../src/database/migrations/1764000000055-WebhookErrorsWithoutBodies';
import { verifyWebhookSignature } from '../src/modules/webhooks/webhook-signing';

/** Webhook destinations (docs/domain.md, "Webhooks", "Destinations"): only public addresses, or those
 * WEBHOOK_ALLOWED_DESTINATIONS lists; decided before any connection, on the address connected to; and a receiver's
 * answer never shows in the delivery log. Traffic goes to loopback listeners only: the other addresses named here
 * (169.254.169.254, 10.0.0.1) are refused before a connection could be opened, and listeners count connections. */
describe('Webhook destinations', () => {
  let app: TestApp;
  let admin: string;
  /** On the allow-list: 127.0.0.2, an on-premise receiver. */
  let allowed: WebhookReceiver;
  /** Not on it: loopback listeners that must never see a connection. */
  let trap: WebhookReceiver;
  let trap6: WebhookReceiver;

  beforeAll(async () => {
    [allowed, trap, trap6] = await Promise.all([
      WebhookReceiver.start({ host: '127.0.0.2' }),
      WebhookReceiver.start({ host: '127.0.0.1' }),
      WebhookReceiver.start({ host: '::1' }),
    ]);
    app = await TestApp.start({
      env: {
        WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.2',
        WEBHOOK_RETRY_BASE_MS: '100',
        WEBHOOK_RETRY_MAX_MS: '200',
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_SWEEP_INTERVAL_MS: '300',
      },
    });
    admin = await app.adminToken();
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([allowed, trap, trap6].map((receiver) => receiver?.stop()));
  });
  afterEach(() => {
    expect(trap.connections).toBe(0);
    expect(trap6.connections).toBe(0);
  });

  const create = (url: string) =>
    app.request('POST', '/api/webhooks', { token: admin, body: { url, events: ['registration.created'] } });

  /** 'Probar', then the delivery as the API lists it once its first try is recorded. */
  async function tried(webhookId: number) {
    const test = await app.request('POST', `/api/webhooks/${webhookId}/test`, { token: admin });
    expect(test.status).toBe(202);
    return eventually(async () => {
      const page = await app.request('GET', `/api/webhooks/${webhookId}/deliveries`, { token: admin });
      const delivery = page.body.data.find((d: { id: number }) => d.id === test.body.id);
      return delivery && (delivery.status !== 'Pending' || delivery.lastError) ? delivery : null;
    }, 10_000);
  }

  const remove = (webhookId: number) => app.request('DELETE', `/api/webhooks/${webhookId}`, { token: admin });

  it('refuses, when saved, URLs with credentials and literal non-public addresses in any spelling', async () => {
    const port = trap.port;
    const refused: [string, string][] = [
      [`http://127.0.0.1:${port}/`, 'dirección de bucle local (127.0.0.1)'],
      [`http://2130706433:${port}/`, 'dirección de bucle local (127.0.0.1)'],
      [`http://0177.0.0.1:${port}/`, 'dirección de bucle local (127.0.0.1)'],
      [`http://0x7f.0.0.1:${port}/`, 'dirección de bucle local (127.0.0.1)'],
      [`http://127.1:${port}/`, 'dirección de bucle local (127.0.0.1)'],
      [`http://[::1]:${trap6.port}/`, 'dirección de bucle local (::1)'],
      [`http://[::ffff:7f00:1]:${port}/`, 'dirección de bucle local (::ffff:7f00:1)'],
      [`http://[::ffff:127.0.0.1]:${port}/`, 'dirección de bucle local (::ffff:7f00:1)'],
      ['http://169.254.169.254/latest/meta-data/', 'dirección de enlace local (169.254.169.254)'],
      ['http://10.0.0.1/', 'dirección privada (10.0.0.1)'],
      ['https://192.168.1.1/', 'dirección privada (192.168.1.1)'],
      ['http://172.16.0.1/', 'dirección privada (172.16.0.1)'],
      ['http://100.64.0.1/', 'dirección compartida (CGNAT) (100.64.0.1)'],
      ['http://0.0.0.0/', 'dirección no especificada (0.0.0.0)'],
      ['http://[fe80::1]/', 'dirección de enlace local (fe80::1)'],
      ['http://[fd00::1]/', 'dirección privada (fd00::1)'],
      ['http://[64:ff9b::a9fe:a9fe]/', 'dirección de enlace local (64:ff9b::a9fe:a9fe)'],
      ['http://192.0.2.1/', 'dirección reservada (192.0.2.1)'],
      // RFC 6761: localhost and every name under it are the loopback, whatever a resolver says.
      [`http://localhost:${port}/`, 'nombre de bucle local (localhost)'],
      [`http://LOCALHOST:${port}/`, 'nombre de bucle local (localhost)'],
      [`http://localhost.:${port}/`, 'nombre de bucle local (localhost.)'],
      [`http://api.localhost:${port}/`, 'nombre de bucle local (api.localhost)'],
      [`http://Hooks.LocalHost./x`, 'nombre de bucle local (hooks.localhost.)'],
    ];
    for (const [url, reason] of refused) {
      const res = await create(url);
      expect({ url, status: res.status, errors: res.body.errors }).toEqual({
        url,
        status: 400,
        errors: { url: [`Destino no permitido: ${reason}`] },
      });
    }
    const credentials = 'Destino no permitido: la URL no puede llevar usuario ni contraseña (usuario:clave@)';
    for (const url of ['https://user:pass@hooks.example.com/x', 'https://token@hooks.example.com/x'])
      expect((await create(url)).body.errors).toEqual({ url: [credentials] });

    // An edit is checked the same way and changes nothing.
    const kept = await create(allowed.url('/kept'));
    expect(kept.status).toBe(201);
    for (const url of [`http://127.0.0.1:${port}/`, 'http://u:p@hooks.example.com/']) {
      const res = await app.request('PUT', `/api/webhooks/${kept.body.id}`, {
        token: admin,
        body: { url, events: ['registration.created'] },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['url']);
    }
    expect((await app.sql(`SELECT url FROM webhooks`)).map((w) => w.url)).toEqual([allowed.url('/kept')]);
    // A public address and a name are saved (a name is checked on every try).
    expect((await create('https://93.184.216.34/x')).status).toBe(201);
    expect((await create('https://hooks.example.com/x')).status).toBe(201);
  });

  it('delivers to a receiver on WEBHOOK_ALLOWED_DESTINATIONS', async () => {
    const created = await create(allowed.url('/on-premise'));
    expect(created.status).toBe(201);
    const delivery = await tried(created.body.id);
    expect(delivery).toMatchObject({ status: 'Delivered', lastStatusCode: 200, lastError: null });
    const [request] = allowed.at('/on-premise');
    expect(request.body.type).toBe('webhook.test');
    expect(
      verifyWebhookSignature(created.body.secret, request.raw, request.headers['x-webhook-signature'] as string),
    ).toBe(true);
  });

  it('a name resolving to a non-public address is refused when sent, before any connection, and not retried', async () => {
    // The machine's own name resolves to one of its addresses (loopback, or a container's private one): saved, as
    // any name, then refused on its answer; the delivery fails at once with the reason instead of retrying for 72 h.
    const created = await create(`http://${hostname()}:${trap.port}/rebind`);
    expect(created.status).toBe(201);
    const delivery = await tried(created.body.id);
    expect(delivery).toMatchObject({ status: 'Failed', attempts: 1, lastStatusCode: null, nextAttemptAt: null });
    expect(delivery.lastError).toMatch(/^Destino no permitido: dirección (de bucle local|privada) \(/);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(
      (
        await app.sql(`SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE delivery_id = $1`, [delivery.id])
      )[0].n,
    ).toBe(1);
    await remove(created.body.id);
  });

  it('a URL saved before the check existed fails at once when sent, without a connection', async () => {
    const [{ id: model }] = await app.sql(`SELECT id FROM webhooks LIMIT 1`);
    const stored: [string, string][] = [
      [`http://127.0.0.1:${trap.port}/`, 'Destino no permitido: dirección de bucle local (127.0.0.1)'],
      [`http://2130706433:${trap.port}/`, 'Destino no permitido: dirección de bucle local (127.0.0.1)'],
      [`http://[::1]:${trap6.port}/`, 'Destino no permitido: dirección de bucle local (::1)'],
      [`http://[::ffff:127.0.0.1]:${trap.port}/`, 'Destino no permitido: dirección de bucle local (::ffff:7f00:1)'],
      ['http://169.254.169.254/latest/meta-data/', 'Destino no permitido: dirección de enlace local (169.254.169.254)'],
      ['http://10.0.0.1/', 'Destino no permitido: dirección privada (10.0.0.1)'],
      [`http://localhost:${trap.port}/`, 'Destino no permitido: nombre de bucle local (localhost)'],
      [
        `http://user:pass@127.0.0.2:${allowed.port}/credentials`,
        'Destino no permitido: la URL no puede llevar usuario ni contraseña (usuario:clave@)',
      ],
    ];
    for (const [url, reason] of stored) {
      const [{ id }] = await app.sql(
        `INSERT INTO webhooks (url, events, is_active, secret_sealed)
         SELECT $1, events, true, secret_sealed FROM webhooks WHERE id = $2 RETURNING id`,
        [url, model],
      );
      const delivery = await tried(id);
      expect({ url, ...delivery }).toMatchObject({
        url,
        status: 'Failed',
        attempts: 1,
        lastStatusCode: null,
        lastError: reason,
        nextAttemptAt: null,
      });
    }
    expect(allowed.at('/credentials')).toEqual([]);
  });

  it("never keeps nor shows the receiver's answer: only its status and our reason", async () => {
    const secret = 'SECRETO-interno password=hunter2';
    allowed.on('/leaky-500', () => ({
      status: 500,
      body: `${secret}\n`.repeat(50),
      headers: { 'x-internal': secret },
    }));
    allowed.on('/leaky-302', () => ({ status: 302, headers: { location: `http://10.0.0.1/admin?token=${secret}` } }));
    const reasons: string[] = [];
    for (const [path, reason] of [
      ['/leaky-500', 'El receptor respondió 500'],
      ['/leaky-302', 'El receptor respondió 302: redirección no seguida'],
    ]) {
      const created = await create(allowed.url(path));
      const delivery = await tried(created.body.id);
      expect(delivery).toMatchObject({ status: 'Pending', lastError: reason });
      expect(delivery.lastStatusCode).toBe(Number(path.slice(-3)));
      reasons.push(JSON.stringify(delivery));
      await remove(created.body.id);
    }
    expect(allowed.at('/leaky-500').length).toBeGreaterThanOrEqual(1);
    const everything = JSON.stringify([reasons, await app.sql(`SELECT * FROM webhook_deliveries`)]);
    expect(everything).not.toMatch(/SECRETO|hunter2|10\.0\.0\.1\/admin/);
  });

  it('the migration rewrites stored reasons that quoted an answer, and only those', async () => {
    const created = await create(allowed.url('/old'));
    const old = [
      [500, 'HTTP 500: {"error":"db password=hunter2"}'],
      [302, 'HTTP 302: redirección no seguida (http://10.0.0.1/admin?token=abc)'],
      [503, 'HTTP 503'],
      [null, 'Sin respuesta en 10000 ms'],
      [null, 'No se pudo conectar: ECONNREFUSED'],
      [null, null],
    ];
    for (const [code, error] of old)
      await app.sql(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, payload, status, next_attempt_at,
                                         last_status_code, last_error)
         VALUES ($1, gen_random_uuid(), 'webhook.test', '{}', 2, now() + interval '1 day', $2, $3)`,
        [created.body.id, code, error],
      );
    const runner = { query: (sql: string) => app.sql(sql) } as unknown as QueryRunner;
    await new WebhookErrorsWithoutBodies1764000000055().up(runner);
    const rows = await app.sql(`SELECT last_error FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY id`, [
      created.body.id,
    ]);
    expect(rows.map((r) => r.last_error)).toEqual([
      'El receptor respondió 500',
      'El receptor respondió 302: redirección no seguida',
      'El receptor respondió 503',
      'Sin respuesta en 10000 ms',
      'No se pudo conectar: ECONNREFUSED',
      null,
    ]);
  });
});
