import { addHold, addRegistration, TestApp } from '@evreg/testing';
import { postEvent, postSession } from './support/http-helpers';

const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Evento no encontrado' };
const PUBLIC_FIELDS = [
  'address',
  'city',
  'country',
  'description',
  'id',
  'imageUrl',
  'organizerEmail',
  'organizerName',
  'organizerPhone',
  'organizerWebsite',
  'place',
  'postalCode',
  'price',
  'status',
  'statusText',
  'timeZone',
  'title',
];

describe('Public event calls of the booking page (no login)', () => {
  let app: TestApp;
  let admin: string;
  let nextId = 9000;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  describe('GET /api/events/{id}', () => {
    it('answers the public view of the event to anyone, without the back-office fields', async () => {
      const id = nextId++;
      await postEvent(app, admin, id, {
        title: 'Concierto de primavera',
        description: '<p>Entrada <strong>libre</strong></p>',
        imageUrl: '/img/primavera.jpg',
        country: 'Spain',
        price: 3.5,
        organizerId: 99,
        postalCode: '28013',
        organizerName: 'Ayuntamiento de Madrid',
        organizerEmail: 'cultura@madrid.example.es',
        organizerWebsite: 'https://cultura.madrid.example.es',
        status: 1,
      });
      const res = await app.request('GET', `/api/events/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id,
        title: 'Concierto de primavera',
        description: '<p>Entrada <strong>libre</strong></p>',
        imageUrl: '/img/primavera.jpg',
        address: 'Plaza Mayor 1',
        city: 'Madrid',
        country: 'Spain',
        place: 'Auditorio municipal',
        status: 'Live',
        statusText: 'Publicado',
        price: 3.5,
        timeZone: 'Europe/Madrid',
        postalCode: '28013',
        organizerName: 'Ayuntamiento de Madrid',
        organizerEmail: 'cultura@madrid.example.es',
        organizerPhone: null,
        organizerWebsite: 'https://cultura.madrid.example.es',
      });
      // Staff holding Events.Read get the back office's full view on the same path (spec: GET /events/{id}).
      const staff = await app.request('GET', `/api/events/${id}`, { token: admin });
      expect(staff.body).toMatchObject({
        id,
        status: 1,
        statusText: 'Live',
        postalCode: '28013',
        organizerId: 99,
        sessions: [],
      });
      // The language header is accepted; the content exists only in Spanish.
      expect(
        (await app.request('GET', `/api/events/${id}`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).body,
      ).toEqual(res.body);
    });

    it('answers drafts too (organisers preview them) and cancelled events, with their status', async () => {
      const draft = nextId++;
      const cancelled = nextId++;
      await postEvent(app, admin, draft, { status: 0 });
      await postEvent(app, admin, cancelled, { status: 5 });
      const one = await app.request('GET', `/api/events/${draft}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: draft, status: 'Draft', statusText: 'Borrador' });
      expect(Object.keys(one.body).sort()).toEqual(PUBLIC_FIELDS);
      expect((await app.request('GET', `/api/events/${cancelled}`)).body).toMatchObject({
        status: 'Cancelled',
        statusText: 'Cancelado',
      });
    });

    it('with showExcerpt=true answers about 200 characters of plain text in one <p>', async () => {
      const id = nextId++;
      const sentence = 'La <strong>orquesta</strong> municipal &amp; el coro interpretan obras de primavera. ';
      const description = `<h2>Programa</h2><p>${sentence.repeat(6)}</p><ul><li>Uno</li></ul>`;
      await postEvent(app, admin, id, { description });
      const full = await app.request('GET', `/api/events/${id}?showExcerpt=false`);
      expect(full.body.description).toBe(description);

      const excerpt = (await app.request('GET', `/api/events/${id}?showExcerpt=true`)).body.description as string;
      expect(excerpt).toMatch(
        /^<p>Programa La orquesta municipal &amp; el coro interpretan obras de primavera\. La orquesta .*…<\/p>$/,
      );
      const text = excerpt.slice(3, -5).replace(/&amp;/g, '&');
      expect(text.length).toBeLessThanOrEqual(200);
      expect(text.length).toBeGreaterThan(150);
      expect(excerpt).not.toMatch(/<(?!\/?p>)/);

      const short = nextId++;
      await postEvent(app, admin, short, { description: '<p>Breve <em>y</em> claro</p>' });
      expect((await app.request('GET', `/api/events/${short}?showExcerpt=true`)).body.description).toBe(
        '<p>Breve y claro</p>',
      );
    });

    it('answers 404 "Evento no encontrado" for an unknown event and 400 for a malformed id', async () => {
      const res = await app.request('GET', '/api/events/424242');
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      const malformed = await app.request('GET', '/api/events/uno');
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['id']);
    });
  });

  describe('GET /api/events/{id}/sessions', () => {
    it('answers the sessions with live counts to anyone, with the event when showEventDetails=true', async () => {
      const id = nextId++;
      await postEvent(app, admin, id, { status: 1 });
      const second = await postSession(app, admin, id, {
        startDate: '2030-06-02',
        endDate: '2030-06-02',
        maxAttendees: 8,
        reservedSpots: 2,
        maxQueueSpots: 3,
      });
      const first = await postSession(app, admin, id, {
        startDate: '2030-06-01',
        endDate: '2030-06-01',
        isAllDay: true,
      });
      await addRegistration(app, second.id, 0);
      await addRegistration(app, second.id, 2);
      await addHold(app, second.id, 'token-visitante-a', 2, 3);

      const res = await app.request('GET', `/api/events/${id}/sessions`);
      expect(res.status).toBe(200);
      expect(res.body.map((s: { id: number }) => s.id)).toEqual([first.id, second.id]);
      expect(res.body[1]).toEqual({
        id: second.id,
        eventId: id,
        startDate: '2030-06-02',
        endDate: '2030-06-02',
        startTime: '10:00:00',
        endTime: '11:30:00',
        isAllDay: false,
        // 10:00-11:30 in Madrid on a summer day (UTC+2), as instants.
        startsAt: '2030-06-02T08:00:00Z',
        endsAt: '2030-06-02T09:30:00Z',
        hasStarted: false,
        maxAttendees: 8,
        reservedSpots: 2,
        usedReservedSpots: 0,
        maxQueueSpots: 3,
        registeredCount: 1,
        availableSpots: 3,
        activeHoldsCount: 2,
        currentQueueCount: 1,
        isPromotionLocked: false,
        isRegistrationOpen: true,
      });
      expect(res.body[0]).toMatchObject({
        isAllDay: true,
        startTime: '00:00:00',
        endTime: '23:59:00',
        startsAt: '2030-05-31T22:00:00Z',
        endsAt: '2030-06-01T21:59:00Z',
      });

      const detailed = await app.request('GET', `/api/events/${id}/sessions?showEventDetails=true`, {
        headers: { 'accept-language': 'es' },
      });
      const event = (await app.request('GET', `/api/events/${id}`)).body;
      expect(detailed.body.map((s: { event: unknown }) => s.event)).toEqual([event, event]);
      expect(detailed.body.map(({ event: _event, ...session }: { event: unknown }) => session)).toEqual(res.body);
    });

    it("with X-Session-Token leaves the visitor's own hold out of availableSpots", async () => {
      const id = nextId++;
      await postEvent(app, admin, id);
      const session = await postSession(app, admin, id, { maxAttendees: 5, reservedSpots: 0 });
      await addHold(app, session.id, 'token-visitante-a', 2, 3);
      await addHold(app, session.id, 'token-visitante-b', 1, 3);
      const spots = async (token?: string) =>
        (
          await app.request('GET', `/api/events/${id}/sessions?showEventDetails=true`, {
            headers: token ? { 'X-Session-Token': token } : {},
          })
        ).body[0];
      expect(await spots()).toMatchObject({ availableSpots: 2, activeHoldsCount: 3 });
      expect(await spots('token-visitante-a')).toMatchObject({ availableSpots: 4, activeHoldsCount: 3 });
      expect(await spots('token-visitante-b')).toMatchObject({ availableSpots: 3, activeHoldsCount: 3 });
      expect(await spots('token-desconocido')).toMatchObject({ availableSpots: 2 });
      expect(await spots('')).toMatchObject({ availableSpots: 2 });
    });

    it('answers sessions of a draft event too, and 404 for an unknown event', async () => {
      const draft = nextId++;
      await postEvent(app, admin, draft, { status: 0 });
      const session = await postSession(app, admin, draft);
      expect((await app.request('GET', `/api/events/${draft}/sessions`)).body.map((s: { id: number }) => s.id)).toEqual(
        [session.id],
      );
      const unknown = await app.request('GET', '/api/events/424242/sessions?showEventDetails=true');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);
    });
  });
  describe('GET /api/events/sessions/{sessionId}/calendar.ics', () => {
    const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

    it('answers the session as an iCalendar file to anyone, with the organiser and no personal data', async () => {
      const id = nextId++;
      await postEvent(app, admin, id, {
        title: 'Concierto de Año Nuevo en la Plaza Mayor con la Orquesta Sinfónica Municipal',
        organizerName: 'Ayuntamiento de León',
        organizerEmail: 'cultura@leon.example.es',
        organizerPhone: '987 000 000',
        status: 1,
      });
      const session = await postSession(app, admin, id, { startDate: '2030-12-31', endDate: '2030-12-31' });
      await addRegistration(app, session.id, 0);
      const [person] = await app.sql(`SELECT email, first_name FROM registrations WHERE session_id = $1`, [session.id]);
      // A second later than the last change: a DTSTAMP of the time of writing would differ from the data's.
      await new Promise((resolve) => setTimeout(resolve, 1100));

      const res = await app.request('GET', `/api/events/sessions/${session.id}/calendar.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="evento-${id}-2030-12-31.ics"`);
      const ics = res.body as string;
      const lines = ics.split('\r\n');
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      const unfolded = unfold(ics);
      // 10:00-11:30 in Madrid in winter (UTC+1).
      expect(unfolded).toContain('\r\nDTSTART:20301231T090000Z\r\n');
      expect(unfolded).toContain('\r\nDTEND:20301231T103000Z\r\n');
      expect(unfolded).toContain(
        '\r\nSUMMARY:Concierto de Año Nuevo en la Plaza Mayor con la Orquesta Sinfónica Municipal\r\n',
      );
      expect(unfolded).toContain('\r\nLOCATION:Auditorio municipal\\, Plaza Mayor 1\\, Madrid\r\n');
      expect(unfolded).toContain('\r\nORGANIZER;CN="Ayuntamiento de León":MAILTO:cultura@leon.example.es\r\n');
      expect(unfolded).toContain(`UID:session-${session.id}@`);
      // DTSTAMP is when the event or the session was last revised, so the file (and its ETag) stays the same.
      const [{ revised }] = await app.sql(
        `SELECT to_char(GREATEST(e.updated_at, s.updated_at) AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MISS"Z"') AS revised
           FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
        [session.id],
      );
      expect(unfolded).toContain(`\r\nDTSTAMP:${revised}\r\n`);
      expect(unfolded).toContain(`/?eventId=${id}`);
      expect(ics).not.toContain(person.email);
      expect(ics).not.toContain(person.first_name);
      // A public read: ETag and 304.
      const etag = res.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const again = await app.request('GET', `/api/events/sessions/${session.id}/calendar.ics`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      const cached = await app.request('GET', `/api/events/sessions/${session.id}/calendar.ics`);
      expect([cached.body, cached.headers.get('content-type'), cached.headers.get('content-disposition')]).toEqual([
        ics,
        'text/calendar; charset=utf-8',
        `attachment; filename="evento-${id}-2030-12-31.ics"`,
      ]);
    });

    it('answers 404 in Spanish for an unknown session and 400 for a malformed id', async () => {
      const unknown = await app.request('GET', '/api/events/sessions/987654/calendar.ics');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'La sesión no existe' });
      const malformed = await app.request('GET', '/api/events/sessions/uno/calendar.ics');
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.body.errors)).toEqual(['sessionId']);
    });
  });
});
