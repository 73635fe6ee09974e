import { attendee, createSession, dni, invariantProblems } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

describe('Staff registrations: manual registration, lists, edit, cancel, delete, resend', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const manual = (sessionId: number, formData: object, forceQueue = false) =>
    app.request(
      'POST',
      `/api/events/sessions/${sessionId}/admin-registrations${forceQueue ? '?forceQueue=true' : ''}`,
      {
        token: admin,
        body: { eventSessionId: sessionId, formData },
      },
    );
  const book = (sessionId: number, n: number) =>
    app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });
  const count = async (sessionId: number) =>
    (await app.sql(`SELECT count(*)::int AS n FROM registrations WHERE session_id = $1`, [sessionId]))[0].n;

  describe('manual registration', () => {
    it('takes a reserved spot, then asks before queueing, then queues with forceQueue', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 3, reservedSpots: 1, maxQueueSpots: 2 });
      const first = await manual(sessionId, attendee(1));
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        id: expect.any(Number),
        queued: false,
        queuePosition: null,
        message: 'Registro manual completado exitosamente',
      });
      expect(
        await app.sql(`SELECT uses_reserved_spot, source FROM registrations WHERE id = $1`, [first.body.id]),
      ).toEqual([{ uses_reserved_spot: true, source: 'admin' }]);

      const ask = await manual(sessionId, attendee(2));
      expect(ask.body).toEqual({
        requiresConfirmation: true,
        reservedSpotsFull: true,
        message: 'No quedan plazas reservadas. ¿Añadir a la persona a la lista de espera?',
        currentQueueCount: 0,
        maxQueueSpots: 2,
      });
      expect(await count(sessionId)).toBe(1);

      const queued = await manual(sessionId, attendee(2), true);
      expect(queued.body).toMatchObject({
        queued: true,
        queuePosition: 1,
        message: 'Persona añadida a la lista de espera. Posición en cola: 1',
      });
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });

    it('accepts a foreign passport with bypassValidation, and refuses it without', async () => {
      const { sessionId } = await createSession(app, { reservedSpots: 2 });
      const refused = await manual(sessionId, attendee(3, { userTaxId: 'pa1234567' }));
      expect(refused.status).toBe(400);
      expect(refused.body.attendeeErrors).toEqual({ 0: ['DNI/NIE no es válido: revisa los números y la letra'] });
      const ok = await manual(sessionId, { ...attendee(3, { userTaxId: 'pa1234567' }), bypassValidation: true });
      expect(ok.status).toBe(200);
      expect(await app.sql(`SELECT user_tax_id FROM registrations WHERE id = $1`, [ok.body.id])).toEqual([
        { user_tax_id: 'PA1234567' },
      ]);
    });

    it('works while public registration is closed, but not for a blacklisted person or a duplicate', async () => {
      const { eventId, sessionId } = await createSession(app, { reservedSpots: 2, isRegistrationOpen: false });
      expect((await manual(sessionId, attendee(4))).status).toBe(200);
      expect((await manual(sessionId, attendee(4))).body.code).toBe('DUPLICATE_REGISTRATION');
      await app.sql(
        `INSERT INTO blacklist_entries (event_id, email, reason, expires_at) VALUES ($1, 'persona5@example.com', 2, now() + interval '1 day')`,
        [eventId],
      );
      expect((await manual(sessionId, attendee(5))).body.code).toBe('BLACKLISTED');
      expect(await count(sessionId)).toBe(1);
    });

    it('needs Registrations.Create', async () => {
      const { sessionId } = await createSession(app, { reservedSpots: 1 });
      const reader = await app.staffWith(['Registrations.Read']);
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
        token: reader.token,
        body: { formData: attendee(6) },
      });
      expect(res.status).toBe(403);
      expect(await count(sessionId)).toBe(0);
    });
  });

  describe('lists', () => {
    it('lists a session’s active and cancelled registrations (not waiting ones) with the spec fields', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 2 });
      const a = await book(sessionId, 10);
      await book(sessionId, 11);
      await book(sessionId, 12);
      await app.request('POST', `/api/registrations/${a.body.id}/cancel`, { token: admin });
      const res = await app.request('GET', `/api/events/sessions/${sessionId}/registrations?includeDetails=true`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(
        res.body.map((r: { email: string; status: number; statusText: string }) => [r.email, r.status, r.statusText]),
      ).toEqual([
        ['persona11@example.com', 0, 'Active'],
        ['persona12@example.com', 0, 'Active'],
        ['persona10@example.com', 1, 'Cancelled'],
      ]);
      expect(res.body[0]).toMatchObject({
        eventSessionId: sessionId,
        userTaxId: dni(11),
        usesReservedSpot: false,
        eventTitle: expect.stringContaining('Evento'),
        sessionInfo: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:00-11:30$/),
      });
    });

    it('pages by 20 and searches by name, e-mail, DNI/NIE or event', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 30 });
      for (let n = 100; n < 125; n++) await book(sessionId, n);
      const byEvent = encodeURIComponent(`Evento ${eventId}`);
      const page1 = await app.request('GET', `/api/events/registrations?page=1&pageSize=20&search=${byEvent}`, {
        token: admin,
      });
      expect(page1.body).toMatchObject({ totalCount: 25, totalPages: 2, page: 1, pageSize: 20 });
      expect(page1.body.items).toHaveLength(20);
      const page2 = await app.request('GET', `/api/events/registrations?page=2&pageSize=20&search=${byEvent}`, {
        token: admin,
      });
      expect(page2.body.items).toHaveLength(5);
      const byName = await app.request('GET', '/api/events/registrations?search=nombre123', { token: admin });
      expect(byName.body.items.map((r: { email: string }) => r.email)).toEqual(['persona123@example.com']);
      const byTaxId = await app.request('GET', `/api/events/registrations?search=${dni(117)}`, { token: admin });
      expect(byTaxId.body.items.map((r: { email: string }) => r.email)).toEqual(['persona117@example.com']);
      const bad = await app.request('GET', '/api/events/registrations?page=uno', { token: admin });
      expect(bad.status).toBe(400);
    });

    it('finds a registration by the booking reference the person quotes, however they type it', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 5 });
      const booked = await book(sessionId, 140);
      expect(booked.status).toBe(201);
      const { id, reference } = booked.body;
      expect(reference).toBe(`R-${String(id).padStart(6, '0')}`);
      const typed = [reference, reference.toLowerCase(), ` ${reference.replace('-', '')} `, String(id)];
      for (const search of typed) {
        const found = await app.request('GET', `/api/events/registrations?search=${encodeURIComponent(search)}`, {
          token: admin,
        });
        expect({ search, ids: found.body.items.map((r: { id: number }) => r.id) }).toEqual({ search, ids: [id] });
      }
      // Not a reference: the usual search only.
      const none = await app.request('GET', '/api/events/registrations?search=R-999999', { token: admin });
      expect(none.body.items).toEqual([]);
    });
  });

  describe('edit, resend, cancel and delete', () => {
    it('edits a registration, refusing a bad e-mail and a duplicate person by field, writing nothing', async () => {
      const { sessionId } = await createSession(app);
      const a = await book(sessionId, 200);
      await book(sessionId, 201);
      const edit = (body: object) =>
        app.request('PUT', `/api/events/registrations/${a.body.id}`, { token: admin, body });
      const base = {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana.ruiz@example.com',
        userTaxId: dni(202),
        telephoneNumber: '',
      };
      const ok = await edit(base);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana.ruiz@example.com',
        userTaxId: dni(202),
        telephoneNumber: null,
      });

      expect((await edit({ ...base, email: 'mal' })).body.errors).toEqual({ email: ['Email no es válido'] });
      const duplicate = await edit({ ...base, email: 'persona201@example.com' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors).toEqual({
        email: ['Ya existe una inscripción con este correo electrónico en esta sesión'],
      });
      expect((await edit({ ...base, userTaxId: 'X0000000A' })).body.errors).toEqual({
        userTaxId: ['DNI/NIE no es válido: revisa los números y la letra'],
      });
      expect(await app.sql(`SELECT email FROM registrations WHERE id = $1`, [a.body.id])).toEqual([
        { email: 'ana.ruiz@example.com' },
      ]);
    });

    it('records the e-mail again for an active registration only', async () => {
      const { sessionId } = await createSession(app);
      const a = await book(sessionId, 300);
      expect(
        (await app.request('POST', `/api/events/registrations/${a.body.id}/resend-email`, { token: admin })).body,
      ).toEqual({ message: 'Email reenviado' });
      const sent = await app.sql(`SELECT email_type FROM email_messages WHERE registration_id = $1 ORDER BY id`, [
        a.body.id,
      ]);
      expect(sent.map((e) => e.email_type)).toEqual(['Registration', 'Registration']);
      await app.request('POST', `/api/registrations/${a.body.id}/cancel`, { token: admin });
      expect(
        (await app.request('POST', `/api/events/registrations/${a.body.id}/resend-email`, { token: admin })).status,
      ).toBe(409);
    });

    it('deleting an active registration frees its seat for the first in the queue; unknown ids are 404', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
      const seated = await book(sessionId, 400);
      const waiting = await book(sessionId, 401);
      expect(
        (await app.request('DELETE', `/api/events/registrations/${seated.body.id}`, { token: admin })).status,
      ).toBe(204);
      expect(await app.sql(`SELECT id, state FROM registrations WHERE session_id = $1`, [sessionId])).toEqual([
        { id: waiting.body.id, state: 0 },
      ]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
      expect((await app.request('DELETE', '/api/events/registrations/999999', { token: admin })).status).toBe(404);
      expect((await app.request('POST', '/api/registrations/999999/cancel', { token: admin })).status).toBe(404);
    });
  });
});
