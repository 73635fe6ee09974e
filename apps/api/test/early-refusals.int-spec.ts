import { attendee, createSession, registerOnline, TestApp, type ApiResponse } from '@evreg/testing';
import { SessionRoom } from '../src/modules/booking-engine/session-room';
import { HoldsService } from '../src/modules/holds/holds.service';
import { BookingService } from '../src/modules/registrations/booking.service';
import { EarlyRefusals } from '../src/modules/registrations/early-refusals';
import { bookingDecisions, httpDuration } from '../src/observability/metrics';

/** Refusals before Nest (docs/domain.md, "Refusals without a round trip"): on a full session known to the instance,
 * the preHandler's answer is the Nest path's answer byte for byte (status, body, headers), counted the same way; any
 * request the Nest path would answer otherwise still goes through Nest. Two instances on one database: `fast` as
 * production runs, `nest` with the early refusals off. */
describe('Refusals before Nest', () => {
  let fast: TestApp;
  let nest: TestApp;
  let nextPerson = 91_000;
  const ORIGIN = 'https://reservas.example.org';

  beforeAll(async () => {
    const env = {
      APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba',
      HOLD_SWEEP_INTERVAL_MS: '300000',
      CORS_ORIGINS: ORIGIN,
    };
    fast = await TestApp.start({ env });
    nest = await TestApp.start({ env, databaseName: fast.databaseName! });
    nest.running.app.get(EarlyRefusals).enabled = false;
  }, 60_000);
  afterAll(async () => {
    await nest?.running.close();
    await fast?.close();
  });

  const room = (app: TestApp) => app.running.app.get(SessionRoom);

  /** A session full for everyone (no seat, no waiting place) whose room both instances keep in memory; `holder`
   * holds its last seat. */
  async function fullSession(holder?: string): Promise<number> {
    const { sessionId } = await createSession(fast, { maxAttendees: holder ? 2 : 1, maxQueueSpots: 0 });
    await registerOnline(fast, sessionId, nextPerson++, 1);
    if (holder) {
      const held = await fast.request('POST', '/api/ticketholds', {
        body: { eventSessionId: sessionId, sessionToken: holder, numberOfSpots: 1 },
      });
      expect(held.status).toBe(200);
    }
    // Any notification of the writes above has arrived (they arrive in commit order) before the room is read: a read
    // that saw one arrive is thrown away.
    const before = [fast, nest].map((app) => room(app).notificationsOf(sessionId));
    const arrived = () => [fast, nest].every((app, i) => room(app).notificationsOf(sessionId) > before[i]);
    await fast.sql(`SELECT pg_notify('session_room', $1)`, [String(sessionId)]);
    for (let i = 0; i < 1000 && !arrived(); i++) await new Promise((r) => setTimeout(r, 5));
    for (const app of [fast, nest]) {
      await room(app).refused(sessionId);
      expect(room(app).decidesFromMemory(sessionId)).toBe(true);
    }
    return sessionId;
  }

  interface Call {
    path: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  }
  const holdCall = (sessionId: number, token: string, numberOfSpots: unknown = 1): Call => ({
    path: '/api/ticketholds',
    body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots },
  });
  const registrationCall = (sessionId: number, overrides: Record<string, unknown> = {}, token?: string): Call => ({
    path: `/api/events/sessions/${sessionId}/registrations`,
    body: { eventSessionId: sessionId, ...attendee(nextPerson++), ...overrides },
    headers: token ? { 'x-session-token': token } : {},
  });
  const bulkCall = (sessionId: number, token?: string): Call => ({
    path: `/api/events/sessions/${sessionId}/bulk-registrations`,
    body: { registrations: [attendee(nextPerson++), { eventSessionId: sessionId, ...attendee(nextPerson++) }] },
    headers: token ? { 'x-session-token': token } : {},
  });

  const send = (app: TestApp, call: Call, language?: string) =>
    app.request('POST', call.path, {
      body: call.body,
      rawBody: call.rawBody,
      headers: { origin: ORIGIN, ...(language ? { 'accept-language': language } : {}), ...call.headers },
    });

  /** Every header but the ones that differ from one answer to the next. */
  function headersOf(response: ApiResponse): Record<string, string> {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'x-request-id') headers[name] = value;
    });
    return headers;
  }
  const withoutClock = (body: unknown) =>
    body && typeof body === 'object' && 'serverTime' in body ? { ...body, serverTime: 'clock' } : body;

  /** The answer of each instance, with how many times each reached the service's method behind the route. */
  async function both(call: Call, language?: string) {
    const method = call.path === '/api/ticketholds' ? 'hold' : 'registerPublic';
    const service = (app: TestApp) =>
      method === 'hold' ? app.running.app.get(HoldsService) : app.running.app.get(BookingService);
    const spies = [fast, nest].map((app) =>
      jest.spyOn(service(app) as unknown as Record<string, (...args: unknown[]) => unknown>, method),
    );
    try {
      const early = await send(fast, call, language);
      const full = await send(nest, call, language);
      return { early, full, reached: spies.map((s) => s.mock.calls.length) };
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  }

  const decisions = async (reason: string) =>
    (await bookingDecisions.get()).values.find((v) => v.labels.decision === 'refused' && v.labels.reason === reason)
      ?.value ?? 0;
  const timed = async (route: string, status: number) =>
    (await httpDuration.get()).values.find(
      (v) =>
        v.metricName === 'evreg_http_request_duration_seconds_count' &&
        v.labels.method === 'POST' &&
        v.labels.route === route &&
        v.labels.status === String(status),
    )?.value ?? 0;

  it.each([
    ['a hold', 'es', 'NO_SPOTS'],
    ['a hold', 'en', 'NO_SPOTS'],
    ['a registration', 'es', 'FULL'],
    ['a registration', 'en', 'FULL'],
    ['a bulk registration', 'es', 'FULL'],
    ['a bulk registration', 'en', 'FULL'],
  ])(
    "%s refused in %s: the Nest path's answer without entering it, counted the same",
    async (kind, language, code) => {
      const sessionId = await fullSession();
      const token = `refusal-fast-${kind.length}-${language}-token`;
      const call =
        kind === 'a hold'
          ? holdCall(sessionId, token)
          : kind === 'a registration'
            ? registrationCall(sessionId, {}, token)
            : bulkCall(sessionId, token);
      const route = kind === 'a hold' ? '/api/ticketholds' : call.path.replace(String(sessionId), ':eventSessionId');

      const counted = await decisions(code);
      const timedBefore = await timed(route, 409);
      const early = await send(fast, call, language === 'en' ? 'en-GB,en;q=0.9' : undefined);
      expect(await decisions(code)).toBe(counted + 1);
      // Timed once the answer is sent (onResponse), which may come a moment after the client has it.
      for (let i = 0; i < 200 && (await timed(route, 409)) === timedBefore; i++)
        await new Promise((r) => setTimeout(r, 5));
      expect(await timed(route, 409)).toBe(timedBefore + 1);

      const { early: again, full, reached } = await both(call, language === 'en' ? 'en-GB,en;q=0.9' : undefined);
      expect(reached).toEqual([0, 1]);
      expect(await decisions(code)).toBe(counted + 3);
      for (const answer of [early, again]) {
        expect(answer.status).toBe(409);
        // The text itself, fields in the same order (the hold's clock aside).
        expect(JSON.stringify(withoutClock(answer.body))).toBe(JSON.stringify(withoutClock(full.body)));
        expect(headersOf(answer)).toEqual(headersOf(full));
      }
      expect(full.body.code).toBe(code);
      expect(full.headers.get('content-language')).toBe(language);
      expect(headersOf(full)).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': ORIGIN,
        'x-frame-options': 'DENY',
      });
      expect(full.headers.get('vary')).toMatch(/Accept-Language/);
    },
    60_000,
  );

  it('speaks the catalogs: Spanish and English messages of a full session', async () => {
    const sessionId = await fullSession();
    const es = await send(fast, registrationCall(sessionId));
    const en = await send(fast, registrationCall(sessionId), 'en');
    expect(es.body).toMatchObject({
      code: 'FULL',
      message: 'Completo: no quedan plazas ni sitio en la lista de espera',
    });
    expect(en.body.code).toBe('FULL');
    expect(en.body.message).not.toBe(es.body.message);
    expect(en.body.title).not.toBe(es.body.title);
  }, 60_000);

  it('what the Nest path refuses otherwise still goes through it, with the same answers', async () => {
    const sessionId = await fullSession();
    const cases: [string, Call][] = [
      ['a hold of 3 spots (the pipe)', holdCall(sessionId, 'refusal-fast-pipe-token', 3)],
      [
        'a hold with an unknown field',
        {
          ...holdCall(sessionId, 'refusal-fast-pipe-token'),
          body: { eventSessionId: sessionId, sessionToken: 'refusal-fast-pipe-token', extra: 1 },
        },
      ],
      ['a hold with a bad token', holdCall(sessionId, 'corto')],
      ['a hold naming an id beyond int4', holdCall(2_147_483_648, 'refusal-fast-pipe-token')],
      ['a name of the wrong type', registrationCall(sessionId, { firstName: 5 })],
      ['a text with a NUL byte', registrationCall(sessionId, { lastName: 'Apellido\u0000' })],
      [
        'an e-mail the attendee rules refuse',
        registrationCall(sessionId, { email: 'sin-arroba', confirmEmail: 'sin-arroba' }),
      ],
      ['another session in the body', registrationCall(sessionId, { eventSessionId: sessionId + 1 })],
      ['a bad X-Session-Token', registrationCall(sessionId, {}, 'no válido')],
      ['three people', { ...bulkCall(sessionId), body: { registrations: [attendee(1), attendee(2), attendee(3)] } }],
      ['no people', { ...bulkCall(sessionId), body: { registrations: [] } }],
      ['not JSON', { ...registrationCall(sessionId), body: undefined, rawBody: '{"firstName":' }],
    ];
    for (const [label, call] of cases) {
      for (const language of [undefined, 'en']) {
        const { early, full, reached } = await both(call, language);
        expect({ label, status: early.status }).toEqual({ label, status: full.status });
        expect(full.status).toBe(400);
        expect(withoutClock(early.body)).toEqual(withoutClock(full.body));
        expect(headersOf(early)).toEqual(headersOf(full));
        // Past the parser, the request entered Nest on both (the pipe's refusals never reach the service).
        expect({ label, reached: reached[0] }).toEqual({ label, reached: reached[1] });
      }
    }
    // The pipe's answer names the fields, and the person's (AttendeeFieldErrorsInterceptor).
    const typed = await send(fast, registrationCall(sessionId, { firstName: 5 }));
    expect(typed.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { firstName: [expect.any(String)] } });
    expect(typed.body.attendeeErrors).toEqual({ 0: [expect.any(String)] });
  }, 60_000);

  it('a token holding spots in the room goes to the database, and books', async () => {
    const holder = 'refusal-fast-holder-token';
    const sessionId = await fullSession(holder);
    const { early, reached } = await both(registrationCall(sessionId, {}, holder));
    expect(reached[0]).toBe(1);
    expect(early).toMatchObject({ status: 201, body: { queued: false } });
  }, 60_000);

  it('outside a full session nothing is answered early', async () => {
    const { sessionId } = await createSession(fast, { maxAttendees: 5, maxQueueSpots: 0 });
    const { early, reached } = await both(holdCall(sessionId, 'refusal-fast-open-token'));
    expect(early.status).toBe(200);
    expect(reached[0]).toBe(1);
  }, 60_000);
});
