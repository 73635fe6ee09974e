import { DataSource } from 'typeorm';
import { BlacklistService } from '../src/modules/blacklist/blacklist.service';
import { calendarDate } from '../src/modules/blacklist/expiry';
import { TestApp } from '@evreg/testing';

const M = {
  event: 'Debe seleccionar un evento',
  session: 'Debe seleccionar una sesión del evento',
  email: 'El registro seleccionado no tiene email',
  notInSession: 'La persona seleccionada no tiene un registro en esta sesión',
  expiryRequired: 'Fecha de expiración es requerida',
  expiryInvalid: 'Fecha de expiración no es válida',
  beforeToday: 'La fecha de expiración no puede ser anterior a hoy',
  past: 'La fecha de expiración ya ha pasado',
  reason: 'Debe seleccionar una razón (0 No Show, 1 Cancelado, 2 Otro)',
  notification: 'El tipo de notificación debe ser 0 (SMS) o 1 (Email)',
  description: 'La descripción no puede superar 500 caracteres',
  smsPhone: 'Para notificar por SMS se necesita un teléfono',
  notFound: 'Entrada de la lista negra no encontrada',
};

const DAY = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => calendarDate(new Date(Date.now() + days * DAY));

/** The events module is written elsewhere: events, sessions and registrations are made here with SQL, keeping
 * the session counters as the booking engine keeps them. */
class Fixtures {
  private nextEventId = 7000;
  private nextPerson = 0;

  constructor(private readonly app: TestApp) {}

  async event(title: string): Promise<number> {
    const id = this.nextEventId++;
    await this.app.sql(
      `INSERT INTO events (id, title, description, city, status) VALUES ($1, $2, '<p>Descripción</p>', 'Madrid', 1)`,
      [id, title],
    );
    return id;
  }

