import { HoldsService } from '../src/modules/holds/holds.service';
import { attendee, createSession, invariantProblems, TestApp } from '@evreg/testing';

/** A registration whose hold has just expired, racing the reclaims of that session: other visitors' holds and the
 * sweep lock the session row and then delete expired holds. The registration's one statement must not lock the
 * expired hold first, or the two wait for each other and PostgreSQL kills one as a deadlock (a 500 to a visitor).
 * docs/domain.md, "Booking engine". */
describe('Registrations with an expired hold, racing the reclaims', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start();
  });
  afterAll(() => app.close());

  it('40 registrations on just-expired holds, 40 new holds and the sweep at once: no 5xx, counters exact', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 100, maxQueueSpots: 20 });
    const late = Array.from({ length: 40 }, (_, i) => `visitante-tarde-${sessionId}-${i}`);
    for (const token of late) {
      const held = await app.request('POST', '/api/ticketholds', {
        body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots: 1 },
      });
      expect(held.status).toBe(200);
    }
    await app.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [
      sessionId,
    ]);

    const holds = app.running.app.get(HoldsService);
    const answers = await Promise.all([
      ...late.map((token, i) =>
        app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...attendee(61_000 + i) },
          headers: { 'x-session-token': token },
        }),
      ),
      ...late.map((_, i) =>
        app.request('POST', '/api/ticketholds', {
          body: { eventSessionId: sessionId, sessionToken: `visitante-nuevo-${sessionId}-${i}`, numberOfSpots: 1 },
        }),
      ),
      holds.sweepExpired().then(() => ({ status: 200, body: null })),
    ]);

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    // 100 seats: the 40 late visitors and the 40 new holds all fit.
    expect(answers.slice(0, 40).map((answer) => answer.status)).toEqual(Array(40).fill(201));
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });
});
