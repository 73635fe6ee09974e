import { addHold, addRegistration, TestApp } from '@evreg/testing';
import {
  expectValidationRefusal,
  postEvent,
  postSession,
  sessionBody,
  snapshotEventTables,
} from './support/http-helpers';
import { HoldsService } from '../src/modules/holds/holds.service';

const SESSION_NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Sesión no encontrada' };
const EVENT_NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Evento no encontrado' };

describe('Sessions, back office (/api/events/{eventId}/sessions)', () => {
  let app: TestApp;
  let admin: string;
  let nextId = 7000;

  beforeAll(async () => {
    // No periodic sweep: it could promote a waiting person between two reads of the live counts (a slow machine
    // takes more than its 5 s there); the tests that need expired holds settled call sweepExpired() themselves.
    app = await TestApp.start({ env: { HOLD_SWEEP_INTERVAL_MS: String(300_000) } });
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const everything = () => snapshotEventTables(app);
  const newEvent = async (overrides: Record<string, unknown> = {}) =>
    (await postEvent(app, admin, nextId++, overrides)).id as number;
  const setWaitingLimits = async (defaultMaxQueueSpots: number, globalMaxQueueSpots: number) => {
    const res = await app.request('PUT', '/api/settings/queue-settings', {
      token: admin,
      body: { defaultMaxQueueSpots, globalMaxQueueSpots },
    });
    expect(res.status).toBe(200);
  };
  const instants = async (sessionId: number) => {
    const [row] = await app.sql(`SELECT starts_at, ends_at FROM event_sessions WHERE id = $1`, [sessionId]);
    return [row.starts_at.toISOString(), row.ends_at.toISOString()];
  };

  const expectRefused = (method: string, path: string, body: unknown, errors: Record<string, string>) =>
    expectValidationRefusal(app, admin, method, path, body, errors);

  describe('POST', () => {
    it('creates a session with its live counts, times with seconds, registration open and promotion unlocked', async () => {
      const eventId = await newEvent();
      const res = await app.request('POST', `/api/events/${eventId}/sessions`, { token: admin, body: sessionBody() });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        eventId,
        startDate: '2030-05-09',
        endDate: '2030-05-09',
        startTime: '10:00:00',
        endTime: '11:30:00',
        isAllDay: false,
        startsAt: '2030-05-09T08:00:00Z',
        endsAt: '2030-05-09T09:30:00Z',
        hasStarted: false,
        maxAttendees: 20,
        reservedSpots: 5,
        usedReservedSpots: 0,
        maxQueueSpots: 10,
        registeredCount: 0,
        availableSpots: 15,
        activeHoldsCount: 0,
        currentQueueCount: 0,
        isPromotionLocked: false,
        isRegistrationOpen: true,
      });
      const [row] = await app.sql(
        `SELECT event_id, max_attendees, reserved_spots, max_queue_spots FROM event_sessions WHERE id = $1`,
        [res.body.id],
      );
      expect(row).toEqual({ event_id: eventId, max_attendees: 20, reserved_spots: 5, max_queue_spots: 10 });
    });

    it('defaults: no reserved spots, the waiting-list limit of the DefaultMaxQueueSpots setting; flags as sent', async () => {
      const eventId = await newEvent();
      await setWaitingLimits(7, 100);
      try {
        const { reservedSpots, maxQueueSpots, ...rest } = sessionBody();
        void [reservedSpots, maxQueueSpots];
        const res = await app.request('POST', `/api/events/${eventId}/sessions`, {
          token: admin,
          body: { ...rest, isRegistrationOpen: false, isPromotionLocked: true },
        });
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          reservedSpots: 0,
          maxQueueSpots: 7,
          availableSpots: 20,
          isRegistrationOpen: false,
          isPromotionLocked: true,
        });
      } finally {
        await setWaitingLimits(10, 100);
      }
    });

    it("stores starts_at and ends_at in the event's time zone (summer and winter time, other zones, several days)", async () => {
      const madrid = await newEvent({ timeZone: 'Europe/Madrid' });
      const summer = await postSession(app, admin, madrid, {
        startDate: '2030-07-10',
        endDate: '2030-07-10',
        startTime: '10:00',
        endTime: '11:30',
      });
      expect(await instants(summer.id)).toEqual(['2030-07-10T08:00:00.000Z', '2030-07-10T09:30:00.000Z']);
      const winter = await postSession(app, admin, madrid, {
        startDate: '2030-12-31',
        endDate: '2031-01-01',
        startTime: '23:30:15',
        endTime: '00:30',
      });
      expect(await instants(winter.id)).toEqual(['2030-12-31T22:30:15.000Z', '2030-12-31T23:30:00.000Z']);

      const canary = await newEvent({ timeZone: 'Atlantic/Canary' });
      const island = await postSession(app, admin, canary, {
        startDate: '2030-07-10',
        endDate: '2030-07-10',
        startTime: '10:00',
        endTime: '11:30',
      });
      expect(await instants(island.id)).toEqual(['2030-07-10T09:00:00.000Z', '2030-07-10T10:30:00.000Z']);

      const newYork = await newEvent({ timeZone: 'America/New_York' });
      const ny = await postSession(app, admin, newYork, {
        startDate: '2030-01-15',
        endDate: '2030-01-15',
        startTime: '19:00',
        endTime: '21:00',
      });
      expect(await instants(ny.id)).toEqual(['2030-01-16T00:00:00.000Z', '2030-01-16T02:00:00.000Z']);
      expect(ny).toMatchObject({ startDate: '2030-01-15', startTime: '19:00:00', endTime: '21:00:00' });
    });

    it('stores an all-day session from 00:00:00 to 23:59:00, with or without times sent', async () => {
      const eventId = await newEvent();
      const { startTime, endTime, ...noTimes } = sessionBody({
        startDate: '2030-08-01',
        endDate: '2030-08-02',
        isAllDay: true,
      });
      void [startTime, endTime];
      const res = await app.request('POST', `/api/events/${eventId}/sessions`, { token: admin, body: noTimes });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ isAllDay: true, startTime: '00:00:00', endTime: '23:59:00' });
      expect(await instants(res.body.id)).toEqual(['2030-07-31T22:00:00.000Z', '2030-08-02T21:59:00.000Z']);
      const withTimes = await postSession(app, admin, eventId, {
        isAllDay: true,
        startTime: '18:00',
        endTime: '09:00',
      });
      expect(withTimes).toMatchObject({ isAllDay: true, startTime: '00:00:00', endTime: '23:59:00' });
    });

    it('refuses each broken rule of the session form with its Spanish message, writing nothing', async () => {
      const eventId = await newEvent();
      const path = `/api/events/${eventId}/sessions`;
      await expectRefused(
        'POST',
        path,
        {},
        {
          startDate: 'La fecha de inicio es requerida',
          endDate: 'La fecha de fin es requerida',
          startTime: 'La hora de inicio es requerida',
          endTime: 'La hora de fin es requerida',
          maxAttendees: 'La capacidad es requerida',
        },
      );
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ startDate: '09/05/2030' }, { startDate: 'La fecha de inicio no es válida (formato AAAA-MM-DD)' }],
        [
          { startDate: '2030-02-30', endDate: '2030-03-01' },
          { startDate: 'La fecha de inicio no es válida (formato AAAA-MM-DD)' },
        ],
        [{ endDate: '2030-5-9' }, { endDate: 'La fecha de fin no es válida (formato AAAA-MM-DD)' }],
        [{ endDate: null }, { endDate: 'La fecha de fin es requerida' }],
        [{ startTime: '25:00' }, { startTime: 'La hora de inicio no es válida (formato HH:MM)' }],
        [{ startTime: '' }, { startTime: 'La hora de inicio no es válida (formato HH:MM)' }],
        [{ endTime: '11.30' }, { endTime: 'La hora de fin no es válida (formato HH:MM)' }],
        [{ endTime: undefined }, { endTime: 'La hora de fin es requerida' }],
        [{ isAllDay: false, startTime: undefined }, { startTime: 'La hora de inicio es requerida' }],
        [{ maxAttendees: 0 }, { maxAttendees: 'La capacidad debe ser un número entero mayor que 0' }],
        [{ maxAttendees: -5 }, { maxAttendees: 'La capacidad debe ser un número entero mayor que 0' }],
        [{ maxAttendees: 2.5 }, { maxAttendees: 'La capacidad debe ser un número entero mayor que 0' }],
        [{ maxAttendees: '20' }, { maxAttendees: 'La capacidad debe ser un número entero mayor que 0' }],
        [{ reservedSpots: -1 }, { reservedSpots: 'Las plazas reservadas deben ser un número entero no negativo' }],
        [{ reservedSpots: 21 }, { reservedSpots: 'Las plazas reservadas no pueden superar la capacidad' }],
        [
          { maxQueueSpots: -1 },
          { maxQueueSpots: 'El máximo de la lista de espera debe ser un número entero no negativo' },
        ],
        [
          { maxQueueSpots: 101 },
          { maxQueueSpots: 'El máximo de la lista de espera no puede superar el límite global (100)' },
        ],
        [{ endDate: '2030-05-08' }, { endDate: 'La fecha de fin no puede ser anterior a la fecha de inicio' }],
        [{ endTime: '10:00' }, { endTime: 'La hora de fin debe ser posterior a la hora de inicio' }],
        [{ endTime: '09:00:00' }, { endTime: 'La hora de fin debe ser posterior a la hora de inicio' }],
        [{ isAllDay: 'sí' }, { isAllDay: 'El campo "isAllDay" debe ser true o false' }],
        [{ isRegistrationOpen: 1 }, { isRegistrationOpen: 'El campo "isRegistrationOpen" debe ser true o false' }],
        [{ usedReservedSpots: 3 }, { usedReservedSpots: 'El campo "usedReservedSpots" no está permitido' }],
        [
          { endDate: '2030-05-08', reservedSpots: 30, maxQueueSpots: 500 },
          {
            endDate: 'La fecha de fin no puede ser anterior a la fecha de inicio',
            reservedSpots: 'Las plazas reservadas no pueden superar la capacidad',
            maxQueueSpots: 'El máximo de la lista de espera no puede superar el límite global (100)',
          },
        ],
      ];
      for (const [override, errors] of cases) await expectRefused('POST', path, sessionBody(override), errors);

      // The limits themselves are fine.
      const edge = await postSession(app, admin, eventId, {
        maxAttendees: 1,
        reservedSpots: 1,
        maxQueueSpots: 100,
        endTime: '10:01',
      });
      expect(edge).toMatchObject({ maxAttendees: 1, reservedSpots: 1, maxQueueSpots: 100, availableSpots: 0 });
    });

    it('follows the GlobalMaxQueueSpots setting', async () => {
      const eventId = await newEvent();
      await setWaitingLimits(5, 8);
      try {
        await expectRefused('POST', `/api/events/${eventId}/sessions`, sessionBody({ maxQueueSpots: 9 }), {
          maxQueueSpots: 'El máximo de la lista de espera no puede superar el límite global (8)',
        });
        expect((await postSession(app, admin, eventId, { maxQueueSpots: 8 })).maxQueueSpots).toBe(8);
      } finally {
        await setWaitingLimits(10, 100);
      }
    });

    it("accepts the spec's Session shape with the path's eventId, refuses another event's in Spanish, writing nothing", async () => {
      const eventId = await newEvent();
      const otherEvent = await newEvent();
      const path = `/api/events/${eventId}/sessions`;
      const res = await app.request('POST', path, { token: admin, body: sessionBody({ eventId }) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ eventId, startDate: '2030-05-09', maxAttendees: 20 });

      const mismatch = 'eventId debe ser el evento de la dirección: una sesión no se crea ni se mueve a otro evento';
      await expectRefused('POST', path, sessionBody({ eventId: otherEvent }), { eventId: mismatch });
      await expectRefused('POST', path, sessionBody({ eventId: String(eventId) }), { eventId: mismatch });
      await expectRefused('POST', path, sessionBody({ eventId: null }), { eventId: mismatch });
    });

    it('answers 404 for an unknown event, writing nothing', async () => {
      const before = await everything();
      const res = await app.request('POST', '/api/events/999999/sessions', { token: admin, body: sessionBody() });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(EVENT_NOT_FOUND);
      expect(await everything()).toEqual(before);
    });
  });

  describe('PUT /{sessionId}', () => {
    it('changes dates, times and flags, re-dating the session; capacity sent back unchanged is accepted', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId, { isPromotionLocked: false });
      const res = await app.request('PUT', `/api/events/${eventId}/sessions/${session.id}`, {
        token: admin,
        body: sessionBody({
          startDate: '2030-11-20',
          endDate: '2030-11-20',
          startTime: '17:00',
          endTime: '19:15:30',
          isRegistrationOpen: false,
          isPromotionLocked: true,
        }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...session,
        startDate: '2030-11-20',
        endDate: '2030-11-20',
        startTime: '17:00:00',
        endTime: '19:15:30',
        startsAt: '2030-11-20T16:00:00Z',
        endsAt: '2030-11-20T18:15:30Z',
        isRegistrationOpen: false,
        isPromotionLocked: true,
      });
      expect(await instants(session.id)).toEqual(['2030-11-20T16:00:00.000Z', '2030-11-20T18:15:30.000Z']);

      // Omitted flags and capacity stay; omitted isAllDay means a timed session.
      const allDay = await app.request('PUT', `/api/events/${eventId}/sessions/${session.id}`, {
        token: admin,
        body: { startDate: '2030-11-21', endDate: '2030-11-21', isAllDay: true },
      });
      expect(allDay.status).toBe(200);
      expect(allDay.body).toMatchObject({
        isAllDay: true,
        startTime: '00:00:00',
        endTime: '23:59:00',
        isRegistrationOpen: false,
        isPromotionLocked: true,
        maxAttendees: 20,
      });
    });

    it('refuses a change of capacity (its own endpoints do that) and broken form rules, naming the fields, writing nothing', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId);
      const path = `/api/events/${eventId}/sessions/${session.id}`;
      await expectRefused('PUT', path, sessionBody({ maxAttendees: 25 }), {
        maxAttendees: 'La capacidad no se cambia al editar la sesión: usa la edición de capacidad',
      });
      await expectRefused('PUT', path, sessionBody({ reservedSpots: 0 }), {
        reservedSpots: 'Las plazas reservadas no se cambian al editar la sesión: usa la edición de capacidad',
      });
      await expectRefused('PUT', path, sessionBody({ maxQueueSpots: 11 }), {
        maxQueueSpots: 'El máximo de la lista de espera no se cambia al editar la sesión: usa la edición de capacidad',
      });
      await expectRefused('PUT', path, sessionBody({ startDate: '2030-05-10', maxAttendees: 0 }), {
        endDate: 'La fecha de fin no puede ser anterior a la fecha de inicio',
        maxAttendees: 'La capacidad no se cambia al editar la sesión: usa la edición de capacidad',
      });
      await expectRefused(
        'PUT',
        path,
        { startDate: '2030-05-10' },
        {
          endDate: 'La fecha de fin es requerida',
          startTime: 'La hora de inicio es requerida',
          endTime: 'La hora de fin es requerida',
        },
      );
      await expectRefused('PUT', path, sessionBody({ maxAttendees: 'veinte' }), {
        maxAttendees: 'La capacidad debe ser un número entero mayor que 0',
      });
    });

    it("accepts the path's eventId sent back with the form and refuses another event's, never moving the session", async () => {
      const eventId = await newEvent();
      const otherEvent = await newEvent();
      const session = await postSession(app, admin, eventId);
      const path = `/api/events/${eventId}/sessions/${session.id}`;
      const res = await app.request('PUT', path, {
        token: admin,
        body: sessionBody({ eventId, startDate: '2030-05-10', endDate: '2030-05-10' }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: session.id, eventId, startDate: '2030-05-10' });
      await expectRefused('PUT', path, sessionBody({ eventId: otherEvent }), {
        eventId: 'eventId debe ser el evento de la dirección: una sesión no se crea ni se mueve a otro evento',
      });
    });

    it('answers 404 for an unknown session or one of another event, writing nothing', async () => {
      const eventId = await newEvent();
      const otherEvent = await newEvent();
      const session = await postSession(app, admin, eventId);
      const before = await everything();
      for (const path of [
        `/api/events/${otherEvent}/sessions/${session.id}`,
        `/api/events/${eventId}/sessions/999999`,
        `/api/events/999999/sessions/${session.id}`,
      ]) {
        for (const [method, body] of [
          ['PUT', sessionBody()],
          ['PUT', { isOpen: false }],
          ['DELETE', undefined],
        ] as const) {
          const target = body && 'isOpen' in body ? `${path}/toggle-registration` : path;
          const res = await app.request(method, target, { token: admin, body });
          expect({ target, method, status: res.status, body: res.body }).toEqual({
            target,
            method,
            status: 404,
            body: SESSION_NOT_FOUND,
          });
        }
      }
      const malformed = await app.request('PUT', `/api/events/${eventId}/sessions/abc`, {
        token: admin,
        body: sessionBody(),
      });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['sessionId']);
      expect(await everything()).toEqual(before);
    });
  });

  describe('PUT /{sessionId}/toggle-registration', () => {
    it('closes and reopens registration', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId);
      const path = `/api/events/${eventId}/sessions/${session.id}/toggle-registration`;
      const closed = await app.request('PUT', path, { token: admin, body: { isOpen: false } });
      expect(closed.status).toBe(200);
      expect(closed.body).toEqual({ ...session, isRegistrationOpen: false });
      expect(
        (await app.sql(`SELECT is_registration_open FROM event_sessions WHERE id = $1`, [session.id]))[0]
          .is_registration_open,
      ).toBe(false);
      const reopened = await app.request('PUT', path, { token: admin, body: { isOpen: true } });
      expect(reopened.body.isRegistrationOpen).toBe(true);
      for (const body of [{}, { isOpen: 'false' }, { isOpen: null }]) {
        await expectRefused('PUT', path, body, { isOpen: 'isOpen es requerido y debe ser true o false' });
      }
    });
  });

  describe('DELETE /{sessionId}', () => {
    it('deletes a session nobody is registered or waiting in, with its holds and cancelled registrations', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId);
      const other = await postSession(app, admin, eventId);
      await addHold(app, session.id, 'visitante', 2, 5);
      await addHold(app, session.id, 'token-visitante-caducado', 1, -5);
      await addRegistration(app, session.id, 1);
      const res = await app.request('DELETE', `/api/events/${eventId}/sessions/${session.id}`, { token: admin });
      expect(res.status).toBe(204);
      expect(await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1`, [eventId])).toEqual([{ id: other.id }]);
      expect(await app.sql(`SELECT id FROM ticket_holds WHERE session_id = $1`, [session.id])).toEqual([]);
      expect(await app.sql(`SELECT id FROM registrations WHERE session_id = $1`, [session.id])).toEqual([]);
    });

    it('refuses (409) while someone is registered or waiting, writing nothing', async () => {
      for (const [state, reserved] of [
        [0, false],
        [0, true],
        [2, false],
      ] as const) {
        const eventId = await newEvent();
        const session = await postSession(app, admin, eventId);
        await addRegistration(app, session.id, state, { reserved });
        const before = await everything();
        const res = await app.request('DELETE', `/api/events/${eventId}/sessions/${session.id}`, { token: admin });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'CONFLICT',
          message: 'No se puede eliminar la sesión: tiene inscripciones o personas en lista de espera',
        });
        expect(await everything()).toEqual(before);
      }
    });
  });

  describe('GET (the list the back office and the booking page share)', () => {
    it('lists every session of the event, past ones too, by start, ignoring cache-busting parameters', async () => {
      const eventId = await newEvent();
      const later = await postSession(app, admin, eventId, { startDate: '2030-05-10', endDate: '2030-05-10' });
      const earlier = await postSession(app, admin, eventId, {
        startDate: '2030-05-10',
        endDate: '2030-05-10',
        startTime: '08:00',
        endTime: '09:00',
      });
      const past = await postSession(app, admin, eventId, { startDate: '2020-01-01', endDate: '2020-01-01' });
      await postSession(app, admin, await newEvent());
      for (const query of [
        '',
        '?showEventDetails=false',
        `?_=${Date.now()}`,
        `?t=${Date.now()}`,
        '?showEventDetails&_=1&t=2&otro=3',
      ]) {
        const res = await app.request('GET', `/api/events/${eventId}/sessions${query}`, { token: admin });
        expect({ query, status: res.status, ids: res.body.map((s: { id: number }) => s.id) }).toEqual({
          query,
          status: 200,
          ids: [past.id, earlier.id, later.id],
        });
        expect(res.body[0].event).toBeUndefined();
      }
      // The instants in the event's zone (Madrid: UTC+1 in January, UTC+2 in May) and whether each has started.
      const listed = (await app.request('GET', `/api/events/${eventId}/sessions`, { token: admin })).body;
      expect(listed.map((s: Record<string, unknown>) => [s.startsAt, s.endsAt, s.hasStarted])).toEqual([
        ['2020-01-01T09:00:00Z', '2020-01-01T10:30:00Z', true],
        ['2030-05-10T06:00:00Z', '2030-05-10T07:00:00Z', false],
        ['2030-05-10T08:00:00Z', '2030-05-10T09:30:00Z', false],
      ]);
      const detailed = await app.request('GET', `/api/events/${eventId}/sessions?showEventDetails=true&_=123`, {
        token: admin,
      });
      expect(detailed.body[0].event).toMatchObject({ id: eventId, title: `Evento ${eventId}` });
      const empty = await newEvent();
      expect((await app.request('GET', `/api/events/${empty}/sessions`)).body).toEqual([]);
      expect((await app.request('GET', '/api/events/999999/sessions')).body).toEqual(EVENT_NOT_FOUND);
    });

    it('counts live: registrations from the counters, holds until the moment they expire, the visitor’s own hold excluded', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId, {
        maxAttendees: 10,
        reservedSpots: 3,
        maxQueueSpots: 4,
      });
      await addRegistration(app, session.id, 0);
      await addRegistration(app, session.id, 0);
      await addRegistration(app, session.id, 0, { reserved: true });
      await addRegistration(app, session.id, 1);
      await addRegistration(app, session.id, 2);
      await addHold(app, session.id, 'token-visitante-ajeno', 2, 3);
      await addHold(app, session.id, 'token-visitante-mio', 1, 3);
      await addHold(app, session.id, 'token-visitante-caducado', 2, -1);
      const list = async (token?: string) => {
        const res = await app.request('GET', `/api/events/${eventId}/sessions`, {
          headers: token ? { 'x-session-token': token } : {},
        });
        expect(res.status).toBe(200);
        return res.body[0];
      };
      // Online capacity 7, 2 online registrations, 3 spots in unexpired holds.
      expect(await list()).toMatchObject({
        registeredCount: 3,
        usedReservedSpots: 1,
        currentQueueCount: 1,
        activeHoldsCount: 3,
        availableSpots: 2,
      });
      expect(await list('token-visitante-mio')).toMatchObject({ activeHoldsCount: 3, availableSpots: 3 });
      expect(await list('token-visitante-ajeno')).toMatchObject({ activeHoldsCount: 3, availableSpots: 4 });
      expect(await list('token-visitante-caducado')).toMatchObject({ availableSpots: 2 });
      // The admin views agree.
      const adminEvent = (await app.request('GET', `/api/events/${eventId}`, { token: admin })).body;
      expect(adminEvent.sessions[0]).toMatchObject({ registeredCount: 3, activeHoldsCount: 3, availableSpots: 2 });

      // A hold stops counting when it expires, before anything deletes it.
      await app.sql(
        `UPDATE ticket_holds SET expires_at = now() - interval '1 second' WHERE token = 'token-visitante-ajeno'`,
      );
      expect(await list()).toMatchObject({ activeHoldsCount: 1, availableSpots: 4 });
      // Settled here, not by the 5 s sweep in the middle of a later test that compares the whole database.
      await app.running.app.get(HoldsService).sweepExpired();
      expect(await list()).toMatchObject({ registeredCount: 4, currentQueueCount: 0, activeHoldsCount: 1 });
    });

    it('never shows fewer than 0 available spots', async () => {
      const eventId = await newEvent();
      const session = await postSession(app, admin, eventId, { maxAttendees: 3, reservedSpots: 1 });
      await addRegistration(app, session.id, 0);
      await addHold(app, session.id, 'otro', 1, 3);
      expect((await app.request('GET', `/api/events/${eventId}/sessions`)).body[0]).toMatchObject({
        availableSpots: 0,
        activeHoldsCount: 1,
      });
      // Holds are counted from their rows: even rows beyond the online capacity leave the figure at 0.
      await app.sql(
        `INSERT INTO ticket_holds (session_id, token, spots, expires_at) VALUES ($1, 'de-mas', 2, now() + interval '3 minutes')`,
        [session.id],
      );
      expect((await app.request('GET', `/api/events/${eventId}/sessions`)).body[0]).toMatchObject({
        availableSpots: 0,
        activeHoldsCount: 3,
      });
    });
  });

  describe('POST /api/settings/bulk-update-queue-limits', () => {
    it('sets the limit on every session not yet ended, never below the people already waiting, and counts the changes', async () => {
      const eventId = await newEvent();
      const future = await postSession(app, admin, eventId, { maxQueueSpots: 10 });
      const alreadyThere = await postSession(app, admin, eventId, { maxQueueSpots: 4 });
      const crowded = await postSession(app, admin, eventId, { maxQueueSpots: 10 });
      for (let i = 0; i < 6; i++) await addRegistration(app, crowded.id, 2);
      const past = await postSession(app, admin, eventId, {
        startDate: '2020-01-01',
        endDate: '2020-01-01',
        maxQueueSpots: 10,
      });
      const sessionsNotEnded = (
        await app.sql(
          `SELECT count(*)::int AS n FROM event_sessions WHERE ends_at > now() AND max_queue_spots <> greatest(4, queue_count)`,
        )
      )[0].n;

      const res = await app.request('POST', '/api/settings/bulk-update-queue-limits', {
        token: admin,
        body: { newQueueLimit: 4 },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ updatedSessions: sessionsNotEnded });
      const limits = Object.fromEntries(
        (await app.sql(`SELECT id, max_queue_spots FROM event_sessions WHERE event_id = $1`, [eventId])).map((r) => [
          r.id,
          r.max_queue_spots,
        ]),
      );
      expect(limits).toEqual({ [future.id]: 4, [alreadyThere.id]: 4, [crowded.id]: 6, [past.id]: 10 });
      expect(
        await app.sql(
          `SELECT count(*)::int AS n FROM event_sessions WHERE ends_at > now() AND max_queue_spots <> greatest(4, queue_count)`,
        ),
      ).toEqual([{ n: 0 }]);

      // Nothing left to change.
      expect(
        (
          await app.request('POST', '/api/settings/bulk-update-queue-limits', {
            token: admin,
            body: { newQueueLimit: 4 },
          })
        ).body,
      ).toEqual({ updatedSessions: 0 });
      const zero = await app.request('POST', '/api/settings/bulk-update-queue-limits', {
        token: admin,
        body: { newQueueLimit: 0 },
      });
      expect(zero.status).toBe(200);
      expect(
        (await app.sql(`SELECT max_queue_spots FROM event_sessions WHERE id = $1`, [crowded.id]))[0].max_queue_spots,
      ).toBe(6);
    });

    it('refuses a limit that is not a non-negative integer or exceeds GlobalMaxQueueSpots, writing nothing', async () => {
      const eventId = await newEvent();
      await postSession(app, admin, eventId);
      const path = '/api/settings/bulk-update-queue-limits';
      for (const newQueueLimit of [-1, 2.5, '5', null, undefined]) {
        await expectRefused(
          'POST',
          path,
          { newQueueLimit },
          { newQueueLimit: 'El nuevo límite debe ser un número entero no negativo' },
        );
      }
      await expectRefused(
        'POST',
        path,
        { newQueueLimit: 101 },
        { newQueueLimit: 'El nuevo límite no puede superar el límite global (100)' },
      );
    });

    it('needs Settings.Update', async () => {
      const eventsOnly = await app.staffWith(['Events.Update', 'Settings.Read']);
      const before = await everything();
      expect(
        (
          await app.request('POST', '/api/settings/bulk-update-queue-limits', {
            token: eventsOnly.token,
            body: { newQueueLimit: 1 },
          })
        ).status,
      ).toBe(403);
      expect(await everything()).toEqual(before);
      const settings = await app.staffWith(['Settings.Update']);
      expect(
        (
          await app.request('POST', '/api/settings/bulk-update-queue-limits', {
            token: settings.token,
            body: { newQueueLimit: 3 },
          })
        ).status,
      ).toBe(200);
    });
  });

  it('needs Events.Create to add, Events.Update to edit or toggle, Events.Delete to remove a session', async () => {
    const eventId = await newEvent();
    const session = await postSession(app, admin, eventId);
    const base = `/api/events/${eventId}/sessions`;
    const calls = {
      create: ['POST', base, sessionBody()],
      update: ['PUT', `${base}/${session.id}`, sessionBody({ startTime: '12:00', endTime: '13:00' })],
      toggle: ['PUT', `${base}/${session.id}/toggle-registration`, { isOpen: false }],
      remove: ['DELETE', `${base}/${session.id}`, undefined],
    } as const;
    const grants = {
      create: 'Events.Create',
      update: 'Events.Update',
      toggle: 'Events.Update',
      remove: 'Events.Delete',
    } as const;
    const reader = await app.staffWith(['Events.Read']);
    const before = await everything();
    for (const [method, path, body] of Object.values(calls)) {
      expect({ method, path, status: (await app.request(method, path, { token: reader.token, body })).status }).toEqual(
        { method, path, status: 403 },
      );
    }
    expect(await everything()).toEqual(before);
    const expected = { create: 201, update: 200, toggle: 200, remove: 204 };
    for (const name of ['create', 'update', 'toggle', 'remove'] as const) {
      const staff = await app.staffWith([grants[name]]);
      const [method, path, body] = calls[name];
      expect({ name, status: (await app.request(method, path, { token: staff.token, body })).status }).toEqual({
        name,
        status: expected[name],
      });
    }
  });
});
