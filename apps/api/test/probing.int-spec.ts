import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { attendee, createSession } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** docs/domain.md, "Probing the blacklist and staff accounts": the public booking and the staff sign-in must not
 * tell strangers who is blacklisted (or until when) or which staff accounts exist, and refusals about people are
 * rate-limited per address, session token and IP across instances. */
describe('Probing the blacklist and staff accounts', () => {
  const BLACKLISTED =
    'No es posible inscribirse con este correo electrónico. Hemos enviado los detalles a esa dirección.';
  const APP_SECRET = randomBytes(32).toString('hex');
  const ENV = {
    APP_SECRET,
    TRUST_PROXY: 'true',
    PUBLIC_REFUSALS_PER_ADDRESS: '3',
    PUBLIC_REFUSALS_PER_TOKEN: '5',
    PUBLIC_REFUSALS_PER_IP: '8',
    PUBLIC_REFUSAL_WINDOW_MINUTES: '60',
    LOGIN_MAX_FAILURES: '3',
    EMAIL_SWEEP_INTERVAL_MS: '300',
  };
  let app: TestApp;
  /** A second instance on the same database (the concurrency test). */
  let second: TestApp | undefined;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: ENV });
    await useSmtp(app, await app.adminToken(), smtp);
  });
  afterAll(async () => {
    // The second instance first: closing one of two apps sharing a database, then using the other, is not
    // supported by the test harness (other files close both together too).
    await second?.running.close();
    await app?.close();
    await smtp?.stop();
  });

  // Every attempt comes from its own visitor (token and IP) unless a test says otherwise.
  let visitors = 0;
  const visitor = () => {
    visitors++;
    return {
      token: `visitante-${visitors}-${randomBytes(6).toString('hex')}`,
      ip: `10.1.${visitors >> 8}.${visitors & 255}`,
    };
  };
  const book = (
    sessionId: number,
    people: object[],
    who: { token?: string; ip?: string } = visitor(),
    target: TestApp = app,
  ) => {
    const headers: Record<string, string> = {};
    if (who.token) headers['x-session-token'] = who.token;
    if (who.ip) headers['x-forwarded-for'] = who.ip;
    return people.length === 1
      ? target.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...people[0] },
          headers,
        })
      : target.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
          body: { registrations: people.map((p) => ({ eventSessionId: sessionId, ...p })) },
          headers,
        });
  };
  const blacklist = (email: string, names = { first: 'Marta', last: 'Bloqueada' }) =>
    app.sql(
      `INSERT INTO blacklist_entries (email, first_name, last_name, reason, expires_at)
       VALUES ($1, $2, $3, 0, '2099-12-31T22:59:59.999Z')`,
      [email, names.first, names.last],
    );
  const rows = async (sessionId: number) =>
    (await app.sql(`SELECT count(*)::int AS n FROM registrations WHERE session_id = $1`, [sessionId]))[0].n;
  const refusalNotices = (email: string) =>
    app.sql(
      `SELECT id, session_id, recipient_name, data FROM email_messages
        WHERE email_type = 'Blacklist' AND email_address = $1 AND data ? 'refusedRegistration' ORDER BY id`,
      [email],
    );

  describe('the answer to a blacklisted attendee', () => {
    it('the companion trick (book yourself, then add the target) answers the same for a blacklisted and an unknown companion', async () => {
      const { sessionId } = await createSession(app);
      const self = attendee(7001);
      const blocked = attendee(7002);
      const unknown = attendee(7003);
      await blacklist(blocked.email);
      expect((await book(sessionId, [self])).status).toBe(201);

      const withBlocked = await book(sessionId, [self, blocked]);
      const withUnknown = await book(sessionId, [self, unknown]);
      expect(withBlocked.status).toBe(409);
      expect(withBlocked.body).toEqual(withUnknown.body);
      expect(withBlocked.body).toEqual({
        statusCode: 409,
        code: 'DUPLICATE_REGISTRATION',
        message: 'Ya existe una inscripción con este correo electrónico en esta sesión',
        title: 'Inscripción no realizada',
        attendeeErrors: {
          0: [
            'Ya existe una inscripción con este correo electrónico en esta sesión',
            'Ya existe una inscripción con este DNI/NIE en esta sesión',
          ],
        },
      });
      expect(JSON.stringify(withBlocked.body)).not.toMatch(/2099|hasta/);
      expect(await rows(sessionId)).toBe(1);
      // Nothing was said to the blocked person either: nothing was asked about them.
      expect(await refusalNotices(blocked.email)).toEqual([]);
    });

    it('a full or closed session answers the same whether or not an attendee is blacklisted', async () => {
      const full = await createSession(app, { maxAttendees: 1, maxQueueSpots: 0 });
      expect((await book(full.sessionId, [attendee(7010)])).status).toBe(201);
      const closed = await createSession(app, { isRegistrationOpen: false });
      const blocked = attendee(7011);
      const unknown = attendee(7012);
      await blacklist(blocked.email);

      for (const sessionId of [full.sessionId, closed.sessionId]) {
        const a = await book(sessionId, [blocked]);
        const b = await book(sessionId, [unknown]);
        expect(a.status).toBe(409);
        expect(a.body).toEqual(b.body);
        expect(['FULL', 'REGISTRATION_CLOSED']).toContain(a.body.code);
      }
    });

    it('a booking that would otherwise go through is refused 403 BLACKLISTED naming the person, without a date or reason, writing nothing', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 5 });
      const companion = attendee(7021);
      const blocked = attendee(7022, { firstName: 'Intruso' });
      await blacklist(blocked.email);
      const [before] = await app.sql(`SELECT online_registered, held_spots FROM event_sessions WHERE id = $1`, [
        sessionId,
      ]);

      const res = await book(sessionId, [companion, blocked]);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        code: 'BLACKLISTED',
        message: BLACKLISTED,
        title: 'Inscripción no realizada',
        attendeeErrors: { 1: [BLACKLISTED] },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/2099|31\/12|hasta|No Show|Motivo/);
      expect(await rows(sessionId)).toBe(0);
      expect(
        await app.sql(`SELECT online_registered, held_spots FROM event_sessions WHERE id = $1`, [sessionId]),
      ).toEqual([before]);
      expect(
        await app.sql(`SELECT email_type FROM email_messages WHERE email_address = $1`, [companion.email]),
      ).toEqual([]);
    });
  });

  describe('the blocked person is told by e-mail', () => {
    it('gets the details (until when, why), with the name of their entry, at most once a day', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 5 });
      await app.sql(`UPDATE events SET title = 'Cata de aceites' WHERE id = $1`, [eventId]);
      const blocked = attendee(7031, { firstName: 'Intruso <b>' });
      await blacklist(blocked.email, { first: 'Marta', last: 'Ruiz' });

      expect((await book(sessionId, [blocked])).status).toBe(403);
      const mail = await eventually(() => smtp.to(blocked.email)[0], 10_000, 'refusal notice');
      expect(mail.subject).toBe('Inscripción no realizada');
      expect(mail.text).toContain('Hola Marta Ruiz,');
      expect(mail.text).toContain('Cata de aceites');
      expect(mail.text).toContain('no podrás inscribirte en nuevos eventos hasta el 31 de diciembre de 2099');
      expect(mail.text).toContain('Motivo: No Show');
      expect(mail.text).not.toContain('Intruso');

      // A second refusal the same day records no second e-mail.
      expect((await book(sessionId, [blocked])).status).toBe(403);
      expect(await refusalNotices(blocked.email)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.to(blocked.email)).toHaveLength(1);

      // A day later the next refusal tells them again.
      await app.sql(`UPDATE blacklist_refusal_notices SET sent_at = now() - interval '25 hours'`);
      expect((await book(sessionId, [blocked])).status).toBe(403);
      expect(await refusalNotices(blocked.email)).toHaveLength(2);
      await eventually(() => smtp.to(blocked.email).length === 2, 10_000, 'second notice');
      // The mark is an HMAC, never the address.
      for (const row of await app.sql(`SELECT email_hash FROM blacklist_refusal_notices`))
        expect(row.email_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('many refusals at once record one e-mail', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 50 });
      const blocked = attendee(7041);
      await blacklist(blocked.email);
      // Below the address limit (3): every one is told, and still one e-mail.
      const answers = await Promise.all([1, 2, 3].map(() => book(sessionId, [blocked])));
      expect(answers.map((r) => r.status)).toEqual([403, 403, 403]);
      expect(await refusalNotices(blocked.email)).toHaveLength(1);
    });
  });

  describe('refusals about people are rate-limited', () => {
    it('per address: after 3 refusals its attempts answer 429 with Retry-After, even one that would succeed elsewhere', async () => {
      const a = await createSession(app);
      const b = await createSession(app);
      const person = attendee(7051);
      expect((await book(a.sessionId, [person])).status).toBe(201);
      for (let i = 0; i < 3; i++) expect((await book(a.sessionId, [person])).status).toBe(409);

      const limited = await book(a.sessionId, [person]);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^Se han rechazado demasiados intentos de inscripción\. Vuelve a intentarlo más tarde \(en \d+ min\)\.$/,
        ),
        title: 'Inscripción no realizada',
      });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // The address is limited everywhere: a booking elsewhere that would go through waits too.
      expect((await book(b.sessionId, [person])).status).toBe(429);
      expect(await rows(b.sessionId)).toBe(0);

      // Someone else, from another visitor, is unaffected.
      expect((await book(b.sessionId, [attendee(7052)])).status).toBe(201);

      // The counters hold no address, token or IP.
      const counters = await app.sql(`SELECT key_hash FROM public_refusal_counters`);
      expect(counters.length).toBeGreaterThan(0);
      for (const row of counters) expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

      // Once the block has passed, the address may try again.
      await app.sql(
        `UPDATE public_refusal_counters SET window_start = now() - interval '2 hours', blocked_until = now() - interval '1 second'`,
      );
      expect((await book(b.sessionId, [person])).status).toBe(201);
    });

    it('per session token: after 5 refusals its attempts answer 429, for any address; another token is unaffected', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 20 });
      const token = `prober-${randomBytes(8).toString('hex')}`;
      for (let i = 0; i < 5; i++) {
        const person = attendee(7100 + i);
        expect((await book(sessionId, [person])).status).toBe(201);
        expect((await book(sessionId, [person], { token, ip: visitor().ip })).status).toBe(409);
      }
      const fresh = attendee(7110);
      const limited = await book(sessionId, [fresh], { token, ip: visitor().ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await book(sessionId, [fresh], { token: `legitimo-${randomBytes(8).toString('hex')}` })).status).toBe(
        201,
      );
    });

    it('per IP address: after 8 refusals its attempts answer 429; another IP is unaffected', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 20 });
      const ip = '192.0.2.77';
      for (let i = 0; i < 8; i++) {
        const person = attendee(7200 + i);
        expect((await book(sessionId, [person])).status).toBe(201);
        expect((await book(sessionId, [person], { token: visitor().token, ip })).status).toBe(409);
      }
      const fresh = attendee(7210);
      expect((await book(sessionId, [fresh], { token: visitor().token, ip })).status).toBe(429);
      expect((await book(sessionId, [fresh], { token: visitor().token, ip: '192.0.2.78' })).status).toBe(201);
    });

    it('holds under concurrency and across two instances: 30 probes at once, exactly 3 told', async () => {
      second = await TestApp.start({ env: ENV, databaseName: app.databaseName! });
      const instances = [app, second];
      const { sessionId } = await createSession(app, { maxAttendees: 50 });
      const blocked = attendee(7301);
      await blacklist(blocked.email);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => book(sessionId, [blocked], visitor(), instances[i % 2])),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(27);
      for (const r of answers.filter((x) => x.status === 429)) expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await rows(sessionId)).toBe(0);
      expect(await refusalNotices(blocked.email)).toHaveLength(1);
    });
  });

  describe('staff sign-in', () => {
    const login = (email: string, password: string) =>
      app.request('POST', '/api/auth/login', { body: { email, password } });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

    it('an unknown e-mail answers like a known one with a wrong password, and locks alike after the maximum failures', async () => {
      const staff = await app.staffWith([]);
      const unknown = `nadie-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < 2; i++) {
        const known = await login(staff.email, 'mala-contraseña');
        const stranger = await login(unknown, 'mala-contraseña');
        expect(known.status).toBe(401);
        expect(stranger.status).toBe(known.status);
        expect(stranger.body).toEqual(known.body);
        expect(known.body).toEqual({
          statusCode: 401,
          code: 'INVALID_CREDENTIALS',
          message: 'Email o contraseña incorrectos',
        });
      }
      const locked = {
        statusCode: 401,
        code: 'ACCOUNT_LOCKED',
        message: 'Cuenta bloqueada temporalmente por demasiados intentos fallidos. Inténtalo más tarde.',
      };
      const third = [await login(staff.email, 'mala-contraseña'), await login(unknown, 'mala-contraseña')];
      const after = [await login(staff.email, staff.password), await login(unknown, staff.password)];
      for (const res of [...third, ...after]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual(locked);
      }
      // The address's count is kept by HMAC.
      for (const row of await app.sql(`SELECT email_hash FROM login_failures`))
        expect(row.email_hash).toMatch(/^[0-9a-f]{64}$/);

      // A staff-blocked account locks the same way (its block is told only with the right password).
      const blocked = await app.staffWith([]);
      await app.sql(`UPDATE users SET lockout_enabled = true, lockout_end = '9999-12-31' WHERE id = $1`, [
        blocked.userId,
      ]);
      const guesses: string[] = [];
      for (let i = 0; i < 3; i++) guesses.push((await login(blocked.email, 'mala-contraseña')).body.code);
      expect(guesses).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'ACCOUNT_LOCKED']);
      expect((await login(blocked.email, blocked.password)).body).toEqual(locked);
    });

    it('an unknown e-mail takes as long as a known one, locked or not', async () => {
      const staff = await app.staffWith([]);
      const unknown = `nadie-${randomBytes(4).toString('hex')}@example.com`;
      const reset = () =>
        Promise.all([
          app.sql(`UPDATE users SET access_failed_count = 0, lockout_end = NULL WHERE email = $1`, [staff.email]),
          app.sql(`DELETE FROM login_failures`),
        ]);
      const timed = async (email: string, code = 'INVALID_CREDENTIALS') => {
        if (code === 'INVALID_CREDENTIALS') await reset();
        const start = performance.now();
        const res = await login(email, 'mala-contraseña');
        const elapsed = performance.now() - start;
        expect(res.body.code).toBe(code);
        return elapsed;
      };
      await timed(staff.email);
      await timed(unknown);
      const known: number[] = [];
      const stranger: number[] = [];
      for (let i = 0; i < 10; i++) {
        // Alternating which goes first, so a drift in the machine's load falls on both.
        if (i % 2) {
          known.push(await timed(staff.email));
          stranger.push(await timed(unknown));
        } else {
          stranger.push(await timed(unknown));
          known.push(await timed(staff.email));
        }
      }
      // A security property, not a performance one: generous bounds for a noisy machine. Without the dummy
      // verification an unknown e-mail answers in a fraction of the time (no argon2 at all).
      expect(median(stranger)).toBeGreaterThanOrEqual(0.5 * median(known));
      expect(median(known)).toBeGreaterThanOrEqual(0.5 * median(stranger));

      // Locked, neither checks a password: a locked unknown address answers as fast as a locked account (it used
      // to be verified, and never locked).
      for (const email of [staff.email, unknown]) for (let i = 0; i < 3; i++) await login(email, 'mala-contraseña');
      const knownLocked: number[] = [];
      const strangerLocked: number[] = [];
      for (let i = 0; i < 10; i++) {
        knownLocked.push(await timed(staff.email, 'ACCOUNT_LOCKED'));
        strangerLocked.push(await timed(unknown, 'ACCOUNT_LOCKED'));
      }
      expect(median(knownLocked)).toBeLessThan(0.5 * median(known));
      expect(median(strangerLocked)).toBeLessThan(0.5 * median(known));
      // About 45 argon2 verifications one after the other: seconds on a quiet machine, far more on a loaded one.
    }, 120_000);
  });
});
