import { attendee, captureOutput, createSession, dni, TEST_ADMIN_EMAIL, TestApp } from '@evreg/testing';

/** Metrics and logs (docs/architecture.md, "Metrics, logs and traces"): /api/metrics only for METRICS_TOKEN, the
 * METRICS_PORT listener on loopback, booking decisions counted, no personal data in metrics or logs, the request id
 * echoed and logged. One app for the whole file, logging at debug. */
const METRICS_TOKEN = 'metricas-de-prueba-0123456789';

/** The sample of `name` whose labels include all of `labels` (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return 0;
}

describe('Observability: /metrics and the logs', () => {
  let app: TestApp;
  let output: ReturnType<typeof captureOutput>;
  const person = attendee(7301, {
    firstName: 'Eulalia',
    lastName: 'Zubizarreta Quintana',
    telephoneNumber: '611223344',
  });

  beforeAll(async () => {
    output = captureOutput();
    app = await TestApp.start({ env: { LOG_LEVEL: 'debug', METRICS_TOKEN, METRICS_PORT: '0', METRICS_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await app.close();
    output.restore();
  });

  const scrape = async () => {
    const res = await app.request('GET', '/api/metrics', { token: METRICS_TOKEN });
    expect(res.status).toBe(200);
    return res.body as string;
  };

  it('refuses /api/metrics without the token or with another (401), a staff token included', async () => {
    const anonymous = await app.request('GET', '/api/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/METRICS_TOKEN/),
    });
    expect((await app.request('GET', '/api/metrics', { token: `${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await app.request('GET', '/api/metrics', { token: await app.adminToken() })).status).toBe(401);
    const res = await app.request('GET', '/api/metrics', { token: METRICS_TOKEN });
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^evreg_process_process_cpu_user_seconds_total /m);

    // The separate listener: loopback only, no token.
    const port = app.running.metricsPort;
    expect(port).toEqual(expect.any(Number));
    const local = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toMatch(/^# TYPE evreg_booking_decisions_total counter/m);
    expect((await fetch(`http://127.0.0.1:${port}/otra`)).status).toBe(404);
  });

  it('counts a booking and a refusal, with the gauges of the outboxes, the queue and the pool, and no personal data', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 0 });
    const before = await scrape();
    const token = 'visitante-metricas-1';
    const held = await app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots: 1 },
    });
    expect(held.status).toBe(200);
    const booked = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...person },
      headers: { 'x-session-token': token },
    });
    expect(booked.status).toBe(201);
    // The only seat is taken and there is no waiting list: a second hold is refused.
    const refusedHold = await app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: 'visitante-metricas-2', numberOfSpots: 1 },
    });
    expect(refusedHold.status).toBe(409);
    const reason = refusedHold.body.code as string;

    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      sample(after, 'evreg_booking_decisions_total', labels) - sample(before, 'evreg_booking_decisions_total', labels);
    expect({
      held: delta({ decision: 'held' }),
      registered: delta({ decision: 'registered' }),
      queued: delta({ decision: 'queued' }),
      refused: delta({ decision: 'refused', reason }),
    }).toEqual({ held: 1, registered: 1, queued: 0, refused: 1 });
    expect(
      sample(after, 'evreg_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/events/sessions/:eventSessionId/registrations',
        status: '201',
      }),
    ).toBeGreaterThanOrEqual(1);
    // The registration's e-mail waits in the outbox (no SMTP configured): the backlog shows it, with its age.
    expect(sample(after, 'evreg_outbox_pending', { channel: 'email' })).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^evreg_outbox_oldest_pending_age_seconds\{channel="sms"\} 0$/m);
    expect(after).toMatch(/^evreg_queue_jobs\{state="failed"\} \d+$/m);
    expect(sample(after, 'evreg_redis_up')).toBe(1);
    expect(sample(after, 'evreg_db_pool_connections', { state: 'max' })).toBe(5);
    expect(after).toMatch(/^evreg_booking_batch_size_count \d+$/m);

    const personal = [person.email, person.firstName, person.lastName, person.userTaxId, '611223344', token];
    expect(personal.filter((value) => after.includes(value))).toEqual([]);
    // No label value is an id: every label is a closed set (routes as templates).
    expect(after).not.toMatch(/route="[^"]*\/\d+/);
  });

  it('echoes a sane X-Request-Id (else makes one) and logs the request with it, its route, status and duration', async () => {
    const given = await app.request('GET', '/api/health', { headers: { 'x-request-id': 'prueba-req-0001' } });
    expect(given.headers.get('x-request-id')).toBe('prueba-req-0001');
    const made = await app.request('GET', '/api/health', { headers: { 'x-request-id': 'no vale\tpor espacios' } });
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = output.lines().filter((l) => l.msg === 'request');
    expect(lines.find((l) => l.reqId === 'prueba-req-0001')).toEqual({
      level: 'info',
      time: expect.any(String),
      msg: 'request',
      reqId: 'prueba-req-0001',
      method: 'GET',
      route: '/api/health',
      status: given.status,
      durationMs: expect.any(Number),
    });
    expect(lines.find((l) => l.reqId === id)).toBeDefined();
  });

  it('writes no personal data or secret to the logs of the whole run', async () => {
    // More of what a day brings: a sign-in, a staff search by e-mail and DNI, a cancellation link.
    const admin = await app.adminToken();
    await app.request('GET', `/api/events/registrations?search=${encodeURIComponent(person.email)}`, { token: admin });
    await app.request('GET', `/api/events/registrations?search=${dni(7301)}`, { token: admin });
    await app.request('GET', '/api/registrations/cancellation/token-de-cancelacion-inventado');
    const text = output.raw.join('');
    expect(output.lines().length).toBeGreaterThan(10);
    const secrets = [
      person.email,
      person.firstName,
      person.lastName,
      person.userTaxId,
      '611223344',
      TEST_ADMIN_EMAIL,
      admin,
      METRICS_TOKEN,
      'token-de-cancelacion-inventado',
      'visitante-metricas-1',
    ];
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
  });
});
