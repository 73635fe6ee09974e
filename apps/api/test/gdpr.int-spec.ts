import {
  attendee,
  createSession,
  invariantProblems,
  NetelipStub,
  registerOnline,
  TestApp,
  waitingIds,
} from '@evreg/testing';
import { GdprService } from '../src/modules/gdpr/gdpr.service';

const REQUIRED = 'Por favor indique un correo electrónico';
const X = 'xavier.gomez@example.com';

describe('GDPR requests', () => {
  let app: TestApp;
  let admin: string;
  let netelip: NetelipStub;

  beforeAll(async () => {
    netelip = await NetelipStub.start();
    app = await TestApp.start({ env: { NETELIP_BASE_URL: netelip.url } });
    admin = await app.adminToken();
  });
  afterAll(async () => {
    await app.close();
    await netelip.close();
  });

  const book = async (sessionId: number, person: object) => {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...person },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const xavier = attendee(900, {
    firstName: 'Xavier',
    lastName: 'Gómez',
    email: 'Xavier.Gomez@Example.com',
    confirmEmail: 'Xavier.Gomez@Example.com',
    telephoneNumber: '611 900 900',
  });
  const rowsOf = async (email: string) => ({
    registrations: (await app.sql(`SELECT count(*)::int AS n FROM registrations WHERE lower(email) = $1`, [email]))[0]
      .n,
    consents: (await app.sql(`SELECT count(*)::int AS n FROM consents WHERE lower(email) = $1`, [email]))[0].n,
    emails: (await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE lower(email_address) = $1`, [email]))[0]
      .n,
    sms: (await app.sql(`SELECT count(*)::int AS n FROM sms_messages WHERE lower(email) = $1`, [email]))[0].n,
    blacklist: (await app.sql(`SELECT count(*)::int AS n FROM blacklist_entries WHERE lower(email) = $1`, [email]))[0]
      .n,
  });

  describe('bad input', () => {
    it.each([
      ['GET', '/api/admin/gdpr/search'],
      ['GET', '/api/admin/gdpr/search?email='],
      ['GET', '/api/admin/gdpr/search?email=no-es-un-correo'],
      ['GET', '/api/admin/gdpr/export/no-es-un-correo'],
      ['DELETE', '/api/admin/gdpr/delete/no-es-un-correo'],
      ['GET', '/api/admin/gdpr/consents/no-es-un-correo'],
    ])('%s %s is a 400 asking for an e-mail', async (method, path) => {
      const res = await app.request(method, path, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: REQUIRED,
        errors: { email: [REQUIRED] },
      });
    });

    it('an address nobody used has no data', async () => {
      const res = await app.request('GET', '/api/admin/gdpr/search?email=nadie@example.com', { token: admin });
      expect(res.body).toEqual({
        email: 'nadie@example.com',
        hasData: false,
        registrationCount: 0,
        consentCount: 0,
        lastActivity: null,
        matches: [],
      });
    });
  });

  describe('one person in four sessions', () => {
    let sessions: Record<'a' | 'b' | 'c' | 'd', number>;
    let eventId: number;
    let eventD: number;
    let waitingA: number[];
    let otherEmailsBefore: number;

    beforeAll(async () => {
      // a: Xavier active online, one more person active, two waiting. b: Xavier on a reserved spot (staff).
      // c: Xavier waiting first, someone behind. d: Xavier cancelled.
      const a = await createSession(app, { maxAttendees: 2, maxQueueSpots: 3 });
      eventId = a.eventId;
      sessions = {
        a: a.sessionId,
        b: (await createSession(app, { maxAttendees: 3, reservedSpots: 1 })).sessionId,
        c: (await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 })).sessionId,
        d: 0,
      };
      ({ eventId: eventD, sessionId: sessions.d } = await createSession(app));
      await book(sessions.a, xavier);
      await registerOnline(app, sessions.a, 1, 3);
      waitingA = await waitingIds(app, sessions.a);
      const manual = await app.request('POST', `/api/events/sessions/${sessions.b}/admin-registrations`, {
        token: admin,
        body: { eventSessionId: sessions.b, formData: xavier },
      });
      expect(manual.body).toMatchObject({ queued: false });
      await registerOnline(app, sessions.c, 10, 1);
      await book(sessions.c, xavier);
      await registerOnline(app, sessions.c, 11, 1);
      const cancelled = await book(sessions.d, xavier);
      expect((await app.request('POST', `/api/registrations/${cancelled}/cancel`, { token: admin })).status).toBe(200);

      // An SMS to session a (Xavier and the other active person), an expired and an active blacklist entry.
      await app.request('PUT', '/api/smssettings', {
        token: admin,
        body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok' },
      });
      expect(
        (
          await app.request('POST', `/api/notifications/sessions/${sessions.a}`, {
            token: admin,
            body: { type: 0, message: 'Aviso' },
          })
        ).body.successCount,
      ).toBe(2);
      await app.sql(
        `INSERT INTO blacklist_entries (event_id, event_session_id, email, first_name, last_name, reason, notification_type, expires_at, created_at)
         VALUES ($1, $2, $3, 'Xavier', 'Gómez', 0, 1, now() - interval '1 day', now() - interval '40 days')`,
        [eventId, sessions.a, X],
      );
      const entry = await app.request('POST', '/api/blacklists', {
        token: admin,
        body: {
          eventId: eventD,
          eventSessionId: sessions.d,
          email: X,
          blackListReason: 1,
          blackListReasonDesc: 'Canceló tarde',
          notificationType: 1,
          expiresAt: '2099-01-01',
        },
      });
      expect(entry.status).toBe(201);
      otherEmailsBefore = (
        await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE lower(email_address) <> $1`, [X])
      )[0].n;
    });

    it('search: a summary, whatever the case of the address', async () => {
      const res = await app.request(
        'GET',
        `/api/admin/gdpr/search?email=${encodeURIComponent('XAVIER.Gomez@example.COM')}`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email: X,
        hasData: true,
        registrationCount: 4,
        consentCount: 4,
        lastActivity: expect.any(String),
        matches: expect.any(Array),
      });
      // Where he is: active in a and b, first on c's waiting list, cancelled in d.
      expect(
        res.body.matches
          .map((m: { sessionId: number; status: string; queuePosition: number | null }) => [
            m.sessionId,
            m.status,
            m.queuePosition,
          ])
          .sort((x: number[], y: number[]) => x[0] - y[0]),
      ).toEqual([
        [sessions.a, 'Active', null],
        [sessions.b, 'Active', null],
        [sessions.c, 'Waiting', 1],
        [sessions.d, 'Cancelled', null],
      ]);
      const [latest] = await app.sql(
        `SELECT max(greatest(registered_at, cancelled_at)) AS at FROM registrations WHERE email = $1`,
        [X],
      );
      expect(res.body.lastActivity).toBe(latest.at.toISOString());
    });

    it('export: every registration (active, cancelled, waiting), consent, blacklist entry and message, and the act recorded without the address', async () => {
      const res = await app.request('GET', `/api/admin/gdpr/export/${encodeURIComponent('Xavier.Gomez@Example.com')}`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body).toMatchObject({ email: X, totalRegistrations: 4, totalConsents: 4 });
      const bySession = await app.sql(`SELECT id, session_id FROM registrations WHERE email = $1`, [X]);
      const statusOf = (sessionId: number) =>
        body.registrations.find((r: { id: number }) => r.id === bySession.find((b) => b.session_id === sessionId)!.id);
      expect(statusOf(sessions.a)).toMatchObject({ status: 'Active', queuePosition: null, cancelledAt: null });
      expect(statusOf(sessions.b)).toMatchObject({ status: 'Active' });
      expect(statusOf(sessions.c)).toMatchObject({ status: 'Waiting', queuePosition: 1 });
      expect(statusOf(sessions.d)).toMatchObject({ status: 'Cancelled', cancelledAt: expect.any(String) });
      expect(body.registrations[0]).toEqual({
        id: expect.any(Number),
        firstName: 'Xavier',
        lastName: 'Gómez',
        email: X,
        userTaxId: xavier.userTaxId,
        telephoneNumber: '611 900 900',
        eventTitle: expect.stringMatching(/^Evento \d+$/),
        sessionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        sessionStartTime: '10:00:00',
        sessionEndTime: '11:30:00',
        registeredAt: expect.any(String),
        status: 'Active',
        queuePosition: null,
        cancelledAt: null,
        language: 'es',
      });
      expect(body.consentHistory).toHaveLength(4);
      expect(body.consentHistory[0]).toEqual({
        consentType: 'PrivacyPolicy',
        isConsented: true,
        consentDate: expect.any(String),
        ipAddress: expect.any(String),
      });
      expect(
        body.blacklistEntries.map((e: { reason: string; description: string | null }) => [e.reason, e.description]),
      ).toEqual([
        ['No Show', null],
        ['Cancelado', 'Canceló tarde'],
      ]);
      const channels = body.messages
        .map((msg: { channel: string; type: string }) => `${msg.channel}:${msg.type}`)
        .sort();
      expect(channels).toEqual([
        'Email:Blacklist',
        'Email:Cancellation',
        'Email:Queue',
        'Email:Registration',
        'Email:Registration',
        'Email:Registration',
        'SMS:Notification',
      ]);

      const [request] = await app.sql(
        `SELECT action, email_hash, counts, staff_user_id IS NOT NULL AS by_staff, t::text AS whole FROM gdpr_requests t WHERE action = 'Export'`,
      );
      expect(request).toMatchObject({
        action: 'Export',
        email_hash: app.running.app.get(GdprService).emailHash(X),
        counts: { registrations: 4, consents: 4 },
        by_staff: true,
      });
      expect(request.whole.toLowerCase()).not.toContain('xavier');
    });

    it('consents: the history alone', async () => {
      const res = await app.request('GET', `/api/admin/gdpr/consents/${X}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(4);
      expect(res.body.every((c: { consentType: string }) => c.consentType === 'PrivacyPolicy')).toBe(true);
    });

    it('delete: removes the person everywhere, frees the seats to the waiting list like a cancellation, and records the act without the address', async () => {
      const before = await rowsOf(X);
      expect(before).toEqual({ registrations: 4, consents: 4, emails: expect.any(Number), sms: 1, blacklist: 2 });
      const res = await app.request(
        'DELETE',
        `/api/admin/gdpr/delete/${encodeURIComponent('Xavier.Gomez@Example.com')}`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email: X,
        deletedRegistrations: 4,
        deletedWaitingEntries: 1,
        deletedConsents: 4,
        deletedEmailMessages: before.emails,
        deletedSmsMessages: 1,
        deletedCheckIns: 0,
        deletedBlacklistEntries: 1,
        keptActiveBlacklistEntries: 1,
        promotedFromWaitingList: 1,
        // The history of the staff registration, the cancellation and the blacklisting (docs/domain.md, "History").
        deletedHistoryEntries: 3,
      });
      // Only the active blacklist entry stays: it blocks until it expires.
      expect(await rowsOf(X)).toEqual({ registrations: 0, consents: 0, emails: 0, sms: 0, blacklist: 1 });

      // a: the first waiting person has Xavier's seat (and a Promotion e-mail), the second moved up to 1.
      const a = await app.sql(
        `SELECT id, state, queue_position FROM registrations WHERE session_id = $1 AND id = ANY($2) ORDER BY id`,
        [sessions.a, waitingA],
      );
      expect(a).toEqual([
        { id: waitingA[0], state: 0, queue_position: null },
        { id: waitingA[1], state: 2, queue_position: 1 },
      ]);
      expect(await app.sql(`SELECT registration_id FROM email_messages WHERE email_type = 'Promotion'`)).toEqual([
        { registration_id: waitingA[0] },
      ]);
      // b: the reserved spot is free again; c: the one behind Xavier is first.
      expect(
        await app.sql(`SELECT reserved_registered, online_registered FROM event_sessions WHERE id = $1`, [sessions.b]),
      ).toEqual([{ reserved_registered: 0, online_registered: 0 }]);
      expect(
        await app.sql(`SELECT email, queue_position FROM registrations WHERE session_id = $1 AND state = 2`, [
          sessions.c,
        ]),
      ).toEqual([{ email: 'persona11@example.com', queue_position: 1 }]);
      for (const sessionId of Object.values(sessions)) expect(await invariantProblems(app, sessionId)).toEqual([]);
      // Other people's messages are untouched (plus the one Promotion e-mail).
      expect(
        (await app.sql(`SELECT count(*)::int AS n FROM email_messages WHERE lower(email_address) <> $1`, [X]))[0].n,
      ).toBe(otherEmailsBefore + 1);

      const requests = await app.sql(
        `SELECT action, email_hash, counts, t::text AS whole FROM gdpr_requests t ORDER BY id`,
      );
      expect(requests.map((r) => r.action)).toEqual(['Export', 'Delete']);
      expect(requests[1].email_hash).toBe(requests[0].email_hash);
      expect(requests[1].counts).toMatchObject({ deletedRegistrations: 4, deletedConsents: 4, deletedSmsMessages: 1 });
      expect(requests.some((r) => r.whole.toLowerCase().includes('xavier'))).toBe(false);

      // A repeated request deletes nothing more and is matched to the first by its hash.
      const again = await app.request('DELETE', `/api/admin/gdpr/delete/${X}`, { token: admin });
      expect(again.body).toMatchObject({
        deletedRegistrations: 0,
        deletedConsents: 0,
        keptActiveBlacklistEntries: 1,
        promotedFromWaitingList: 0,
      });
      expect(
        await app.sql(`SELECT count(*)::int AS n FROM gdpr_requests WHERE action = 'Delete' AND email_hash = $1`, [
          requests[0].email_hash,
        ]),
      ).toEqual([{ n: 2 }]);
      const summary = await app.request('GET', `/api/admin/gdpr/search?email=${X}`, { token: admin });
      expect(summary.body).toEqual({
        email: X,
        hasData: true,
        registrationCount: 0,
        consentCount: 0,
        lastActivity: null,
        matches: [],
      });
    });
  });

  it('delete racing with bookings, cancellations and other deletes keeps every invariant', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5, maxQueueSpots: 20 });
    const ids = await registerOnline(app, sessionId, 100, 10); // 100-104 seated, 105-109 waiting
    const erase = (n: number) =>
      app.request('DELETE', `/api/admin/gdpr/delete/persona${n}@example.com`, { token: admin });
    const results = await Promise.all([
      erase(100),
      erase(101),
      erase(105),
      app.request('POST', `/api/registrations/${ids[2]}/cancel`, { token: admin }),
      ...[110, 111, 112, 113, 114, 115].map((n) =>
        app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...attendee(n) },
        }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 201, 201, 201, 201, 201, 201]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
    for (const n of [100, 101, 105]) expect((await rowsOf(`persona${n}@example.com`)).registrations).toBe(0);
    // Three seats were freed and the waiting list refilled them: still 5 seated, the 7 others waiting.
    const states = await app.sql(
      `SELECT state, count(*)::int AS n FROM registrations WHERE session_id = $1 GROUP BY state ORDER BY state`,
      [sessionId],
    );
    expect(states).toEqual([
      { state: 0, n: 5 },
      { state: 1, n: 1 },
      { state: 2, n: 7 },
    ]);
  });
});
