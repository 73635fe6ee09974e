import {
  attendee,
  createSession,
  dni,
  invariantProblems,
  promotionEmails,
  registerOnline,
  snapshotSession,
  TestApp,
  waitingIds,
} from '@evreg/testing';
import { DataSource } from 'typeorm';
import { PromotionKeepsRegistrationDate1764000000440 } from '../src/database/migrations/1764000000440-PromotionKeepsRegistrationDate';
import { validationError } from './support/http-helpers';
import { Workbook } from 'exceljs';

const NOT_WAITING = { statusCode: 404, code: 'NOT_FOUND', message: 'Entrada de la lista de espera no encontrada' };
const NO_SESSION = { statusCode: 404, code: 'NOT_FOUND', message: 'Sesión no encontrada' };
const MISMATCH = 'La lista enviada no coincide con las personas en espera de la sesión';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('Waiting list (/api/events/queue)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const list = (sessionId: number | string, token = admin) =>
    app.request('GET', `/api/events/queue/session/${sessionId}`, { token });
  const promote = (id: number, token = admin) => app.request('POST', `/api/events/queue/${id}/promote`, { token });
  const edit = (id: number, body: object, token = admin) =>
    app.request('PUT', `/api/events/queue/${id}`, { token, body });
  const remove = (id: number, token = admin) => app.request('DELETE', `/api/events/queue/${id}`, { token });
  const reorder = (body: object, token = admin) => app.request('PUT', '/api/events/queue/reorder', { token, body });
  const capacity = (eventId: number, sessionId: number, change: string, body: object) =>
    app.request(
      change === 'redistribute-reserved-spots' ? 'POST' : 'PUT',
      `/api/events/${eventId}/sessions/${sessionId}/${change}`,
      { token: admin, body },
    );
  const positions = (sessionId: number) =>
    app.sql(
      `SELECT id, queue_position FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position`,
      [sessionId],
    );
  const editBody = (n: number, overrides: object = {}) => {
    const { firstName, lastName, email, userTaxId, telephoneNumber } = attendee(n);
    return { firstName, lastName, email, userTaxId, phoneNumber: telephoneNumber, ...overrides };
  };

  /** A session of `seats` online seats, all taken, and `waiting` people on its list (people 1..seats+waiting). */
  async function fullSession(
    seats: number,
    waiting: number,
    options: { reservedSpots?: number; maxQueueSpots?: number } = {},
  ) {
    const reservedSpots = options.reservedSpots ?? 0;
    const session = await createSession(app, {
      maxAttendees: seats + reservedSpots,
      reservedSpots,
      maxQueueSpots: options.maxQueueSpots ?? Math.max(waiting, 5),
    });
    const ids = await registerOnline(app, session.sessionId, 1, seats + waiting);
    return { ...session, active: ids.slice(0, seats), waiting: ids.slice(seats) };
  }

  describe('GET /session/{id}', () => {
    it('lists the waiting entries in position order, without the active registrations', async () => {
      const { sessionId, waiting } = await fullSession(2, 3);
      const res = await list(sessionId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        [3, 4, 5].map((n, i) => ({
          id: waiting[i],
          eventSessionId: sessionId,
          queuePosition: i + 1,
          firstName: `Nombre${n}`,
          lastName: `Apellido ${n}`,
          email: `persona${n}@example.com`,
          phoneNumber: '600123456',
          userTaxId: dni(n),
          status: 0,
          queuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })),
      );
      const [row] = await app.sql(`SELECT created_at FROM registrations WHERE id = $1`, [waiting[0]]);
      expect(res.body[0].queuedAt).toBe(row.created_at.toISOString());
    });

    it('answers [] for a session with nobody waiting, 404 for an unknown session, 400 for a bad id', async () => {
      const { sessionId } = await createSession(app);
      expect((await list(sessionId)).body).toEqual([]);
      expect(await list(987654)).toMatchObject({ status: 404, body: NO_SESSION });
      expect((await list('abc')).status).toBe(400);
    });
  });

  describe('GET /session/{id}/export', () => {
    it('answers an .xlsx named after the session and the day, with the list in position order', async () => {
      const { sessionId, waiting } = await fullSession(1, 3);
      // Out of id order, and one person without a phone.
      expect(
        (await reorder({ eventSessionId: sessionId, queueIds: [waiting[2], waiting[0], waiting[1]] })).status,
      ).toBe(200);
      expect((await edit(waiting[0], editBody(2, { phoneNumber: null }))).status).toBe(200);

      const response = await fetch(`${app.baseUrl}/api/events/queue/session/${sessionId}/export`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(XLSX);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="lista-espera-sesion-${sessionId}-${today}.xlsx"`,
      );

      const workbook = new Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Lista de espera']);
      const sheet = workbook.worksheets[0];
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      expect(values(1)).toEqual(['Posición', 'Nombre', 'Apellidos', 'Email', 'Teléfono', 'DNI/NIE', 'Fecha de alta']);
      expect(sheet.rowCount).toBe(4);
      const rows = await app.sql(`SELECT id, created_at FROM registrations WHERE id = ANY($1)`, [waiting]);
      // Excel dates carry no zone: the cell holds the event's local (Europe/Madrid) wall-clock time.
      const madrid = (id: number) =>
        rows
          .find((r) => r.id === id)!
          .created_at.toLocaleString('sv-SE', { timeZone: 'Europe/Madrid' })
          .slice(0, 16)
          .replace(' ', 'T');
      const expected = [
        [1, 'Nombre4', 'Apellido 4', 'persona4@example.com', '600123456', dni(4), madrid(waiting[2])],
        [2, 'Nombre2', 'Apellido 2', 'persona2@example.com', '', dni(2), madrid(waiting[0])],
        [3, 'Nombre3', 'Apellido 3', 'persona3@example.com', '600123456', dni(3), madrid(waiting[1])],
      ];
      for (const [i, row] of expected.entries()) {
        const cells = values(i + 2);
        expect([...cells.slice(0, 6), (cells[6] as Date).toISOString().slice(0, 16)]).toEqual(row);
      }
    });

    it('exports an empty sheet with the headers for an empty list; 404 for an unknown session', async () => {
      const { sessionId } = await createSession(app);
      const response = await fetch(`${app.baseUrl}/api/events/queue/session/${sessionId}/export`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const workbook = new Workbook();
      await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
      expect(workbook.worksheets[0].rowCount).toBe(1);
      const missing = await app.request('GET', '/api/events/queue/session/987654/export', { token: admin });
      expect(missing).toMatchObject({ status: 404, body: NO_SESSION });
    });
  });

  describe('POST /{id}/promote', () => {
    it('keeps the registration date of a promoted person and adds the promotion date (automatic and by hand)', async () => {
      const { eventId, sessionId, active, waiting } = await fullSession(1, 2);
      // They joined the waiting list on 1 March 2026 (Madrid).
      await app.sql(
        `UPDATE registrations SET registered_at = '2026-03-01 10:00+01', created_at = '2026-03-01 10:00+01' WHERE id = ANY($1::int[])`,
        [waiting],
      );
      // The first is promoted automatically (a cancellation), the second by hand (a seat more, promotion locked).
      expect((await app.request('POST', `/api/registrations/${active[0]}/cancel`, { token: admin })).status).toBe(200);
      expect((await capacity(eventId, sessionId, 'toggle-promotion-lock', { isLocked: true })).status).toBe(200);
      expect((await capacity(eventId, sessionId, 'max-attendees', { maxAttendees: 2 })).status).toBe(200);
      expect((await promote(waiting[1])).status).toBe(200);
      const rows = await app.sql(
        `SELECT state, registered_at = '2026-03-01 10:00+01' AS kept, promoted_at > now() - interval '1 minute' AS promoted_now
           FROM registrations WHERE id = ANY($1::int[]) ORDER BY id`,
        [waiting],
      );
      expect(rows).toEqual(waiting.map(() => ({ state: 0, kept: true, promoted_now: true })));

      // The date filter counts them on the day they registered, not the day they were promoted.
      const search = (query: string) =>
        app.request('GET', `/api/events/registrations?sessionId=${sessionId}&${query}`, { token: admin });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
      const promotedToday = await search(`registeredFrom=${today}&registeredTo=${today}&state=active`);
      expect(promotedToday.body.items.map((r: { id: number }) => r.id)).not.toContain(waiting[0]);
      const onTheDay = await search('registeredFrom=2026-03-01&registeredTo=2026-03-01');
      const promotedRow = onTheDay.body.items.find((r: { id: number }) => r.id === waiting[0]);
      expect(promotedRow).toMatchObject({ registeredAt: '2026-03-01T09:00:00.000Z' });
      // An instant (UTC), promoted a moment ago: near midnight its date is not Madrid's day.
      expect(Date.now() - Date.parse(promotedRow.promotedAt)).toBeLessThan(60_000);
      expect((await search('state=cancelled')).body.items).toEqual([
        expect.objectContaining({ id: active[0], promotedAt: null }),
      ]);

      // The integrators' API carries both.
      const token = await app.request('POST', '/api/api-tokens', {
        token: admin,
        body: { name: 'Promociones', permissions: ['Registrations.Read'] },
      });
      const v1 = await app.request('GET', `/api/v1/registrations/${waiting[0]}`, { token: token.body.token });
      expect(v1.body).toMatchObject({ registeredAt: '2026-03-01T09:00:00.000Z', promotedAt: expect.any(String) });

      // A row promoted before the fix (its registration date overwritten by the promotion's) gets it back.
      await app.sql(`UPDATE registrations SET registered_at = promoted_at WHERE id = $1`, [waiting[0]]);
      const runner = app.running.app.get(DataSource).createQueryRunner();
      try {
        await new PromotionKeepsRegistrationDate1764000000440().up(runner);
      } finally {
        await runner.release();
      }
      expect(
        await app.sql(`SELECT registered_at = '2026-03-01 10:00+01' AS kept FROM registrations WHERE id = $1`, [
          waiting[0],
        ]),
      ).toEqual([{ kept: true }]);
    });

    it('promotes out of order onto a free online spot even while promotion is locked, then onto an unused reserved spot, then refuses', async () => {
      const { eventId, sessionId, active, waiting } = await fullSession(1, 3, { reservedSpots: 1 });
      expect((await capacity(eventId, sessionId, 'toggle-promotion-lock', { isLocked: true })).status).toBe(200);
      // One more online seat; the lock keeps it free.
      expect((await capacity(eventId, sessionId, 'max-attendees', { maxAttendees: 3 })).body.currentQueueCount).toBe(3);

      const second = await promote(waiting[1]);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ message: 'Persona promovida exitosamente', registrationId: waiting[1] });
      const [row] = await app.sql(
        `SELECT state, queue_position, uses_reserved_spot, promoted_at IS NOT NULL AS promoted, registered_at = created_at AS kept_registration_date FROM registrations WHERE id = $1`,
        [waiting[1]],
      );
      expect(row).toEqual({
        state: 0,
        queue_position: null,
        uses_reserved_spot: false,
        promoted: true,
        kept_registration_date: true,
      });
      expect(await positions(sessionId)).toEqual([
        { id: waiting[0], queue_position: 1 },
        { id: waiting[2], queue_position: 2 },
      ]);
      expect(
        await app.sql(`SELECT online_registered, reserved_registered, queue_count FROM event_sessions WHERE id = $1`, [
          sessionId,
        ]),
      ).toEqual([{ online_registered: 2, reserved_registered: 0, queue_count: 2 }]);

      // No online seat left: the unused reserved spot.
      const third = await promote(waiting[2]);
      expect(third.body).toEqual({ message: 'Persona promovida exitosamente', registrationId: waiting[2] });
      expect(
        (await app.sql(`SELECT uses_reserved_spot FROM registrations WHERE id = $1`, [waiting[2]]))[0]
          .uses_reserved_spot,
      ).toBe(true);
      expect(
        await app.sql(`SELECT online_registered, reserved_registered, queue_count FROM event_sessions WHERE id = $1`, [
          sessionId,
        ]),
      ).toEqual([{ online_registered: 2, reserved_registered: 1, queue_count: 1 }]);
      expect(await promotionEmails(app, sessionId)).toEqual([waiting[1], waiting[2]]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);

      // Nothing left: refused, nothing written.
      const before = await snapshotSession(app, sessionId);
      const refused = await promote(waiting[0]);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        code: 'NO_SPOT_TO_PROMOTE',
        message: 'No hay plazas libres ni plazas reservadas sin usar para promover',
      });
      // Not waiting (an active registration, a promoted entry, an unknown id): 404.
      for (const id of [active[0], waiting[1], 987654])
        expect(await promote(id)).toMatchObject({ status: 404, body: NOT_WAITING });
      expect(await snapshotSession(app, sessionId)).toEqual(before);
    });
  });

  describe('PUT /{id}', () => {
    it('edits a waiting entry, normalising e-mail and DNI/NIE; an omitted phone is kept, null or empty removes it', async () => {
      const { sessionId, waiting } = await fullSession(1, 2);
      const taxId = dni(50);
      const messy = `${taxId.slice(0, 2)}.${taxId.slice(2, 5)}.${taxId.slice(5, 8)}-${taxId[8].toLowerCase()}`;
      const res = await edit(waiting[0], {
        firstName: '  Lucía ',
        lastName: ' Martín Ruiz ',
        email: ' Lucia.Martin@Example.COM ',
        phoneNumber: ' +34 611 222 333 ',
        userTaxId: messy,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: waiting[0],
        eventSessionId: sessionId,
        queuePosition: 1,
        firstName: 'Lucía',
        lastName: 'Martín Ruiz',
        email: 'lucia.martin@example.com',
        phoneNumber: '+34 611 222 333',
        userTaxId: taxId,
        status: 0,
        queuedAt: expect.any(String),
      });
      expect((await list(sessionId)).body[0]).toEqual(res.body);

      const { phoneNumber: _omitted, ...withoutPhone } = editBody(50, { email: 'lucia.martin@example.com' });
      expect((await edit(waiting[0], withoutPhone)).body.phoneNumber).toBe('+34 611 222 333');
      expect((await edit(waiting[0], { ...withoutPhone, phoneNumber: '' })).body.phoneNumber).toBeNull();
      expect((await edit(waiting[0], { ...withoutPhone, phoneNumber: '600 111 222' })).body.phoneNumber).toBe(
        '600 111 222',
      );
      expect((await edit(waiting[0], { ...withoutPhone, phoneNumber: null })).body.phoneNumber).toBeNull();
      // Keeping one's own e-mail and DNI is no clash.
      expect((await edit(waiting[1], editBody(3, { firstName: 'Otro' }))).status).toBe(200);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });

    it('refuses invalid data with Spanish messages naming the field, writing nothing', async () => {
      const { sessionId, waiting } = await fullSession(1, 1);
      const before = await snapshotSession(app, sessionId);
      const cases: [object, string, string][] = [
        [{ firstName: '' }, 'firstName', 'Nombre es requerido'],
        [{ firstName: '   ' }, 'firstName', 'Nombre es requerido'],
        [{ firstName: undefined }, 'firstName', 'Nombre es requerido'],
        [{ firstName: 'x'.repeat(101) }, 'firstName', 'Nombre demasiado largo (máximo 100 caracteres)'],
        [{ lastName: ' ' }, 'lastName', 'Apellidos son requeridos'],
        [{ lastName: 'x'.repeat(151) }, 'lastName', 'Apellidos demasiado largos (máximo 150 caracteres)'],
        [{ email: '' }, 'email', 'Correo electrónico es requerido'],
        [{ email: 'no-es-un-correo' }, 'email', 'Correo electrónico no es válido'],
        [{ email: 'ana@example' }, 'email', 'Correo electrónico no es válido'],
        [{ phoneNumber: '12' }, 'phoneNumber', 'Teléfono no es válido'],
        [{ userTaxId: '' }, 'userTaxId', 'DNI/NIE es requerido'],
        [{ userTaxId: `${dni(2).slice(0, 8)}A` }, 'userTaxId', 'DNI/NIE no es válido: revisa los números y la letra'],
        [{ userTaxId: 'PASAPORTE1' }, 'userTaxId', 'DNI/NIE no es válido: revisa los números y la letra'],
        [{ userTaxId: 'x'.repeat(31) }, 'userTaxId', 'DNI/NIE demasiado largo (máximo 30 caracteres)'],
      ];
      for (const [change, field, message] of cases) {
        const res = await edit(waiting[0], editBody(2, change));
        expect({ change, status: res.status, body: res.body }).toEqual({
          change,
          status: 400,
          body: validationError(field, message),
        });
      }
      const unknownField = await edit(waiting[0], editBody(2, { status: 1 }));
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.errors).toEqual({ status: ['El campo "status" no está permitido'] });
      expect(await snapshotSession(app, sessionId)).toEqual(before);
    });

    it('refuses (409) an e-mail or DNI/NIE already registered or waiting in the session, naming the field', async () => {
      const { eventId, sessionId, active, waiting } = await fullSession(1, 2);
      const before = await snapshotSession(app, sessionId);
      const email = await edit(waiting[0], editBody(2, { email: 'PERSONA1@example.com' }));
      expect(email.status).toBe(409);
      expect(email.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Ya existe una inscripción con este correo electrónico en esta sesión',
        errors: { email: ['Ya existe una inscripción con este correo electrónico en esta sesión'] },
      });
      const taxId = await edit(waiting[0], editBody(2, { userTaxId: dni(3) }));
      expect(taxId.status).toBe(409);
      expect(taxId.body.errors).toEqual({ userTaxId: ['Ya existe una inscripción con este DNI/NIE en esta sesión'] });
      const both = await edit(waiting[0], editBody(1));
      expect(both.body.errors).toEqual({
        email: ['Ya existe una inscripción con este correo electrónico en esta sesión'],
        userTaxId: ['Ya existe una inscripción con este DNI/NIE en esta sesión'],
      });
      expect(await snapshotSession(app, sessionId)).toEqual(before);

      // A cancelled registration holds no place: its data can be reused.
      expect((await capacity(eventId, sessionId, 'toggle-promotion-lock', { isLocked: true })).status).toBe(200);
      expect((await app.request('POST', `/api/registrations/${active[0]}/cancel`, { token: admin })).status).toBe(200);
      expect((await edit(waiting[0], editBody(1))).status).toBe(200);
      expect(await invariantProblems(app, sessionId)).toEqual([]);
    });

    it('keeps accepting a passport-style document for an entry that already had one', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, reservedSpots: 0, maxQueueSpots: 5 });
      await registerOnline(app, sessionId, 1, 1);
      const manual = await app.request(
        'POST',
        `/api/events/sessions/${sessionId}/admin-registrations?forceQueue=true`,
        {
          token: admin,
          body: {
            eventSessionId: sessionId,
            formData: { ...attendee(60, { userTaxId: 'PA1234567' }), bypassValidation: true },
          },
        },
      );
      expect(manual.status).toBe(200);
      expect(manual.body.queued).toBe(true);
      const res = await edit(manual.body.id, editBody(60, { userTaxId: ' pb7654321 ' }));
      expect(res.status).toBe(200);
      expect(res.body.userTaxId).toBe('PB7654321');
      // A valid DNI/NIE is always accepted, and from then on the entry is held to the DNI/NIE rule.
      expect((await edit(manual.body.id, editBody(60))).body.userTaxId).toBe(dni(60));
      expect((await edit(manual.body.id, editBody(60, { userTaxId: 'PB7654321' }))).body.errors).toEqual({
        userTaxId: ['DNI/NIE no es válido: revisa los números y la letra'],
      });
    });

    it('answers 404 for anything that is not a waiting entry', async () => {
      const { active } = await fullSession(1, 1);
      expect(await edit(active[0], editBody(1))).toMatchObject({ status: 404, body: NOT_WAITING });
      expect(await edit(987654, editBody(1))).toMatchObject({ status: 404, body: NOT_WAITING });
    });
  });

  describe('DELETE /{id}', () => {
    it('deletes the entry and closes the gap; nobody is promoted', async () => {
      const { sessionId, active, waiting } = await fullSession(1, 4);
      const res = await remove(waiting[1]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Persona eliminada de la lista de espera' });
      expect(await app.sql(`SELECT 1 FROM registrations WHERE id = $1`, [waiting[1]])).toEqual([]);
      expect(await positions(sessionId)).toEqual([
        { id: waiting[0], queue_position: 1 },
        { id: waiting[2], queue_position: 2 },
        { id: waiting[3], queue_position: 3 },
      ]);
      expect(
        await app.sql(`SELECT online_registered, queue_count FROM event_sessions WHERE id = $1`, [sessionId]),
      ).toEqual([{ online_registered: 1, queue_count: 3 }]);
      expect(await promotionEmails(app, sessionId)).toEqual([]);

      // The last one, then the first: still 1..n.
      expect((await remove(waiting[3])).status).toBe(200);
      expect((await remove(waiting[0])).status).toBe(200);
      expect(await positions(sessionId)).toEqual([{ id: waiting[2], queue_position: 1 }]);
      expect(await invariantProblems(app, sessionId)).toEqual([]);

      const before = await snapshotSession(app, sessionId);
      for (const id of [waiting[1], active[0], 987654])
        expect(await remove(id)).toMatchObject({ status: 404, body: NOT_WAITING });
      expect(await snapshotSession(app, sessionId)).toEqual(before);
    });
  });

  describe('PUT /reorder', () => {
    it('sets positions 1..n in the order sent and answers the new list', async () => {
      const { sessionId, waiting } = await fullSession(1, 4);
      const order = [waiting[3], waiting[1], waiting[0], waiting[2]];
      const res = await reorder({ eventSessionId: sessionId, queueIds: order });
      expect(res.status).toBe(200);
      expect(res.body.map((e: { id: number; queuePosition: number }) => [e.id, e.queuePosition])).toEqual(
        order.map((id, i) => [id, i + 1]),
      );
      expect((await list(sessionId)).body).toEqual(res.body);
      expect(await waitingIds(app, sessionId)).toEqual(order);
      expect(await invariantProblems(app, sessionId)).toEqual([]);

      // The next person to be promoted is the new first.
      const { eventId } = (
        await app.sql(`SELECT event_id AS "eventId" FROM event_sessions WHERE id = $1`, [sessionId])
      )[0];
      expect((await capacity(eventId, sessionId, 'max-attendees', { maxAttendees: 2 })).status).toBe(200);
      expect(await promotionEmails(app, sessionId)).toEqual([waiting[3]]);
      expect(await waitingIds(app, sessionId)).toEqual(order.slice(1));
    });

    it('refuses a list that is not exactly the waiting entries (400) or an unknown session (404), writing nothing', async () => {
      const { sessionId, active, waiting } = await fullSession(1, 3);
      const other = await fullSession(1, 1);
      const before = await snapshotSession(app, sessionId);
      const [a, b, c] = waiting;
      const wrongLists = [
        [a, b],
        [a, b, c, active[0]],
        [a, b, b],
        [a, a, b, c],
        [a, b, other.waiting[0]],
        [],
        [c, b, a, 987654],
      ];
      for (const queueIds of wrongLists) {
        const res = await reorder({ eventSessionId: sessionId, queueIds });
        expect({ queueIds, status: res.status, body: res.body }).toEqual({
          queueIds,
          status: 400,
          body: validationError('queueIds', MISMATCH),
        });
      }
      const typeErrors: [object, string][] = [
        [{ eventSessionId: sessionId, queueIds: 'a,b' }, 'queueIds'],
        [{ eventSessionId: sessionId, queueIds: [a, 1.5] }, 'queueIds'],
        [{ eventSessionId: sessionId }, 'queueIds'],
        [{ queueIds: [a, b, c] }, 'eventSessionId'],
        [{ eventSessionId: 'x', queueIds: [a, b, c] }, 'eventSessionId'],
      ];
      for (const [body, field] of typeErrors) {
        const res = await reorder(body);
        expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
          body,
          status: 400,
          fields: [field],
        });
      }
      expect(await reorder({ eventSessionId: 987654, queueIds: [] })).toMatchObject({ status: 404, body: NO_SESSION });
      expect(await snapshotSession(app, sessionId)).toEqual(before);

      const empty = await createSession(app);
      expect(await reorder({ eventSessionId: empty.sessionId, queueIds: [] })).toMatchObject({ status: 200, body: [] });
    });
  });

  it('grants reads with Queues.Read, promote/edit/reorder with Registrations.Update, removal with Registrations.Delete', async () => {
    const { sessionId, waiting } = await fullSession(1, 3, { reservedSpots: 1 });
    const reader = (await app.staffWith(['Queues.Read'])).token;
    const updater = (await app.staffWith(['Registrations.Update'])).token;
    const deleter = (await app.staffWith(['Registrations.Delete'])).token;

    expect((await list(sessionId, reader)).status).toBe(200);
    expect((await list(sessionId, updater)).status).toBe(403);
    for (const token of [reader, deleter]) {
      expect((await promote(waiting[0], token)).status).toBe(403);
      expect((await edit(waiting[0], editBody(2), token)).status).toBe(403);
      expect((await reorder({ eventSessionId: sessionId, queueIds: waiting }, token)).status).toBe(403);
    }
    for (const token of [reader, updater]) expect((await remove(waiting[0], token)).status).toBe(403);

    expect((await reorder({ eventSessionId: sessionId, queueIds: [...waiting].reverse() }, updater)).status).toBe(200);
    expect((await edit(waiting[0], editBody(2), updater)).status).toBe(200);
    expect((await promote(waiting[0], updater)).status).toBe(200);
    expect((await remove(waiting[1], deleter)).status).toBe(200);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('keeps every invariant under 40 concurrent reorder, promote, remove and capacity requests on one session', async () => {
    const { eventId, sessionId, waiting } = await fullSession(6, 30, { reservedSpots: 4, maxQueueSpots: 30 });
    const pick = (i: number) => waiting[(i * 7) % waiting.length];
    const shuffled = (seed: number) => [...waiting].sort((x, y) => ((x * seed) % 31) - ((y * seed) % 31) || x - y);

    const requests: { kind: string; run: () => Promise<{ status: number; body: any }> }[] = [];
    for (let i = 0; i < 8; i++)
      requests.push({ kind: 'reorder', run: () => reorder({ eventSessionId: sessionId, queueIds: shuffled(i + 2) }) });
    for (let i = 0; i < 8; i++) requests.push({ kind: 'promote', run: () => promote(pick(i)) });
    for (let i = 4; i < 12; i++) requests.push({ kind: 'remove', run: () => remove(pick(i)) });
    for (const maxAttendees of [12, 9, 14, 16])
      requests.push({ kind: 'capacity', run: () => capacity(eventId, sessionId, 'max-attendees', { maxAttendees }) });
    for (const reservedSpots of [2, 5, 0, 3])
      requests.push({ kind: 'capacity', run: () => capacity(eventId, sessionId, 'reserved-spots', { reservedSpots }) });
    for (let i = 0; i < 3; i++)
      requests.push({
        kind: 'capacity',
        run: () => capacity(eventId, sessionId, 'redistribute-reserved-spots', { spotsToRedistribute: 1 }),
      });
    for (const isLocked of [true, false, false])
      requests.push({
        kind: 'capacity',
        run: () => capacity(eventId, sessionId, 'toggle-promotion-lock', { isLocked }),
      });
    for (const maxQueueSpots of [30, 25])
      requests.push({
        kind: 'capacity',
        run: () => capacity(eventId, sessionId, 'max-queue-spots', { maxQueueSpots }),
      });
    expect(requests).toHaveLength(40);

    const results = await Promise.all(requests.map(async (r) => ({ kind: r.kind, ...(await r.run()) })));
    // Each request either did its work or was refused cleanly: never a 500, never a deadlock.
    const allowed: Record<string, number[]> = {
      reorder: [200, 400],
      promote: [200, 404, 409],
      remove: [200, 404],
      capacity: [200, 400],
    };
    expect(
      results
        .filter((r) => !allowed[r.kind].includes(r.status))
        .map((r) => `${r.kind} ${r.status} ${JSON.stringify(r.body)}`),
    ).toEqual([]);
    expect(results.some((r) => r.kind === 'promote' && r.status === 200)).toBe(true);
    expect(results.some((r) => r.kind === 'remove' && r.status === 200)).toBe(true);

    expect(await invariantProblems(app, sessionId)).toEqual([]);
    // Every promotion (by hand or automatic) recorded exactly one Promotion e-mail.
    const promoted = await app.sql(
      `SELECT id FROM registrations WHERE session_id = $1 AND promoted_at IS NOT NULL ORDER BY id`,
      [sessionId],
    );
    expect(await promotionEmails(app, sessionId)).toEqual(promoted.map((r) => r.id));
    const listed = (await list(sessionId)).body;
    expect(listed.map((e: { id: number }) => e.id)).toEqual(await waitingIds(app, sessionId));
    expect(listed.map((e: { queuePosition: number }) => e.queuePosition)).toEqual(
      listed.map((_: unknown, i: number) => i + 1),
    );
  });
});
