import { attendee, createSession } from '@evreg/testing';
import { SmtpCapture, eventually, useSmtp } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

/** Visitors get their e-mail within moments of booking, through the kick after each commit alone: the sweep
 * (the safety net for lost kicks) is set to run only every 10 minutes here, so it can't be what delivers. */
describe('E-mail delivery without the sweep', () => {
  let smtp: SmtpCapture;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await SmtpCapture.start();
    app = await TestApp.start({ env: { EMAIL_SWEEP_INTERVAL_MS: '600000' } });
    await useSmtp(app, await app.adminToken(), smtp);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
  });

  it('every booking of two overlapping streams is e-mailed once, promptly, by the kicks after its commit', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 60 });
    const people = Array.from({ length: 40 }, (_, i) => attendee(900 + i));
    // Bookings a few milliseconds apart, in two overlapping streams: commits keep landing while dispatch jobs
    // are claiming, sending and finishing.
    const stream = async (group: typeof people) => {
      for (const person of group) {
        const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...person },
        });
        expect(res.status).toBe(201);
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 40)));
      }
    };
    await Promise.all([stream(people.slice(0, 20)), stream(people.slice(20))]);

    // Well within the 10 minutes of the sweep. Each e-mail draws its ticket's QR, slow under jest's VM modules,
    // in the same process as the bookings: give the whole a generous bound, it only has to beat the sweep.
    await eventually(() => people.every((p) => smtp.to(p.email).length > 0), 60_000, 'every booking e-mailed');
    expect(people.map((p) => smtp.to(p.email).length)).toEqual(people.map(() => 1));
  }, 120_000);
});
