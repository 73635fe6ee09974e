import {
  attendee,
  createSession,
  invariantProblems,
  promotionEmails,
  registerOnline,
  snapshotSession,
  TestApp,
  waitingIds,
} from '@evreg/testing';
import { validationError } from './support/http-helpers';

const NO_SESSION = { statusCode: 404, code: 'NOT_FOUND', message: 'Sesión no encontrada' };

describe('Session capacity (/api/events/{eventId}/sessions/{sessionId}/...)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const change = (eventId: number, sessionId: number, what: string, body: unknown, token = admin) =>
    app.request(
      what === 'redistribute-reserved-spots' ? 'POST' : 'PUT',
      `/api/events/${eventId}/sessions/${sessionId}/${what}`,
      { token, body },
    );
  const counters = async (sessionId: number) =>
    (
      await app.sql(
        `SELECT max_attendees, reserved_spots, max_queue_spots, online_registered, reserved_registered, held_spots, queue_count, is_promotion_locked
           FROM event_sessions WHERE id = $1`,
        [sessionId],
      )
    )[0];
  const manual = async (sessionId: number, n: number) => {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
      token: admin,
      body: { eventSessionId: sessionId, formData: attendee(n) },
    });
    expect(res.body.queued).toBe(false);
    return res.body.id as number;
  };
  const hold = (sessionId: number, token: string, numberOfSpots = 1) =>
    app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: token, numberOfSpots, userId: null },
    });

  /** Every way a refusal may be asked: each answers 400 naming the field, and nothing is written. */
  async function expectRefusals(eventId: number, sessionId: number, what: string, cases: [unknown, string, string][]) {
    const before = await snapshotSession(app, sessionId);
    for (const [body, field, message] of cases) {
      const res = await change(eventId, sessionId, what, body);
      expect({ body, status: res.status, response: res.body }).toEqual({
        body,
        status: 400,
        response: validationError(field, message),
      });
    }
    expect(await snapshotSession(app, sessionId)).toEqual(before);
  }

  describe('PUT max-attendees', () => {
    it('grows the capacity and promotes the waiting list in position order; answers the session', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
      const ids = await registerOnline(app, sessionId, 1, 5);
      const res = await change(eventId, sessionId, 'max-attendees', { maxAttendees: 4 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: sessionId,
        eventId,
        startDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        endDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        startTime: '10:00:00',
        endTime: '11:30:00',
        isAllDay: false,
        startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        endsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        hasStarted: false,
        maxAttendees: 4,
        reservedSpots: 0,
        usedReservedSpots: 0,
        maxQueueSpots: 5,
        registeredCount: 4,
        availableSpots: 0,
        activeHoldsCount: 0,
        currentQueueCount: 1,
        isPromotionLocked: false,
        isRegistrationOpen: true,
      });
      expect(await promotionEmails(app, sessionId)).toEqual([ids[2], ids[3]]);
      expect(await waitingIds(app, sessionId)).toEqual([ids[4]]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);

      // Shrinking to exactly the registered count is fine, and so is a waiting-list maximum above it.
      const shrunk = await change(eventId, sessionId, 'max-attendees', { maxAttendees: 4 });
      expect(shrunk.status).toBe(200);
      const other = await createSession(app, { maxAttendees: 6, maxQueueSpots: 5 });
      await registerOnline(app, other.sessionId, 1, 2);
      const below = await change(other.eventId, other.sessionId, 'max-attendees', { maxAttendees: 2 });
      expect(below.status).toBe(200);
      expect(below.body).toMatchObject({ maxAttendees: 2, maxQueueSpots: 5, availableSpots: 0 });
    });

    it('refuses a capacity below the registered, or too small for the online registrations and holds plus the reserved spots', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 8, reservedSpots: 2, maxQueueSpots: 5 });
      await registerOnline(app, sessionId, 1, 2);
      await manual(sessionId, 3);
      expect((await hold(sessionId, 'visitante-token-live')).status).toBe(200);
      // An expired hold still in the table: it must not count (lockSession reclaims it).
      await app.sql(
        `INSERT INTO ticket_holds (session_id, token, spots, expires_at) VALUES ($1, 'visitante-token-old', 2, now() - interval '1 minute')`,
        [sessionId],
      );
      await app.sql(`UPDATE event_sessions SET held_spots = held_spots + 2 WHERE id = $1`, [sessionId]);
      // registered 3 (2 online + 1 reserved); online 2 + live hold 1 + reserved spots 2 = 5.
      await expectRefusals(eventId, sessionId, 'max-attendees', [
        [{ maxAttendees: 0 }, 'maxAttendees', 'La capacidad debe ser al menos 1'],
        [{ maxAttendees: -3 }, 'maxAttendees', 'La capacidad debe ser al menos 1'],
        [{ maxAttendees: 2.5 }, 'maxAttendees', 'La capacidad debe ser un número entero mayor que 0'],
        [{ maxAttendees: '6' }, 'maxAttendees', 'La capacidad debe ser un número entero mayor que 0'],
        [{}, 'maxAttendees', 'La capacidad es requerida'],
        [{ maxAttendees: null }, 'maxAttendees', 'La capacidad es requerida'],
        [{ maxAttendees: 100_001 }, 'maxAttendees', 'No puede superar 100000'],
        [{ maxAttendees: 2 }, 'maxAttendees', 'No puede ser menor que los registrados (3)'],
        [
          { maxAttendees: 3 },
          'maxAttendees',
          'No puede ser menor que las plazas ocupadas o retenidas en línea más las reservadas (5)',
        ],
        [
          { maxAttendees: 4 },
          'maxAttendees',
          'No puede ser menor que las plazas ocupadas o retenidas en línea más las reservadas (5)',
        ],
      ]);
      const res = await change(eventId, sessionId, 'max-attendees', { maxAttendees: 5 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        maxAttendees: 5,
        availableSpots: 0,
        activeHoldsCount: 1,
        registeredCount: 3,
        usedReservedSpots: 1,
      });
      expect(await app.sql(`SELECT token FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([
        { token: 'visitante-token-live' },
      ]);
      expect(await counters(sessionId)).toMatchObject({ max_attendees: 5, held_spots: 1 });
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });
  });

  describe('PUT reserved-spots', () => {
    it('checks the reserved spots against capacity, use and the online side; giving spots back promotes', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 6, reservedSpots: 2, maxQueueSpots: 5 });
      const ids = await registerOnline(app, sessionId, 1, 6); // 4 online, 2 waiting
      await manual(sessionId, 20);
      await expectRefusals(eventId, sessionId, 'reserved-spots', [
        [{ reservedSpots: -1 }, 'reservedSpots', 'Las plazas reservadas no pueden ser negativas'],
        [{ reservedSpots: 'dos' }, 'reservedSpots', 'Las plazas reservadas deben ser un número entero no negativo'],
        [{ reservedSpots: 1.5 }, 'reservedSpots', 'Las plazas reservadas deben ser un número entero no negativo'],
        [{}, 'reservedSpots', 'Las plazas reservadas deben ser un número entero no negativo'],
        [{ reservedSpots: 7 }, 'reservedSpots', 'Las plazas reservadas no pueden superar la capacidad total'],
        [{ reservedSpots: 0 }, 'reservedSpots', 'No puede ser menor que las plazas reservadas ya usadas (1)'],
        [{ reservedSpots: 3 }, 'reservedSpots', 'Muy pocos asientos disponibles'],
      ]);
      const res = await change(eventId, sessionId, 'reserved-spots', { reservedSpots: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        reservedSpots: 1,
        usedReservedSpots: 1,
        registeredCount: 6,
        currentQueueCount: 1,
        availableSpots: 0,
      });
      expect(await promotionEmails(app, sessionId)).toEqual([ids[4]]);
      expect(await waitingIds(app, sessionId)).toEqual([ids[5]]);
      // Now 5 online seats are taken: 2 reserved would leave 4.
      await expectRefusals(eventId, sessionId, 'reserved-spots', [
        [{ reservedSpots: 2 }, 'reservedSpots', 'Muy pocos asientos disponibles'],
      ]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });

    it('counts live holds on the online side', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 4, reservedSpots: 0 });
      await registerOnline(app, sessionId, 1, 2);
      expect((await hold(sessionId, 'visitante-token-a', 2)).status).toBe(200);
      await expectRefusals(eventId, sessionId, 'reserved-spots', [
        [{ reservedSpots: 1 }, 'reservedSpots', 'Muy pocos asientos disponibles'],
      ]);
      expect(
        (await app.request('POST', '/api/ticketholds/expire', { headers: { 'x-session-token': 'visitante-token-a' } }))
          .status,
      ).toBe(200);
      expect((await change(eventId, sessionId, 'reserved-spots', { reservedSpots: 2 })).body).toMatchObject({
        reservedSpots: 2,
        availableSpots: 0,
      });
    });
  });

  describe('PUT max-queue-spots', () => {
    it('keeps the waiting-list maximum within the capacity, the global limit and the people already waiting', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 4, maxQueueSpots: 3 });
      await registerOnline(app, sessionId, 1, 6); // 4 online, 2 waiting
      const limits = (globalMaxQueueSpots: number) =>
        app.request('PUT', '/api/settings/queue-settings', {
          token: admin,
          body: { defaultMaxQueueSpots: Math.min(3, globalMaxQueueSpots), globalMaxQueueSpots },
        });
      expect((await limits(3)).status).toBe(200);
      try {
        await expectRefusals(eventId, sessionId, 'max-queue-spots', [
          [{ maxQueueSpots: -1 }, 'maxQueueSpots', 'El máximo de la lista de espera no puede ser negativo'],
          [
            { maxQueueSpots: 1.5 },
            'maxQueueSpots',
            'El máximo de la lista de espera debe ser un número entero no negativo',
          ],
          [{}, 'maxQueueSpots', 'El máximo de la lista de espera debe ser un número entero no negativo'],
          [
            { maxQueueSpots: 5 },
            'maxQueueSpots',
            'El máximo de la lista de espera no puede superar la capacidad total',
          ],
          [
            { maxQueueSpots: 4 },
            'maxQueueSpots',
            'El máximo de la lista de espera no puede superar el límite global (3)',
          ],
          [{ maxQueueSpots: 1 }, 'maxQueueSpots', 'No puede ser menor que las personas en espera (2)'],
        ]);
        expect((await change(eventId, sessionId, 'max-queue-spots', { maxQueueSpots: 2 })).body).toMatchObject({
          maxQueueSpots: 2,
          currentQueueCount: 2,
        });
      } finally {
        await limits(100);
      }
      expect((await change(eventId, sessionId, 'max-queue-spots', { maxQueueSpots: 4 })).body).toMatchObject({
        maxQueueSpots: 4,
      });
      expect(await promotionEmails(app, sessionId)).toEqual([]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });
  });

  describe('POST redistribute-reserved-spots', () => {
    it('moves unused reserved spots online and promotes onto them', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 5, reservedSpots: 3, maxQueueSpots: 5 });
      const ids = await registerOnline(app, sessionId, 1, 5); // 2 online, 3 waiting
      await manual(sessionId, 20);
      const range = 'Debe ser un número entero entre 1 y las plazas reservadas sin usar (2)';
      await expectRefusals(
        eventId,
        sessionId,
        'redistribute-reserved-spots',
        [0, 3, -1, 1.5, '1', null, undefined].map((spots) => [
          spots === undefined ? {} : { spotsToRedistribute: spots },
          'spotsToRedistribute',
          range,
        ]),
      );
      const res = await change(eventId, sessionId, 'redistribute-reserved-spots', { spotsToRedistribute: 2 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        maxAttendees: 5,
        reservedSpots: 1,
        usedReservedSpots: 1,
        registeredCount: 5,
        currentQueueCount: 1,
        availableSpots: 0,
      });
      expect(await promotionEmails(app, sessionId)).toEqual([ids[2], ids[3]]);
      expect(await waitingIds(app, sessionId)).toEqual([ids[4]]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
      await expectRefusals(eventId, sessionId, 'redistribute-reserved-spots', [
        [
          { spotsToRedistribute: 1 },
          'spotsToRedistribute',
          'Debe ser un número entero entre 1 y las plazas reservadas sin usar (0)',
        ],
      ]);
    });
  });

  describe('PUT toggle-promotion-lock', () => {
    it('while locked nothing is promoted automatically (capacity growth, redistribution, cancellation); unlocking promotes at once', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 2, reservedSpots: 1, maxQueueSpots: 5 });
      const ids = await registerOnline(app, sessionId, 1, 5); // 1 online, 4 waiting
      const locked = await change(eventId, sessionId, 'toggle-promotion-lock', { isLocked: true });
      expect(locked.status).toBe(200);
      expect(locked.body).toMatchObject({ isPromotionLocked: true, currentQueueCount: 4 });

      expect((await change(eventId, sessionId, 'max-attendees', { maxAttendees: 3 })).body).toMatchObject({
        availableSpots: 1,
        currentQueueCount: 4,
      });
      expect(
        (await change(eventId, sessionId, 'redistribute-reserved-spots', { spotsToRedistribute: 1 })).body,
      ).toMatchObject({
        reservedSpots: 0,
        availableSpots: 2,
        currentQueueCount: 4,
      });
      expect((await app.request('POST', `/api/registrations/${ids[0]}/cancel`, { token: admin })).status).toBe(200);
      expect(await promotionEmails(app, sessionId)).toEqual([]);
      expect(await counters(sessionId)).toMatchObject({
        online_registered: 0,
        queue_count: 4,
        is_promotion_locked: true,
      });

      const unlocked = await change(eventId, sessionId, 'toggle-promotion-lock', { isLocked: false });
      expect(unlocked.body).toMatchObject({
        isPromotionLocked: false,
        registeredCount: 3,
        availableSpots: 0,
        currentQueueCount: 1,
      });
      expect(await promotionEmails(app, sessionId)).toEqual([ids[1], ids[2], ids[3]]);
      expect(await waitingIds(app, sessionId)).toEqual([ids[4]]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);

      await expectRefusals(eventId, sessionId, 'toggle-promotion-lock', [
        [{}, 'isLocked', 'isLocked es requerido y debe ser true o false'],
        [{ isLocked: 'yes' }, 'isLocked', 'isLocked es requerido y debe ser true o false'],
        [{ isLocked: 1 }, 'isLocked', 'isLocked es requerido y debe ser true o false'],
      ]);
    });
  });

  it('answers 404 when the session does not exist or belongs to another event, for every change', async () => {
    const a = await createSession(app);
    const b = await createSession(app);
    const before = await snapshotSession(app, a.sessionId);
    const bodies: [string, object][] = [
      ['max-attendees', { maxAttendees: 20 }],
      ['reserved-spots', { reservedSpots: 1 }],
      ['max-queue-spots', { maxQueueSpots: 1 }],
      ['redistribute-reserved-spots', { spotsToRedistribute: 1 }],
      ['toggle-promotion-lock', { isLocked: true }],
    ];
    for (const [what, body] of bodies) {
      expect(await change(b.eventId, a.sessionId, what, body)).toMatchObject({ status: 404, body: NO_SESSION });
      expect(await change(a.eventId, 987654, what, body)).toMatchObject({ status: 404, body: NO_SESSION });
      expect((await change(a.eventId, 0.5 as unknown as number, what, body)).status).toBe(400);
    }
    expect(await snapshotSession(app, a.sessionId)).toEqual(before);
  });

  it('needs Events.Update', async () => {
    const { eventId, sessionId } = await createSession(app);
    const reader = (await app.staffWith(['Events.Read', 'Queues.Read'])).token;
    const editor = (await app.staffWith(['Events.Update'])).token;
    expect((await change(eventId, sessionId, 'max-attendees', { maxAttendees: 12 }, reader)).status).toBe(403);
    expect((await change(eventId, sessionId, 'max-attendees', { maxAttendees: 12 }, editor)).status).toBe(200);
  });
});
