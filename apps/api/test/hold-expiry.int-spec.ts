import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { HoldsService } from '../src/modules/holds/holds.service';
import { JOBS_QUEUE_NAME } from '../src/queue/queue.constants';
import { attendee, createSession, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** Expired holds stop counting at once (booking.int-spec); here: the periodic sweep that deletes them, gives their
 * spots back and promotes from the waiting list, with no job per hold (docs/domain.md, "Redis away"); and the
 * handler kept for the jobs earlier versions queued. */
describe('Hold expiry: sweep, no job', () => {
  let app: TestApp;
  let holds: HoldsService;

  beforeAll(async () => {
    app = await TestApp.start();
    holds = app.running.app.get(HoldsService);
  });
  afterAll(() => app.close());

  const hold = (sessionId: number, token: string, numberOfSpots = 1) =>
    app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots },
    });
  const expire = (sessionId: number) =>
    app.sql(`UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sessionId]);

  it('a hold queues no job: nothing on the way to Redis per hold', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    expect((await hold(sessionId, 'visitante-token-sin-trabajo', 2)).status).toBe(200);
    const queue = app.running.app.get<Queue>(getQueueToken(JOBS_QUEUE_NAME));
    const jobs = await queue.getJobs(['delayed', 'waiting', 'active', 'completed', 'failed']);
    expect(jobs.filter((job) => job.name === 'holds.expire')).toEqual([]);
  });

  it('a job left by an earlier version deletes its hold once expired, not before', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    await hold(sessionId, 'visitante-token-job-a', 2);
    const [{ id }] = await app.sql(`SELECT id::text FROM ticket_holds WHERE session_id = $1`, [sessionId]);

    await holds.onHoldExpired({ holdId: id });
    expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 1 },
    ]);

    await expire(sessionId);
    await holds.onHoldExpired({ holdId: id });
    expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 0 },
    ]);
    expect(await app.sql(`SELECT held_spots FROM event_sessions WHERE id = $1`, [sessionId])).toEqual([
      { held_spots: 0 },
    ]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('the sweep deletes every expired hold and promotes the waiting list into the freed seats', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    await hold(sessionId, 'visitante-token-sweep-a', 2);
    // Both seats held: these two go to the waiting list.
    const first = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(900) },
    });
    const second = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(901) },
    });
    expect([first.body.queuePosition, second.body.queuePosition]).toEqual([1, 2]);

    await expire(sessionId);
    await holds.sweepExpired();
    expect(await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 0 },
    ]);
    expect(await app.sql(`SELECT id, state FROM registrations WHERE session_id = $1 ORDER BY id`, [sessionId])).toEqual(
      [
        { id: first.body.id, state: 0 },
        { id: second.body.id, state: 0 },
      ],
    );
    const promotions = await app.sql(
      `SELECT registration_id FROM email_messages WHERE session_id = $1 AND email_type = 'Promotion' ORDER BY id`,
      [sessionId],
    );
    expect(promotions.map((p) => p.registration_id)).toEqual([first.body.id, second.body.id]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('the token can release its holds at once, and the spots are free for others', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1 });
    await hold(sessionId, 'visitante-token-leave-a');
    expect((await hold(sessionId, 'visitante-token-leave-b')).status).toBe(409);
    const released = await app.request('POST', '/api/ticketholds/expire', {
      headers: { 'x-session-token': 'visitante-token-leave-a' },
    });
    expect(released.body).toMatchObject({ success: true });
    expect((await hold(sessionId, 'visitante-token-leave-b')).status).toBe(200);
    expect((await app.request('POST', '/api/ticketholds/expire')).status).toBe(400);
  });
});
