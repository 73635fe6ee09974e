import type { AppConfig } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.module';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { bookingReference } from '@evreg/contracts';
import { attendee, createSession, dni, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

describe('Public booking: holds and registrations', () => {
  let app: TestApp;

  beforeAll(async () => {
    // No sweep during these tests: one checks an expired hold still sits in the counter until something reclaims it.
    app = await TestApp.start({ env: { HOLD_SWEEP_INTERVAL_MS: String(300_000) } });
  });
  afterAll(() => app.close());

  const hold = (sessionId: number, token: string, numberOfSpots = 1) =>
    app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots, userId: null },
    });
  const register = (sessionId: number, body: object, token?: string) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...body },
      headers: token ? { 'x-session-token': token } : {},
    });
  const registerTwo = (sessionId: number, people: object[], token?: string) =>
    app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
      body: { registrations: people.map((p) => ({ eventSessionId: sessionId, ...p })) },
      headers: token ? { 'x-session-token': token } : {},
    });
  const rows = async (sessionId: number) =>
    (await app.sql(`SELECT count(*)::int AS n FROM registrations WHERE session_id = $1`, [sessionId]))[0].n;
  const emails = async (sessionId: number) =>
    app.sql(`SELECT email_type, email_address, data FROM email_messages WHERE session_id = $1 ORDER BY id`, [
      sessionId,
    ]);

  it('holds spots, then the registration consumes the hold: one seat, a consent, a Registration e-mail recorded', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const held = await hold(sessionId, 'visitante-token-a', 1);
    expect(held.status).toBe(200);
    expect(held.body.success).toBe(true);
    const minutes = (Date.parse(held.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(2.9);
    expect(minutes).toBeLessThanOrEqual(3);

    const res = await register(sessionId, attendee(1), 'visitante-token-a');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      queued: false,
      queuePosition: null,
      results: [
        {
          success: true,
          registrationId: res.body.id,
          queued: false,
          queuePosition: null,
          ticketCode: expect.stringMatching(/^\d+-[A-Z2-7]{26}$/),
        },
      ],
      totalRegistrations: 1,
      totalQueued: 0,
      message: 'Inscripción completada',
      reference: bookingReference(res.body.id),
    });
    expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 0 },
    ]);
    const [consent] = await app.sql(
      `SELECT consent_type, is_consented, ip_address FROM consents WHERE registration_id = $1`,
      [res.body.id],
    );
    expect(consent).toMatchObject({ consent_type: 'PrivacyPolicy', is_consented: true });
    expect(consent.ip_address).toBeTruthy();
    expect(await emails(sessionId)).toEqual([
      { email_type: 'Registration', email_address: 'persona1@example.com', data: {} },
    ]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a hold stops counting the moment it expires, before anything deletes it', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1 });
    expect((await hold(sessionId, 'visitante-token-b')).status).toBe(200);
    const refused = await hold(sessionId, 'visitante-token-c');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'NO_SPOTS',
      message: 'No quedan plazas libres suficientes para reservar',
      expiresAt: null,
    });
    await app.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [
      sessionId,
    ]);
    const sessions = await app.sql(`SELECT held_spots FROM event_sessions WHERE id = $1`, [sessionId]);
    expect(sessions[0].held_spots).toBe(1);
    expect((await hold(sessionId, 'visitante-token-c')).status).toBe(200);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a new hold of the same token replaces the old one; expire releases it at once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2 });
    await hold(sessionId, 'visitante-token-d', 2);
    await hold(sessionId, 'visitante-token-d', 1);
    expect(await app.sql(`SELECT spots FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([{ spots: 1 }]);
    expect((await hold(sessionId, 'visitante-token-e', 1)).status).toBe(200);
    const released = await app.request('POST', '/api/ticketholds/expire', {
      headers: { 'x-session-token': 'visitante-token-d' },
    });
    expect(released.status).toBe(200);
    expect((await hold(sessionId, 'visitante-token-f', 1)).status).toBe(200);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('seats one and queues the companion when one place is left, all in one answer', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const res = await registerTwo(sessionId, [attendee(10), attendee(11)]);
    expect(res.status).toBe(201);
    expect(res.body.results).toEqual([
      {
        success: true,
        registrationId: expect.any(Number),
        queued: false,
        queuePosition: null,
        ticketCode: expect.stringMatching(/^\d+-[A-Z2-7]{26}$/),
      },
      // The companion queued gets a ticket only when promoted.
      { success: true, registrationId: expect.any(Number), queued: true, queuePosition: 1, ticketCode: null },
    ]);
    expect(res.body).toMatchObject({
      totalRegistrations: 1,
      totalQueued: 1,
      message: 'Una persona inscrita y otra en la lista de espera',
      // The booking's reference is the first person's, on the bulk route too.
      reference: bookingReference(res.body.results[0].registrationId),
    });
    expect((await emails(sessionId)).map((e) => [e.email_type, e.data])).toEqual([
      ['Registration', {}],
      ['Queue', { queuePosition: 1 }],
    ]);
    const next = await register(sessionId, attendee(12));
    expect(next.body).toMatchObject({
      reference: bookingReference(next.body.id),
      queued: true,
      queuePosition: 2,
      message: 'Añadido a la lista de espera en la posición 2',
    });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('cancellation frees the seat and promotes the first in the queue, with e-mails; the link works once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const seated = await register(sessionId, attendee(20));
    const first = await register(sessionId, attendee(21));
    const second = await register(sessionId, attendee(22));
    expect([first.body.queuePosition, second.body.queuePosition]).toEqual([1, 2]);

    const admin = await app.adminToken();
    const cancelled = await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: admin });
    expect(cancelled.status).toBe(200);
    const states = await app.sql(
      `SELECT id, state, queue_position FROM registrations WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );
    expect(states).toEqual([
      { id: seated.body.id, state: 1, queue_position: null },
      { id: first.body.id, state: 0, queue_position: null },
      { id: second.body.id, state: 2, queue_position: 1 },
    ]);
    // The seat is given back (and the promotion recorded) before the row is marked cancelled.
    expect((await emails(sessionId)).map((e) => e.email_type).slice(-2)).toEqual(['Promotion', 'Cancellation']);
    expect((await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: admin })).status).toBe(
      409,
    );
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a locked session does not promote automatically', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const seated = await register(sessionId, attendee(30));
    await register(sessionId, attendee(31));
    await app.sql(`UPDATE event_sessions SET is_promotion_locked = true WHERE id = $1`, [sessionId]);
    await app.request('POST', `/api/registrations/${seated.body.id}/cancel`, { token: await app.adminToken() });
    expect(
      await app.sql(`SELECT state FROM registrations WHERE session_id = $1 AND email = 'persona31@example.com'`, [
        sessionId,
      ]),
    ).toEqual([{ state: 2 }]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  describe('refusals write nothing', () => {
    it.each([
      ['missing first name', { firstName: '' }, 'Nombre es requerido'],
      ['missing last name', { lastName: ' ' }, 'Apellidos son requeridos'],
      ['invalid e-mail', { email: 'no-es-email', confirmEmail: 'no-es-email' }, 'Correo electrónico no es válido'],
      ['e-mail mismatch', { confirmEmail: 'otra@example.com' }, 'Los correos no coinciden (confirmar correo)'],
      ['invalid DNI/NIE', { userTaxId: '12345678A' }, 'DNI/NIE no es válido: revisa los números y la letra'],
      ['missing consent', { gdprConsent: false }, 'Debe aceptar la política de privacidad para continuar'],
      ['implausible phone', { telephoneNumber: '12' }, 'Teléfono no es válido'],
      // Every length names the field in Spanish and its limit (ATTENDEE_LIMITS, the columns' sizes).
      ['too long first name', { firstName: 'A'.repeat(101) }, 'Nombre es demasiado largo (máximo 100 caracteres)'],
      ['too long last name', { lastName: 'B'.repeat(151) }, 'Apellidos son demasiado largos (máximo 150 caracteres)'],
      [
        'too long e-mail',
        { email: `${'c'.repeat(250)}@example.com`, confirmEmail: `${'c'.repeat(250)}@example.com` },
        [
          'Correo electrónico es demasiado largo (máximo 254 caracteres)',
          'Confirmar correo es demasiado largo (máximo 254 caracteres)',
        ],
      ],
      ['too long DNI/NIE', { userTaxId: '1'.repeat(31) }, 'DNI/NIE es demasiado largo (máximo 30 caracteres)'],
      ['too long phone', { telephoneNumber: '6'.repeat(31) }, 'Teléfono es demasiado largo (máximo 30 caracteres)'],
      // Far beyond any limit (once a DTO limit answered these on `errors` only, without the person's index).
      [
        'a first name of 5000 characters',
        { firstName: 'x'.repeat(5000) },
        'Nombre es demasiado largo (máximo 100 caracteres)',
      ],
      ['a first name that is no text', { firstName: 5 }, 'Nombre debe ser un texto'],
    ] as [string, Record<string, unknown>, string | string[]][])('%s', async (_case, override, expected) => {
      const messages = typeof expected === 'string' ? [expected] : expected;
      const { sessionId } = await createSession(app);
      const res = await register(sessionId, attendee(40, override));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        title: 'Error de validación',
        message: messages[0],
        attendeeErrors: { 0: messages },
      });
      expect(await rows(sessionId)).toBe(0);
    });

    it('a companion’s field is refused beside the companion (attendeeErrors[1]), by the rules and by the pipe', async () => {
      const { sessionId } = await createSession(app);
      const phone = await registerTwo(sessionId, [attendee(43), attendee(44, { telephoneNumber: 'llámame' })]);
      expect(phone.status).toBe(400);
      expect(phone.body).toMatchObject({
        title: 'Error de validación',
        message: 'Teléfono no es válido',
        attendeeErrors: { 1: ['Teléfono no es válido'] },
      });
      const long = await registerTwo(sessionId, [
        attendee(45, { lastName: 'L'.repeat(300) }),
        attendee(46, { firstName: 'N'.repeat(101) }),
      ]);
      expect(long.body.attendeeErrors).toEqual({
        0: ['Apellidos son demasiado largos (máximo 150 caracteres)'],
        1: ['Nombre es demasiado largo (máximo 100 caracteres)'],
      });
      const notText = await registerTwo(sessionId, [attendee(47), attendee(48, { userTaxId: 12345678 })]);
      expect(notText.status).toBe(400);
      expect(notText.body).toMatchObject({
        title: 'Error de validación',
        errors: { 'registrations.1.userTaxId': ['DNI/NIE debe ser un texto'] },
        attendeeErrors: { 1: ['DNI/NIE debe ser un texto'] },
      });
      expect(await rows(sessionId)).toBe(0);
    });

    it('two attendees who are the same person', async () => {
      const { sessionId } = await createSession(app);
      const res = await registerTwo(sessionId, [attendee(41), attendee(41)]);
      expect(res.status).toBe(400);
      expect(res.body.attendeeErrors).toEqual({
        1: [
          'El acompañante debe tener un correo electrónico distinto',
          'El acompañante debe tener un DNI/NIE distinto',
        ],
      });
      expect(await rows(sessionId)).toBe(0);
    });

    it('unknown session', async () => {
      const res = await register(999999, attendee(42));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SESSION_NOT_FOUND');
    });

    it.each([
      ['draft event', { eventStatus: 0 }, 'EVENT_NOT_LIVE'],
      ['closed registration', { isRegistrationOpen: false }, 'REGISTRATION_CLOSED'],
      ['past session', { startsInHours: -1 }, 'SESSION_STARTED'],
    ])('%s', async (_case, options, code) => {
      const { sessionId } = await createSession(app, options);
      const res = await register(sessionId, attendee(43));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(code);
      expect((await hold(sessionId, 'visitante-token-x')).body.code).toBe(code);
      expect(await rows(sessionId)).toBe(0);
      expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
        { n: 0 },
      ]);
    });

    it('full session and full waiting list; a two-person request is all or nothing', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 1 });
      await register(sessionId, attendee(44));
      await registerTwo(sessionId, [attendee(45), attendee(46)]).then((res) => {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          code: 'FULL',
          message: 'Completo: no quedan plazas ni sitio en la lista de espera',
        });
      });
      expect(await rows(sessionId)).toBe(1);
      expect((await register(sessionId, attendee(45))).body.queuePosition).toBe(1);
      expect((await register(sessionId, attendee(47))).status).toBe(409);
      expect(await rows(sessionId)).toBe(2);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });

    it('a person already registered or waiting, by e-mail or by DNI/NIE', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
      await register(sessionId, attendee(48));
      await register(sessionId, attendee(49));
      const byEmail = await register(
        sessionId,
        attendee(50, { email: 'PERSONA48@example.com ', confirmEmail: 'persona48@example.com' }),
      );
      expect(byEmail.status).toBe(409);
      expect(byEmail.body.attendeeErrors).toEqual({
        0: ['Ya existe una inscripción con este correo electrónico en esta sesión'],
      });
      const byTaxId = await register(sessionId, attendee(51, { userTaxId: dni(49).toLowerCase() }));
      expect(byTaxId.body.attendeeErrors).toEqual({ 0: ['Ya existe una inscripción con este DNI/NIE en esta sesión'] });
      expect(await rows(sessionId)).toBe(2);
    });

    it('a blacklisted person, until the entry expires', async () => {
      const { eventId, sessionId } = await createSession(app);
      await app.sql(
        `INSERT INTO blacklist_entries (event_id, email, reason, expires_at) VALUES ($1, 'persona52@example.com', 0, now() + interval '10 days')`,
        [eventId],
      );
      const res = await register(sessionId, attendee(52));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('BLACKLISTED');
      // No date: the person gets it by e-mail (probing.int-spec.ts).
      expect(res.body.attendeeErrors).toEqual({
        0: ['No es posible inscribirse con este correo electrónico. Hemos enviado los detalles a esa dirección.'],
      });
      expect(await rows(sessionId)).toBe(0);
      await app.sql(
        `UPDATE blacklist_entries SET expires_at = now() - interval '1 second' WHERE email = 'persona52@example.com'`,
      );
      expect((await register(sessionId, attendee(52))).status).toBe(201);
    });
  });

  describe('cancellation link', () => {
    it('shows what will be cancelled, cancels once, then refuses; a forged token is refused', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
      const res = await register(sessionId, attendee(60));
      const waiting = await register(sessionId, attendee(61));
      const config = app.running.app.get<symbol, AppConfig>(APP_CONFIG);
      const token = cancellationToken(config.appSecret, res.body.id);

      const preview = await app.request('GET', `/api/registrations/cancellation/${token}`);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        registrationId: res.body.id,
        firstName: 'Nombre60',
        queued: false,
        startTime: '10:00:00',
      });
      expect(preview.body).not.toHaveProperty('email');
      expect(await app.sql(`SELECT state FROM registrations WHERE id = $1`, [res.body.id])).toEqual([{ state: 0 }]);

      const done = await app.request('POST', `/api/registrations/cancellation/${token}`);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Inscripción cancelada');
      expect(await app.sql(`SELECT state FROM registrations WHERE id = $1`, [waiting.body.id])).toEqual([{ state: 0 }]);

      for (const method of ['GET', 'POST']) {
        const again = await app.request(method, `/api/registrations/cancellation/${token}`);
        expect(again.status).toBe(410);
        expect(again.body.message).toBe('El enlace de cancelación no es válido o ya se ha usado');
      }
      const forged = `${waiting.body.id}-${token.split('-').slice(1).join('-')}`;
      expect((await app.request('POST', `/api/registrations/cancellation/${forged}`)).status).toBe(410);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });
  });
});
