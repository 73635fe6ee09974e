import { attendee, createSession, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** Rushes at one session from two API instances sharing one PostgreSQL, then every invariant of docs/domain.md is
 * checked against the rows. */
describe('Booking under concurrency, two API instances', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Instances of one deployment share APP_SECRET (tokens signed by one are accepted by the other).
    const env = { DB_POOL_SIZE: '8', APP_SECRET: 'secreto-compartido-por-las-instancias-de-prueba' };
    a = await TestApp.start({ env });
    b = await TestApp.start({ env, databaseName: a.databaseName! });
  }, 60_000);
  afterAll(async () => {
    await b?.running.close();
    await a?.close();
  });

  const instance = (i: number) => (i % 2 === 0 ? a : b);

  async function visitor(i: number, sessionId: number, people: number[]) {
    const app = instance(i);
    const token = `visitor-token-${sessionId}-${i}`;
    const held = await app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots: people.length },
    });
    const headers = { 'x-session-token': token };
    const registered =
      people.length === 1
        ? await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
            body: { eventSessionId: sessionId, ...attendee(people[0]) },
            headers,
          })
        : await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
            body: { registrations: people.map((n) => ({ eventSessionId: sessionId, ...attendee(n) })) },
            headers,
          });
    return { held, registered };
  }

  it('300 visitors (some in pairs) on 50 online seats and 30 waiting places: never overbooked, queue 1..n', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 60, reservedSpots: 10, maxQueueSpots: 30 });
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        visitor(i, sessionId, i % 5 === 0 ? [10_000 + i * 2, 10_001 + i * 2] : [10_000 + i * 2]),
      ),
    );
    const statuses = outcomes.flatMap((o) => [o.held.status, o.registered.status]);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(outcomes.map((o) => o.registered.status))).toEqual(new Set([201, 409]));

    const results = outcomes.filter((o) => o.registered.status === 201).flatMap((o) => o.registered.body.results);
    const seated = results.filter((r: { queued: boolean }) => !r.queued).length;
    const queued = results.filter((r: { queued: boolean }) => r.queued).length;
    expect(seated).toBe(50);
    expect(queued).toBe(30);
    // The two-attendee split (one seated, one queued) happens when a pair meets the last seat; the refused
    // requests were refused whole.
    for (const o of outcomes.filter((x) => x.registered.status === 409)) expect(o.registered.body.code).toBe('FULL');
    expect(await invariantProblems(a, sessionId)).toEqual([]);
    const [{ n }] = await a.sql(`SELECT count(*)::int AS n FROM email_messages WHERE session_id = $1`, [sessionId]);
    expect(n).toBe(80);
  }, 120_000);

  it('a pair meeting the last seat: one seated, one queued', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 1, maxQueueSpots: 5 });
    const [res] = await Promise.all([visitor(0, sessionId, [20_001, 20_002])]);
    expect(res.registered.body.results.map((r: { queued: boolean }) => r.queued)).toEqual([false, true]);
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  });

  it('200 concurrent holds on 20 seats hold exactly 20 spots', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 20, maxQueueSpots: 0 });
    const holds = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        instance(i).request('POST', '/api/ticketholds', {
          body: { eventSessionId: sessionId, sessionToken: `visitor-token-h-${i}`, numberOfSpots: 1 },
        }),
      ),
    );
    expect(holds.filter((h) => h.status === 200)).toHaveLength(20);
    expect(holds.filter((h) => h.status === 409)).toHaveLength(180);
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 60_000);

  it('the same person sent 20 times at once is registered once', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 30 });
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        instance(i).request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...attendee(30_000) },
        }),
      ),
    );
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409).every((r) => r.body.code === 'DUPLICATE_REGISTRATION')).toBe(true);
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 60_000);

  it('cancellations, new registrations, hold releases and promotions at once keep every invariant', async () => {
    const { sessionId } = await createSession(a, { maxAttendees: 30, maxQueueSpots: 40 });
    const initial = await Promise.all(Array.from({ length: 60 }, (_, i) => visitor(i, sessionId, [40_000 + i])));
    const active = initial
      .filter((o) => o.registered.status === 201 && !o.registered.body.queued)
      .map((o) => o.registered.body.id);
    expect(active).toHaveLength(30);
    const admin = await a.adminToken();
    const adminB = await b.adminToken();

    const work: Promise<unknown>[] = [];
    active
      .slice(0, 20)
      .forEach((id, i) =>
        work.push(instance(i).request('POST', `/api/registrations/${id}/cancel`, { token: i % 2 ? adminB : admin })),
      );
    for (let i = 0; i < 30; i++) work.push(visitor(i + 1, sessionId, [41_000 + i]));
    for (let i = 0; i < 20; i++)
      work.push(
        instance(i).request('POST', '/api/ticketholds/expire', {
          headers: { 'x-session-token': `visitor-token-${sessionId}-${i + 1}` },
        }),
      );
    const done = (await Promise.all(work)) as {
      status?: number;
      body?: unknown;
      registered?: { status: number; body: { results?: { queued: boolean }[] } };
    }[];
    const cancels = done.slice(0, 20).map((r) => r.status);
    expect(cancels).toEqual(Array(20).fill(200));
    const newcomers = done.slice(20, 50).map((r) => r.registered!);
    // Seats freed by cancellations go to the waiting list at once, so a newcomer is queued, or refused when the
    // list is full at that moment; never seated ahead of the people waiting.
    for (const r of newcomers) {
      if (r.status === 201) expect(r.body.results!.every((x) => x.queued)).toBe(true);
      else expect(r).toMatchObject({ status: 409, body: { code: 'FULL' } });
    }
    expect(done.slice(50).every((r) => r.status === 200)).toBe(true);

    expect(await invariantProblems(a, sessionId)).toEqual([]);
    const [s] = await a.sql(`SELECT online_registered, queue_count, max_attendees FROM event_sessions WHERE id = $1`, [
      sessionId,
    ]);
    // 20 seats were freed and the queue was long: promotion filled them again.
    expect(s.online_registered).toBe(30);
    const [{ promoted }] = await a.sql(
      `SELECT count(*)::int AS promoted FROM registrations WHERE session_id = $1 AND promoted_at IS NOT NULL`,
      [sessionId],
    );
    expect(promoted).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('staff capacity edits, reorders, manual promotions and removals racing public bookings keep every invariant', async () => {
    const { eventId, sessionId } = await createSession(a, { maxAttendees: 40, reservedSpots: 10, maxQueueSpots: 60 });
    await Promise.all(Array.from({ length: 70 }, (_, i) => visitor(i, sessionId, [50_000 + i])));
    const tokens = [await a.adminToken(), await b.adminToken()];
    const base = `/api/events/${eventId}/sessions/${sessionId}`;
    const waitingIds = async () =>
      (
        await a.sql(`SELECT id FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position`, [
          sessionId,
        ])
      ).map((r) => r.id);

    const work: Promise<{ status: number }>[] = [];
    const staff = (i: number, method: string, path: string, body?: unknown) =>
      instance(i).request(method, path, { token: tokens[i % 2], body });
    for (let i = 0; i < 120; i++) {
      switch (i % 6) {
        case 0:
          work.push(staff(i, 'PUT', `${base}/max-attendees`, { maxAttendees: 40 + (i % 12) }));
          break;
        case 1:
          work.push(staff(i, 'PUT', `${base}/reserved-spots`, { reservedSpots: 10 - (i % 4) }));
          break;
        case 2: {
          const ids = await waitingIds();
          work.push(
            staff(i, 'PUT', '/api/events/queue/reorder', { eventSessionId: sessionId, queueIds: [...ids].reverse() }),
          );
          break;
        }
        case 3: {
          const [id] = await waitingIds();
          if (id) work.push(staff(i, 'POST', `/api/events/queue/${id}/promote`));
          break;
        }
        case 4: {
          const ids = await waitingIds();
          if (ids.length) work.push(staff(i, 'DELETE', `/api/events/queue/${ids[ids.length - 1]}`));
          break;
        }
        default:
          work.push(visitor(i + 100, sessionId, [51_000 + i]).then((v) => v.registered));
      }
    }
    const results = await Promise.all(work);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(await invariantProblems(a, sessionId)).toEqual([]);
  }, 120_000);
});