  async session(
    eventId: number,
    opts: { date?: string; start?: string; end?: string; allDay?: boolean } = {},
  ): Promise<number> {
    const date = opts.date ?? dateIn(60);
    const start = opts.start ?? '10:00:00';
    const end = opts.end ?? '11:30:00';
    const [row] = await this.app.sql<{ id: number }>(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, is_all_day, starts_at, ends_at,
                                   max_attendees, reserved_spots, max_queue_spots)
       VALUES ($1, $2::date, $2::date, $3::time, $4::time, $5,
               ($2::date + $3::time) AT TIME ZONE 'Europe/Madrid', ($2::date + $4::time) AT TIME ZONE 'Europe/Madrid', 100, 5, 10)
       RETURNING id`,
      [eventId, date, start, end, opts.allDay ?? false],
    );
    return row.id;
  }

  /** A registration in state 0 active, 1 cancelled or 2 waiting, with the session's counters kept. */
  async register(
    sessionId: number,
    person: { firstName?: string; lastName?: string; email?: string; phone?: string | null } = {},
    state: 0 | 1 | 2 = 0,
  ): Promise<{ id: number; email: string; firstName: string; lastName: string; taxId: string }> {
    const n = ++this.nextPerson;
    const email = person.email ?? `persona${n}@example.com`;
    const firstName = person.firstName ?? `Nombre${n}`;
    const lastName = person.lastName ?? `Apellido${n}`;
    const taxId = `${String(n).padStart(8, '0')}T`;
    // One statement, so the counters and the row can't disagree: active rows count as online registrations,
    // waiting rows take the next queue position.
    const [row] = await this.app.sql<{ id: number }>(
      `WITH s AS (
         UPDATE event_sessions
            SET online_registered = online_registered + CASE WHEN $2::smallint = 0 THEN 1 ELSE 0 END,
                queue_count = queue_count + CASE WHEN $2::smallint = 2 THEN 1 ELSE 0 END
          WHERE id = $1
          RETURNING queue_count)
       INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number, queue_position, cancelled_at)
       SELECT $1, $2::smallint, $3, $4, $5, $6, $7, CASE WHEN $2::smallint = 2 THEN s.queue_count END, CASE WHEN $2::smallint = 1 THEN now() END
         FROM s
       RETURNING id`,
      [sessionId, state, firstName, lastName, email, taxId, person.phone === undefined ? '600111222' : person.phone],
    );
    return { id: row.id, email, firstName, lastName, taxId };
  }
}

describe('Blacklist (/api/blacklists)', () => {
  let app: TestApp;
  let admin: string;
  let fx: Fixtures;
  /** One event with two sessions and a registered person in the first. */
  let eventId: number;
  let sessionId: number;
  let otherSessionId: number;
  let person: Awaited<ReturnType<Fixtures['register']>>;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    fx = new Fixtures(app);
    eventId = await fx.event('Concierto de Año Nuevo');
    sessionId = await fx.session(eventId, { start: '19:00:00', end: '21:00:00' });
    otherSessionId = await fx.session(eventId);
    person = await fx.register(sessionId, {
      firstName: 'Ana',
      lastName: 'García López',
      email: 'ana.garcia@example.com',
      phone: '+34 600 123 456',
    });
  });
  afterAll(() => app.close());

  function body(overrides: Record<string, unknown> = {}) {
    return {
      eventId,
      eventSessionId: sessionId,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      phoneNumber: '+34 600 123 456',
      blackListReason: 0,
      notificationType: 1,
      blackListReasonDesc: 'No se presentó',
      expiresAt: dateIn(30),
      ...overrides,
    };
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const res = await app.request('POST', '/api/blacklists', { token: admin, body: body(overrides) });
    expect({ status: res.status, body: res.body }).toEqual({ status: 201, body: expect.anything() });
    return res.body;
  }

  async function smsCount(): Promise<number> {
    const [row] = await app.sql(`SELECT count(*)::int AS n FROM sms_messages`);
    return (row as { n: number }).n;
  }

  async function counts() {
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM blacklist_entries) AS entries, (SELECT count(*)::int FROM email_messages) AS emails`,
    );
    return row as { entries: number; emails: number };
  }

  describe('creating an entry', () => {
    it('blacklists a registered person, answers the entry with its event and session, and records the e-mail to send', async () => {
      const before = await counts();
      const res = await app.request('POST', '/api/blacklists', {
        token: admin,
        body: body({ email: '  Ana.Garcia@EXAMPLE.com ', blackListReason: 1, expiresAt: dateIn(30) }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        eventId,
        eventTitle: 'Concierto de Año Nuevo',
        eventSessionId: sessionId,
        email: 'ana.garcia@example.com',
        firstName: 'Ana',
        lastName: 'García López',
        phoneNumber: '+34 600 123 456',
        blackListReason: 1,
        blackListReasonDesc: 'No se presentó',
        notificationType: 1,
        expiresAt: expect.any(String),
        startDate: dateIn(60),
        startTime: '19:00:00',
        endTime: '21:00:00',
        isAllDay: false,
        isActive: true,
        createdAt: expect.any(String),
      });
      // A date means the end of that day in Madrid.
      const expiresAt = new Date(res.body.expiresAt);
      expect(calendarDate(expiresAt)).toBe(dateIn(30));
      expect(calendarDate(new Date(expiresAt.getTime() + 1))).toBe(dateIn(31));

      const [row] = await app.sql(`SELECT email, reason, expires_at, created_by FROM blacklist_entries WHERE id = $1`, [
        res.body.id,
      ]);
      const [me] = await app.sql(`SELECT id FROM users WHERE email = 'admin@pruebas.example.com'`);
      expect(row).toEqual({ email: 'ana.garcia@example.com', reason: 1, expires_at: expiresAt, created_by: me.id });

      const messages = await app.sql(
        `SELECT email_type, status, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data
           FROM email_messages ORDER BY id DESC LIMIT 1`,
      );
      expect(messages).toEqual([
        {
          email_type: 'Blacklist',
          status: 0,
          registration_id: person.id,
          event_id: eventId,
          session_id: sessionId,
          email_address: 'ana.garcia@example.com',
          recipient_name: 'Ana García López',
          user_tax_id: person.taxId,
          data: { blacklistEntryId: res.body.id, expiresAt: res.body.expiresAt, reason: 1, reasonLabel: 'Cancelado' },
        },
      ]);
      expect(await counts()).toEqual({ entries: before.entries + 1, emails: before.emails + 1 });

      const one = await app.request('GET', `/api/blacklists/${res.body.id}`, { token: admin });
      expect(one.status).toBe(200);
      expect(one.body).toEqual(res.body);
    });

    it('takes the name and phone from the registration when omitted, and notifies by e-mail by default', async () => {
      const someone = await fx.register(sessionId, { firstName: 'Luis', lastName: 'Pérez', phone: '611222333' });
      const rest: Record<string, unknown> = body({ email: someone.email });
      for (const omitted of ['firstName', 'lastName', 'phoneNumber', 'notificationType']) delete rest[omitted];
      const res = await app.request('POST', '/api/blacklists', { token: admin, body: rest });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        email: someone.email,
        firstName: 'Luis',
        lastName: 'Pérez',
        phoneNumber: '611222333',
        notificationType: 1,
      });
      expect(await app.sql(`SELECT email_type FROM email_messages WHERE email_address = $1`, [someone.email])).toEqual([
        { email_type: 'Blacklist' },
      ]);
    });

    it('writes the entry and its e-mail together or not at all', async () => {
      const p = await fx.register(sessionId, { email: 'falla-el-outbox@example.com' });
      // Make the outbox insert fail for this address only: the entry written just before must not survive.
      await app.sql(`
        CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.email_address = 'falla-el-outbox@example.com' THEN RAISE EXCEPTION 'outbox caído'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_outbox BEFORE INSERT ON email_messages FOR EACH ROW EXECUTE FUNCTION refuse_outbox();`);
      try {
        const before = await counts();
        const res = await app.request('POST', '/api/blacklists', { token: admin, body: body({ email: p.email }) });
        expect(res.status).toBe(500);
        expect(await counts()).toEqual(before);
      } finally {
        await app.sql(`DROP TRIGGER refuse_outbox ON email_messages; DROP FUNCTION refuse_outbox()`);
      }
      expect((await create({ email: p.email })).email).toBe(p.email);
    });

    it('accepts a person whose registration was cancelled or who is on the waiting list', async () => {
      const cancelled = await fx.register(sessionId, {}, 1);
      const waiting = await fx.register(sessionId, {}, 2);
      expect((await create({ email: cancelled.email })).email).toBe(cancelled.email);
      expect((await create({ email: waiting.email })).email).toBe(waiting.email);
    });

    it('records an SMS, not an e-mail, for an SMS notification, and needs a phone for it', async () => {
      const noPhone = await fx.register(sessionId, { phone: null });
      const before = await counts();
      const smsBefore = await smsCount();
      const sms = await create({ email: noPhone.email, notificationType: 0, phoneNumber: '600 999 888' });
      expect(sms).toMatchObject({ notificationType: 0, phoneNumber: '600 999 888' });
      expect(await counts()).toEqual({ entries: before.entries + 1, emails: before.emails });
      expect(await smsCount()).toBe(smsBefore + 1);

      const refused = await app.request('POST', '/api/blacklists', {
        token: admin,
        body: body({ email: noPhone.email, notificationType: 0, phoneNumber: null }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: M.smsPhone,
        errors: { phoneNumber: [M.smsPhone] },
      });
      expect(await counts()).toEqual({ entries: before.entries + 1, emails: before.emails });
      expect(await smsCount()).toBe(smsBefore + 1);
    });

    it("refuses, with the dialog's messages and without writing anything, what the dialog would not send", async () => {
      const elsewhere = await fx.register(otherSessionId);
      const otherEvent = await fx.event('Otro evento');
      const sessionOfOtherEvent = await fx.session(otherEvent);
      const before = await counts();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ eventId: undefined }, 'eventId', M.event],
        [{ eventId: 0 }, 'eventId', M.event],
        [{ eventId: 'abc' }, 'eventId', M.event],
        [{ eventId: 999999 }, 'eventId', M.event],
        [{ eventSessionId: undefined }, 'eventSessionId', M.session],
        [{ eventSessionId: 999999 }, 'eventSessionId', M.session],
        [{ eventSessionId: sessionOfOtherEvent }, 'eventSessionId', M.session],
        [{ email: undefined }, 'email', M.email],
        [{ email: '' }, 'email', M.email],
        [{ email: 'no-es-un-email' }, 'email', M.email],
        [{ email: 'nadie@example.com' }, 'email', M.notInSession],
        // Registered in the event, but in another session.
        [{ email: elsewhere.email }, 'email', M.notInSession],
        [{ expiresAt: undefined }, 'expiresAt', M.expiryRequired],
        [{ expiresAt: '' }, 'expiresAt', M.expiryRequired],
        [{ expiresAt: 'pronto' }, 'expiresAt', M.expiryInvalid],
        [{ expiresAt: '2026-02-30' }, 'expiresAt', M.expiryInvalid],
        [{ expiresAt: dateIn(-1) }, 'expiresAt', M.beforeToday],
        [
          { expiresAt: new Date(Date.now() - 60_000).toISOString() },
          'expiresAt',
          calendarDate(new Date(Date.now() - 60_000)) === dateIn(0) ? M.past : M.beforeToday,
        ],
        [{ blackListReason: undefined }, 'blackListReason', M.reason],
        [{ blackListReason: 3 }, 'blackListReason', M.reason],
        [{ blackListReason: '1' }, 'blackListReason', M.reason],
        [{ notificationType: 2 }, 'notificationType', M.notification],
        [{ blackListReasonDesc: 'x'.repeat(501) }, 'blackListReasonDesc', M.description],
        [{ phoneNumber: 'llámame' }, 'phoneNumber', 'Teléfono no es válido'],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await app.request('POST', '/api/blacklists', { token: admin, body: body(overrides) });
        expect({ overrides, status: res.status, body: res.body }).toEqual({
          overrides,
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { [field]: [message] } },
        });
      }
      // All at once: each field named with its message.
      const empty = await app.request('POST', '/api/blacklists', { token: admin, body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({
        eventId: [M.event],
        eventSessionId: [M.session],
        email: [M.email],
        blackListReason: [M.reason],
        expiresAt: [M.expiryRequired],
      });
      expect(await counts()).toEqual(before);
    });

    it('accepts a description of 500 characters and stores an empty one as none', async () => {
      const p1 = await fx.register(sessionId);
      const p2 = await fx.register(sessionId);
      expect((await create({ email: p1.email, blackListReasonDesc: 'd'.repeat(500) })).blackListReasonDesc).toBe(
        'd'.repeat(500),
      );
      expect((await create({ email: p2.email, blackListReasonDesc: '   ' })).blackListReasonDesc).toBeNull();
    });
  });

  describe('expiry', () => {
    it('accepts today (until the end of the day in Madrid) and refuses yesterday', async () => {
      const p = await fx.register(sessionId);
      const today = await create({ email: p.email, expiresAt: dateIn(0) });
      expect(today.isActive).toBe(true);
      expect(calendarDate(new Date(today.expiresAt))).toBe(dateIn(0));
      expect(calendarDate(new Date(new Date(today.expiresAt).getTime() + 1))).toBe(dateIn(1));

      const yesterday = await app.request('POST', '/api/blacklists', {
        token: admin,
        body: body({ email: p.email, expiresAt: dateIn(-1) }),
      });
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.errors).toEqual({ expiresAt: [M.beforeToday] });
    });

    it('takes a date-time as that moment', async () => {
      const p = await fx.register(sessionId);
      const at = new Date(Date.now() + 3 * DAY);
      at.setUTCMilliseconds(0);
      const entry = await create({ email: p.email, expiresAt: at.toISOString() });
      expect(entry.expiresAt).toBe(at.toISOString());
    });
  });

  describe('listing', () => {
    it('pages 25 entries newest first: 20 then 5, with the right flags; paginated=false answers all', async () => {
      await app.sql(`DELETE FROM blacklist_entries`);
      const pagingEvent = await fx.event('Paginación');
      const pagingSession = await fx.session(pagingEvent);
      const created: number[] = [];
      for (let i = 0; i < 25; i++) {
        const p = await fx.register(pagingSession);
        created.push(
          (await create({ eventId: pagingEvent, eventSessionId: pagingSession, email: p.email, firstName: `P${i}` }))
            .id,
        );
      }
      const newestFirst = [...created].reverse();

      const page1 = await app.request('GET', '/api/blacklists', { token: admin });
      expect(page1.status).toBe(200);
      expect({ ...page1.body, data: page1.body.data.map((e: { id: number }) => e.id) }).toEqual({
        data: newestFirst.slice(0, 20),
        totalCount: 25,
        totalPages: 2,
        hasPreviousPage: false,
        hasNextPage: true,
      });
      const page2 = await app.request('GET', '/api/blacklists?page=2&pageSize=20', { token: admin });
      expect({ ...page2.body, data: page2.body.data.map((e: { id: number }) => e.id) }).toEqual({
        data: newestFirst.slice(20),
        totalCount: 25,
        totalPages: 2,
        hasPreviousPage: true,
        hasNextPage: false,
      });
      const page3 = await app.request('GET', '/api/blacklists?page=3', { token: admin });
      expect(page3.body).toEqual({
        data: [],
        totalCount: 25,
        totalPages: 2,
        hasPreviousPage: true,
        hasNextPage: false,
      });

      const tens = await app.request('GET', '/api/blacklists?page=2&pageSize=10', { token: admin });
      expect(tens.body.data.map((e: { id: number }) => e.id)).toEqual(newestFirst.slice(10, 20));
      expect(tens.body).toMatchObject({ totalPages: 3, hasPreviousPage: true, hasNextPage: true });

      const all = await app.request('GET', '/api/blacklists?paginated=false&pageSize=5', { token: admin });
      expect({ ...all.body, data: all.body.data.map((e: { id: number }) => e.id) }).toEqual({
        data: newestFirst,
        totalCount: 25,
        totalPages: 1,
        hasPreviousPage: false,
        hasNextPage: false,
      });
      expect(all.body.data[0]).toMatchObject({ eventTitle: 'Paginación', firstName: 'P24', isActive: true });

      const max = await app.request('GET', '/api/blacklists?pageSize=100', { token: admin });
      expect(max.body.data).toHaveLength(25);
    });

    it('refuses a page, page size or paginated flag that is not valid', async () => {
      const cases: [string, string, string][] = [
        ['page=0', 'page', 'La página debe ser un número entero mayor que 0'],
        ['page=abc', 'page', 'La página debe ser un número entero mayor que 0'],
        ['page=1.5', 'page', 'La página debe ser un número entero mayor que 0'],
        ['pageSize=0', 'pageSize', 'El tamaño de página debe ser un número entero entre 1 y 100'],
        ['pageSize=101', 'pageSize', 'El tamaño de página debe ser un número entero entre 1 y 100'],
        ['paginated=si', 'paginated', 'paginated debe ser true o false'],
      ];
      for (const [query, field, message] of cases) {
        const res = await app.request('GET', `/api/blacklists?${query}`, { token: admin });
        expect({ query, status: res.status, errors: res.body.errors }).toEqual({
          query,
          status: 400,
          errors: { [field]: [message] },
        });
      }
    });

    it('searches e-mail, name and event title, ignoring case', async () => {
      await app.sql(`DELETE FROM blacklist_entries`);
      const teatro = await fx.event('Teatro Clásico en el Parque');
      const teatroSession = await fx.session(teatro);
      const marta = await fx.register(teatroSession, {
        firstName: 'Marta',
        lastName: 'Ruiz Soler',
        email: 'marta.ruiz@correo.es',
      });
      const jorge = await fx.register(sessionId, {
        firstName: 'Jorge',
        lastName: 'Blanco',
        email: 'jb_100%@example.com',
      });
      const e1 = await create({
        eventId: teatro,
        eventSessionId: teatroSession,
        email: marta.email,
        firstName: undefined,
        lastName: undefined,
      });
      const e2 = await create({ email: jorge.email, firstName: undefined, lastName: undefined });
      const search = async (text: string) =>
        (
          await app.request('GET', `/api/blacklists?search=${encodeURIComponent(text)}`, { token: admin })
        ).body.data.map((e: { id: number }) => e.id);

      expect(await search('MARTA.RUIZ@')).toEqual([e1.id]);
      expect(await search('marta')).toEqual([e1.id]);
      expect(await search('soler')).toEqual([e1.id]);
      expect(await search('Marta Ruiz')).toEqual([e1.id]);
      expect(await search('clásico en')).toEqual([e1.id]);
      expect(await search('año nuevo')).toEqual([e2.id]);
      expect(await search('BLANCO')).toEqual([e2.id]);
      expect(await search('100%')).toEqual([e2.id]);
      expect(await search('example')).toEqual([e2.id]);
      expect(await search('nadie-asi')).toEqual([]);
      const paged = await app.request('GET', '/api/blacklists?search=marta', { token: admin });
      expect(paged.body).toMatchObject({ totalCount: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
      expect(
        (await app.request('GET', '/api/blacklists?search=marta&paginated=false', { token: admin })).body.totalCount,
      ).toBe(1);
    });

    it('keeps entries whose session or event is gone, with those fields null', async () => {
      const gone = await fx.event('Evento que se borra');
      const goneSession = await fx.session(gone, { allDay: true, start: '00:00:00', end: '23:59:00' });
      const p = await fx.register(goneSession);
      const entry = await create({ eventId: gone, eventSessionId: goneSession, email: p.email });
      expect(entry).toMatchObject({ isAllDay: true, startTime: '00:00:00', endTime: '23:59:00' });

      await app.sql(`DELETE FROM registrations WHERE session_id = $1`, [goneSession]);
      await app.sql(`DELETE FROM event_sessions WHERE id = $1`, [goneSession]);
      const withoutSession = (await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body;
      expect(withoutSession).toMatchObject({
        eventTitle: 'Evento que se borra',
        eventSessionId: null,
        startDate: null,
        startTime: null,
        endTime: null,
        isAllDay: null,
      });

      await app.sql(`DELETE FROM events WHERE id = $1`, [gone]);
      const withoutEvent = (await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body;
      expect(withoutEvent).toMatchObject({ eventId: null, eventTitle: null, email: p.email, isActive: true });
    });

    it('answers the reasons', async () => {
      const res = await app.request('GET', '/api/blacklists/reasons', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { value: 0, label: 'No Show' },
        { value: 1, label: 'Cancelado' },
        { value: 2, label: 'Otro' },
      ]);
    });
  });

  describe('editing and deleting', () => {
    it('changes reason, description, notification, expiry, name and phone, but not the person, event or session', async () => {
      const p = await fx.register(sessionId);
      const entry = await create({ email: p.email });
      const emailsBefore = (await counts()).emails;
      const changes = {
        firstName: 'Nuevo',
        lastName: 'Nombre',
        phoneNumber: '699 000 111',
        blackListReason: 2,
        blackListReasonDesc: 'Otro motivo',
        notificationType: 0,
      };
      const res = await app.request('PUT', `/api/blacklists/${entry.id}`, {
        token: admin,
        body: { ...changes, expiresAt: dateIn(90) },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...entry, ...changes, expiresAt: expect.any(String) });
      expect(calendarDate(new Date(res.body.expiresAt))).toBe(dateIn(90));
      expect((await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body).toEqual(res.body);
      expect((await counts()).emails).toBe(emailsBefore);

      // Omitted fields stay; null clears the description.
      const minimal = await app.request('PUT', `/api/blacklists/${entry.id}`, {
        token: admin,
        body: { blackListReason: 1, blackListReasonDesc: null, expiresAt: res.body.expiresAt },
      });
      expect(minimal.status).toBe(200);
      expect(minimal.body).toEqual({ ...res.body, blackListReason: 1, blackListReasonDesc: null });

      for (const field of ['email', 'eventId', 'eventSessionId']) {
        const refused = await app.request('PUT', `/api/blacklists/${entry.id}`, {
          token: admin,
          body: {
            blackListReason: 1,
            expiresAt: dateIn(10),
            [field]: field === 'email' ? 'otra@example.com' : otherSessionId,
          },
        });
        expect(refused.status).toBe(400);
        expect(Object.keys(refused.body.errors)).toEqual([field]);
      }
      expect((await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body).toEqual(minimal.body);
    });

    it('applies the expiry rules to a new expiry, but keeps an unchanged one even once it has passed', async () => {
      const p = await fx.register(sessionId);
      const entry = await create({ email: p.email });
      const update = (extra: Record<string, unknown>) =>
        app.request('PUT', `/api/blacklists/${entry.id}`, { token: admin, body: { blackListReason: 0, ...extra } });

      const yesterday = await update({ expiresAt: dateIn(-1) });
      expect(yesterday.status).toBe(400);
      expect(yesterday.body.errors).toEqual({ expiresAt: [M.beforeToday] });
      expect((await update({})).body.errors).toEqual({ expiresAt: [M.expiryRequired] });
      expect((await update({ expiresAt: 'mañana' })).body.errors).toEqual({ expiresAt: [M.expiryInvalid] });
      expect((await update({ expiresAt: dateIn(0) })).status).toBe(200);

      await app.sql(`UPDATE blacklist_entries SET expires_at = now() - interval '2 days' WHERE id = $1`, [entry.id]);
      const expired = (await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body;
      expect(expired.isActive).toBe(false);
      const corrected = await update({ expiresAt: expired.expiresAt, blackListReasonDesc: 'Corrección' });
      expect(corrected.status).toBe(200);
      expect(corrected.body).toMatchObject({
        expiresAt: expired.expiresAt,
        isActive: false,
        blackListReasonDesc: 'Corrección',
      });
    });

    it('deletes an entry (204) and answers 404 for an unknown one', async () => {
      const p = await fx.register(sessionId);
      const entry = await create({ email: p.email });
      const deleted = await app.request('DELETE', `/api/blacklists/${entry.id}`, { token: admin });
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBe('');
      expect(await app.sql(`SELECT 1 FROM blacklist_entries WHERE id = $1`, [entry.id])).toEqual([]);

      const notFound = { statusCode: 404, code: 'NOT_FOUND', message: M.notFound };
      expect((await app.request('DELETE', `/api/blacklists/${entry.id}`, { token: admin })).body).toEqual(notFound);
      expect((await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body).toEqual(notFound);
      const put = await app.request('PUT', `/api/blacklists/${entry.id}`, {
        token: admin,
        body: { blackListReason: 0, expiresAt: dateIn(5) },
      });
      expect({ status: put.status, body: put.body }).toEqual({ status: 404, body: notFound });
      const malformed = await app.request('GET', '/api/blacklists/abc', { token: admin });
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['id']);
    });
  });

  describe('check/{email}', () => {
    it('says whether an e-mail is blocked now, with its latest active expiry', async () => {
      const p = await fx.register(sessionId, { email: 'comprobar@example.com' });
      const clean = await app.request('GET', '/api/blacklists/check/comprobar@example.com', { token: admin });
      expect(clean.body).toEqual({
        email: 'comprobar@example.com',
        isBlacklisted: false,
        expiresAt: null,
        reason: null,
      });

      const near = await create({ email: p.email, blackListReason: 0, expiresAt: dateIn(5) });
      // A second entry is another session's (one entry per person and session).
      await fx.register(otherSessionId, { email: p.email });
      const far = await create({
        email: p.email,
        eventSessionId: otherSessionId,
        blackListReason: 2,
        expiresAt: dateIn(40),
      });
      const blocked = await app.request(
        'GET',
        `/api/blacklists/check/${encodeURIComponent(' Comprobar@Example.COM')}`,
        { token: admin },
      );
      expect(blocked.status).toBe(200);
      expect(blocked.body).toEqual({
        email: 'comprobar@example.com',
        isBlacklisted: true,
        expiresAt: far.expiresAt,
        reason: 2,
      });

      await app.sql(`UPDATE blacklist_entries SET expires_at = now() - interval '1 second' WHERE id = $1`, [far.id]);
      const nearOnly = await app.request('GET', '/api/blacklists/check/comprobar@example.com', { token: admin });
      expect(nearOnly.body).toEqual({
        email: 'comprobar@example.com',
        isBlacklisted: true,
        expiresAt: near.expiresAt,
        reason: 0,
      });

      await app.sql(`UPDATE blacklist_entries SET expires_at = now() - interval '1 second' WHERE id = $1`, [near.id]);
      const expired = await app.request('GET', '/api/blacklists/check/comprobar@example.com', { token: admin });
      expect(expired.body).toEqual({
        email: 'comprobar@example.com',
        isBlacklisted: false,
        expiresAt: null,
        reason: null,
      });
      const listed = await app.request('GET', '/api/blacklists?search=comprobar', { token: admin });
      expect(listed.body.data.map((e: { isActive: boolean }) => e.isActive)).toEqual([false, false]);
    });

    it('refuses a malformed e-mail with a 400 naming email', async () => {
      const res = await app.request('GET', '/api/blacklists/check/no-es-email', { token: admin });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'Email no es válido',
        errors: { email: ['Email no es válido'] },
      });
    });
  });

  describe('for the booking engine', () => {
    it('activeEntryFor answers the active entries of the given e-mails, also inside a transaction', async () => {
      const a = await fx.register(sessionId, { email: 'motor-a@example.com' });
      const b = await fx.register(sessionId, { email: 'motor-b@example.com' });
      const entryA = await create({ email: a.email, expiresAt: dateIn(3) });
      const entryB = await create({ email: b.email, expiresAt: dateIn(3) });
      await app.sql(`UPDATE blacklist_entries SET expires_at = now() - interval '1 second' WHERE id = $1`, [entryB.id]);

      const service = app.running.app.get(BlacklistService);
      const found = await service.activeEntryFor([' MOTOR-A@example.com', 'motor-b@example.com', 'nadie@example.com']);
      expect([...found.keys()]).toEqual(['motor-a@example.com']);
      expect(found.get('motor-a@example.com')).toEqual({ expiresAt: new Date(entryA.expiresAt), reason: 0 });
      expect((await service.activeEntryFor([])).size).toBe(0);

      const inTransaction = await app.running.app
        .get(DataSource)
        .transaction((m) => service.activeEntryFor(['motor-a@example.com'], m));
      expect(inTransaction.has('motor-a@example.com')).toBe(true);
    });
  });

  describe('permissions', () => {
    it('needs Blacklists.Read to read and Blacklists.Create/Update/Delete to change', async () => {
      const p = await fx.register(sessionId);
      const entry = await create({ email: p.email });
      const reader = await app.staffWith(['Blacklists.Read']);
      for (const path of [
        '/api/blacklists',
        `/api/blacklists/${entry.id}`,
        '/api/blacklists/reasons',
        `/api/blacklists/check/${p.email}`,
      ]) {
        expect({ path, status: (await app.request('GET', path, { token: reader.token })).status }).toEqual({
          path,
          status: 200,
        });
      }
      const before = await counts();
      const other = await fx.register(sessionId);
      const post = await app.request('POST', '/api/blacklists', {
        token: reader.token,
        body: body({ email: other.email }),
      });
      expect({ status: post.status, code: post.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      const put = await app.request('PUT', `/api/blacklists/${entry.id}`, {
        token: reader.token,
        body: { blackListReason: 2, expiresAt: dateIn(9) },
      });
      expect(put.status).toBe(403);
      expect((await app.request('DELETE', `/api/blacklists/${entry.id}`, { token: reader.token })).status).toBe(403);
      expect(await counts()).toEqual(before);
      expect((await app.request('GET', `/api/blacklists/${entry.id}`, { token: admin })).body).toEqual(entry);

      const writer = await app.staffWith(['Blacklists.Create', 'Blacklists.Update', 'Blacklists.Delete']);
      expect((await app.request('GET', '/api/blacklists', { token: writer.token })).status).toBe(403);
      const made = await app.request('POST', '/api/blacklists', {
        token: writer.token,
        body: body({ email: other.email }),
      });
      expect(made.status).toBe(201);
      expect(
        (
          await app.request('PUT', `/api/blacklists/${made.body.id}`, {
            token: writer.token,
            body: { blackListReason: 2, expiresAt: dateIn(9) },
          })
        ).status,
      ).toBe(200);
      expect((await app.request('DELETE', `/api/blacklists/${made.body.id}`, { token: writer.token })).status).toBe(
        204,
      );
      expect((await app.request('GET', '/api/blacklists')).status).toBe(401);
    });
  });
});
