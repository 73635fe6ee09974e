import { createSession, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** Asking again for a hold (docs/domain.md, "Holds: asking again"): the same token on the same session gets its
 * hold back with the same deadline, whatever the spots; only an expired hold starts afresh. Every answer carries
 * the server's clock, which the booking page counts down on. */
describe('Holds: asking again never stretches the deadline', () => {
  let app: TestApp;

  beforeAll(async () => {
    // No sweep: an expired hold stays in place until the next ask replaces it.
    app = await TestApp.start({ env: { HOLD_SWEEP_INTERVAL_MS: String(300_000) } });
  });
  afterAll(() => app.close());

  const hold = (sessionId: number, token: string, numberOfSpots = 1) =>
    app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots },
    });
  const holdRows = (sessionId: number) =>
    app.sql(`SELECT token, spots, expires_at AS "expiresAt" FROM ticket_holds WHERE session_id = $1 ORDER BY id`, [
      sessionId,
    ]);
  /** Moves the session's holds' deadlines `seconds` earlier: a fresh deadline could then never equal them. */
  const age = (sessionId: number, seconds: number) =>
    app.sql(
      `UPDATE ticket_holds SET expires_at = expires_at - make_interval(secs => $2), created_at = created_at - make_interval(secs => $2)
        WHERE session_id = $1`,
      [sessionId, seconds],
    );
  const nearNow = (iso: string) => Math.abs(Date.parse(iso) - Date.now()) < 5_000;

  it('answers the hold with the server clock, the session and the spots; the countdown is expiresAt - serverTime', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const res = await hold(sessionId, 'visitante-token-reloj', 2);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      expiresAt: expect.any(String),
      serverTime: expect.any(String),
      eventSessionId: sessionId,
      numberOfSpots: 2,
    });
    expect(nearNow(res.body.serverTime)).toBe(true);
    const minutes = (Date.parse(res.body.expiresAt) - Date.parse(res.body.serverTime)) / 60_000;
    expect(minutes).toBeGreaterThan(2.9);
    expect(minutes).toBeLessThanOrEqual(3);
  });

  it('asking again with the same token keeps expiresAt, with the same spots or 1 → 2 → 1', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const first = await hold(sessionId, 'visitante-token-otra-vez', 1);
    expect(first.status).toBe(200);
    // A minute later (as far as the deadline is concerned): a stretched deadline would be a minute later than this.
    await age(sessionId, 60);
    const [{ expiresAt: deadline }] = await holdRows(sessionId);

    const again = await hold(sessionId, 'visitante-token-otra-vez', 1);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ eventSessionId: sessionId, numberOfSpots: 1 });
    expect(Date.parse(again.body.expiresAt)).toBe(deadline.getTime());
    expect(nearNow(again.body.serverTime)).toBe(true);

    const two = await hold(sessionId, 'visitante-token-otra-vez', 2);
    expect(two.status).toBe(200);
    expect(two.body).toMatchObject({ numberOfSpots: 2, expiresAt: again.body.expiresAt });
    expect(await holdRows(sessionId)).toEqual([{ token: 'visitante-token-otra-vez', spots: 2, expiresAt: deadline }]);

    const backToOne = await hold(sessionId, 'visitante-token-otra-vez', 1);
    expect(backToOne.body).toMatchObject({ numberOfSpots: 1, expiresAt: again.body.expiresAt });
    // The spots given back are free for others at once.
    expect((await hold(sessionId, 'visitante-token-vecino', 2)).status).toBe(200);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('two asks of one token arriving together get one hold and one deadline', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 4 });
    const answers = await Promise.all([1, 2, 1].map((spots) => hold(sessionId, 'visitante-token-doble', spots)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.expiresAt)).size).toBe(1);
    const rows = await holdRows(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.toISOString()).toBe(answers[0].body.expiresAt);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('an expired hold is replaced by a fresh one, with a new deadline', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2 });
    expect((await hold(sessionId, 'visitante-token-caducado', 2)).status).toBe(200);
    await age(sessionId, 181);
    const [{ expiresAt: expired }] = await holdRows(sessionId);
    expect(expired.getTime()).toBeLessThan(Date.now());

    const fresh = await hold(sessionId, 'visitante-token-caducado', 1);
    expect(fresh.status).toBe(200);
    const minutes = (Date.parse(fresh.body.expiresAt) - Date.parse(fresh.body.serverTime)) / 60_000;
    expect(minutes).toBeGreaterThan(2.9);
    expect(minutes).toBeLessThanOrEqual(3);
    expect(await holdRows(sessionId)).toEqual([
      { token: 'visitante-token-caducado', spots: 1, expiresAt: new Date(fresh.body.expiresAt) },
    ]);
    // Asked again, the fresh hold keeps its own deadline.
    await age(sessionId, 30);
    const [{ expiresAt: kept }] = await holdRows(sessionId);
    expect(Date.parse((await hold(sessionId, 'visitante-token-caducado', 2)).body.expiresAt)).toBe(kept.getTime());
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('a refusal carries the server clock too', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1 });
    expect((await hold(sessionId, 'visitante-token-primero')).status).toBe(200);
    const full = await hold(sessionId, 'visitante-token-segundo');
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ success: false, code: 'NO_SPOTS', expiresAt: null });
    expect(nearNow(full.body.serverTime)).toBe(true);
    const unknown = await hold(987654, 'visitante-token-segundo');
    expect(unknown.status).toBe(404);
    expect(nearNow(unknown.body.serverTime)).toBe(true);
  });
});
