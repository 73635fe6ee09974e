import { APP_CONFIG } from '../src/config/config.module';
import type { AppConfig } from '../src/config/app-config';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { attendee, createSession, invariantProblems } from '@evreg/testing';
import { NetelipStub } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { ThrowawayRedis } from '@evreg/testing';

/** Redis away (docs/domain.md, "Redis away"): on a throwaway Redis of its own, killed and started again, never the
 * shared one. Nothing on a visitor's path waits for Redis: holds, hold release, registrations and cancellation by
 * link answer at once; expired holds are reclaimed by the sweep while Redis stays down; the e-mails and SMS
 * recorded meanwhile go out once Redis is back. */

/** Generous: an answer that takes this long is a visitor left hanging, not a slow machine. */
const ANSWER_WITHIN_MS = 10_000;

describe('Redis away', () => {
  let redis: ThrowawayRedis;
  let smtp: SmtpCapture;
  let netelip: NetelipStub;
  let app: TestApp;

  beforeAll(async () => {
    redis = await ThrowawayRedis.start();
    smtp = await SmtpCapture.start();
    netelip = await NetelipStub.start();
    app = await TestApp.start({
      env: {
        REDIS_URL: redis.url,
        NETELIP_BASE_URL: netelip.url,
        LOG_LEVEL: 'error',
        // Only the jobs queued once Redis is back can deliver the e-mails recorded meanwhile: not the e-mail sweep.
        EMAIL_SWEEP_INTERVAL_MS: '600000',
      },
    });
    const admin = await app.adminToken();
    await useSmtp(app, admin, smtp);
    // Promotions then record an SMS too, queued by the commit subscriber.
    const sms = await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'token-de-pruebas' },
    });
    expect(sms.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    // Closing the app needs its Redis (BullMQ closes its connections).
    await redis?.resume();
    await app?.close();
    await smtp?.stop();
    await netelip?.close();
    await redis?.kill();
  });

  /** A visitor's call, given up on after ANSWER_WITHIN_MS: answers the status, or 'aborted'. */
  async function visitor(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; staff?: string } = {},
  ): Promise<{ status: number | 'aborted'; body: any }> {
    const headers: Record<string, string> = {};
    if (options.staff) headers.authorization = `Bearer ${options.staff}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers['x-session-token'] = options.token;
    try {
      const response = await fetch(`${app.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch (error) {
      if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError')
        return { status: 'aborted', body: null };
      throw error;
    }
  }

  const hold = (sessionId: number, token: string, numberOfSpots = 1) =>
    visitor('POST', '/api/ticketholds', { body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots } });
  const register = (sessionId: number, n: number, token?: string) =>
    visitor('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
      token,
    });
  const holdRows = (sessionId: number) =>
    app.sql<{ token: string; spots: number }>(`SELECT token, spots FROM ticket_holds WHERE session_id = $1`, [
      sessionId,
    ]);

  it('a rush of holds is answered at once, and every hold row belongs to a visitor who was told', async () => {
    const sessions = await Promise.all([1, 2, 3, 4].map(() => createSession(app, { maxAttendees: 40 })));
    await redis.kill();

    // 200 holds at once over four sessions: 50 visitors each, for 1 or 2 seats, on 40 seats. Every tenth visitor
    // also changes their mind (a second hold of the same token replaces the first).
    const requests = sessions.flatMap(({ sessionId }, s) =>
      Array.from({ length: 50 }, (_, i) => ({ sessionId, token: `visitante-sin-redis-${s}-${i}`, spots: 1 + (i % 2) })),
    );
    const answers = await Promise.all(
      requests.map(async (r, i) => {
        const first = await hold(r.sessionId, r.token, r.spots);
        const second = i % 10 === 0 ? await hold(r.sessionId, r.token, 1) : null;
        return { ...r, first, second };
      }),
    );
    const statuses = answers.flatMap((a) => [a.first.status, ...(a.second ? [a.second.status] : [])]);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

    for (const { sessionId } of sessions) {
      // A visitor holds seats exactly when their last answer said so, for the seats that answer granted.
      const granted = new Map<string, number>();
      for (const a of answers.filter((x) => x.sessionId === sessionId)) {
        if (a.first.status === 200) granted.set(a.token, a.spots);
        if (a.second?.status === 200) granted.set(a.token, 1);
      }
      const rows = await holdRows(sessionId);
      expect(new Map(rows.map((row) => [row.token, row.spots]))).toEqual(granted);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    }

    // Leaving the page releases at once too.
    const leaving = answers.find((a) => a.first.status === 200) as (typeof answers)[number];
    const released = await visitor('POST', '/api/ticketholds/expire', { token: leaving.token });
    expect(released).toMatchObject({ status: 200, body: { success: true, released: expect.any(Number) } });
    expect((await holdRows(leaving.sessionId)).map((row) => row.token)).not.toContain(leaving.token);
    expect(await invariantProblems(app, leaving.sessionId)).toEqual([]);
  }, 120_000);

  it('expired holds are reclaimed while Redis stays down, and the waiting list moves up', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    expect((await hold(sessionId, 'visitante-caduca-sin-redis', 2)).status).toBe(200);
    const waiting = await register(sessionId, 3100);
    expect(waiting).toMatchObject({ status: 201, body: { queuePosition: 1 } });

    await app.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [
      sessionId,
    ]);
    // The sweep on this instance, with no job and no Redis.
    await eventually(async () => (await holdRows(sessionId)).length === 0, 30_000, 'expired hold swept');
    expect(
      await app.sql(`SELECT state FROM registrations WHERE id = $1`, [waiting.body.id]).then((rows) => rows[0]),
    ).toEqual({ state: 0 });
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  }, 60_000);

  it('registering on a hold and cancelling by link work while Redis is down; e-mails and SMS go out once it is back', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 3 });
    const token = 'visitante-inscribe-sin-redis';
    expect((await hold(sessionId, token)).status).toBe(200);
    const seated = await register(sessionId, 3200, token);
    expect(seated).toMatchObject({ status: 201 });
    const queued = await register(sessionId, 3201);
    expect(queued).toMatchObject({ status: 201, body: { queuePosition: 1 } });

    const secret = app.running.app.get<AppConfig>(APP_CONFIG).appSecret;
    const link = cancellationToken(secret, seated.body.id);
    expect((await visitor('GET', `/api/registrations/cancellation/${link}`)).status).toBe(200);
    expect(await visitor('POST', `/api/registrations/cancellation/${link}`)).toMatchObject({ status: 200 });
    expect(await app.sql(`SELECT state FROM registrations WHERE id = $1`, [queued.body.id])).toEqual([{ state: 0 }]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);

    // Recorded, waiting for the queue: nothing sent yet.
    const pending = await app.sql(
      `SELECT email_type AS type, status FROM email_messages WHERE session_id = $1 ORDER BY id`,
      [sessionId],
    );
    expect(pending).toEqual([
      { type: 'Registration', status: 0 },
      { type: 'Queue', status: 0 },
      // The seat is given back (and the promotion recorded) before the row is marked cancelled.
      { type: 'Promotion', status: 0 },
      { type: 'Cancellation', status: 0 },
    ]);
    expect(smtp.to(attendee(3200).email)).toEqual([]);
    // The promotion's SMS, recorded in the cancellation's transaction: the commit didn't wait to queue it.
    expect(await app.sql(`SELECT status FROM sms_messages WHERE registration_id = $1`, [queued.body.id])).toEqual([
      { status: 0 },
    ]);
    expect(netelip.requests).toEqual([]);

    // Staff too: a notification is recorded and answered at once, its e-mail pending like the others.
    const notified = await visitor('POST', `/api/notifications/sessions/${sessionId}`, {
      staff: await app.adminToken(),
      body: { type: 1, message: 'La sala cambia de planta.' },
    });
    expect(notified).toMatchObject({ status: 200, body: { successCount: 1 } });

    // The health check says so, at once.
    const health = await visitor('GET', '/api/health');
    expect(health).toMatchObject({ status: 503, body: { queue: { status: 'down', mode: 'redis' } } });

    await redis.resume();
    await eventually(
      // 3200: Registration and Cancellation; 3201: Queue, Promotion and the notification.
      () => smtp.to(attendee(3200).email).length === 2 && smtp.to(attendee(3201).email).length === 3,
      45_000,
      'the e-mails recorded while Redis was down',
    );
    expect(await app.sql(`SELECT DISTINCT status FROM email_messages WHERE session_id = $1`, [sessionId])).toEqual([
      { status: 1 },
    ]);
    await eventually(
      async () =>
        (await app.sql(`SELECT status FROM sms_messages WHERE registration_id = $1`, [queued.body.id]))[0].status === 1,
      20_000,
      'the promotion SMS recorded while Redis was down',
    );
    expect(netelip.requests.map((r) => r.destination)).toContain('0034600123456');
    expect((await visitor('GET', '/api/health')).status).toBe(200);
    // And holds still answer with Redis back.
    expect((await hold(sessionId, 'visitante-con-redis')).status).toBe(409);
  }, 120_000);
});
