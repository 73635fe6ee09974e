import { addHold, addRegistration, TestApp } from '@evreg/testing';
import {
  eventBody,
  expectValidationRefusal,
  postEvent,
  postSession,
  snapshotEventTables,
} from './support/http-helpers';

const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Evento no encontrado' };
const REQUIRED = {
  id: 'El id es requerido',
  title: 'El título es requerido',
  description: 'La descripción es requerida',
  eventCategoryId: 'La categoría es requerida',
  city: 'La ciudad es requerida',
  place: 'El lugar es requerido',
  postalCode: 'El código postal es requerido',
  organizerName: 'El organizador es requerido',
};

describe('Events, back office (/api/events)', () => {
  let app: TestApp;
  let admin: string;
  let nextId = 5000;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const eventRows = () => app.sql(`SELECT * FROM events ORDER BY id`);
  const everything = () => snapshotEventTables(app);

  const expectRefused = (method: string, path: string, body: unknown, errors: Record<string, string>) =>
    expectValidationRefusal(app, admin, method, path, body, errors);

  describe('POST /api/events', () => {
    it('creates the event with the staff-entered id, answering it with its (empty) sessions and totals', async () => {
      const id = nextId++;
      const res = await app.request('POST', '/api/events', {
        token: admin,
        body: eventBody(id, {
          price: 12.5,
          imageUrl: 'https://cdn.example.com/banner.jpg',
          organizerId: 7,
          isPublic: false,
          country: 'Portugal',
          timeZone: 'Europe/Lisbon',
          status: 5,
        }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id,
        title: `Evento ${id}`,
        description: '<p>Una descripción con <strong>formato</strong>.</p>',
        eventCategoryId: 1,
        country: 'Portugal',
        city: 'Madrid',
        address: 'Plaza Mayor 1',
        place: 'Auditorio municipal',
        postalCode: '28001',
        status: 5,
        statusText: 'Cancelled',
        isPublic: false,
        price: 12.5,
        organizerName: 'Ayuntamiento',
        organizerEmail: null,
        organizerPhone: null,
        organizerWebsite: null,
        organizerId: 7,
        timeZone: 'Europe/Lisbon',
        imageUrl: 'https://cdn.example.com/banner.jpg',
        translations: {},
        sessions: [],
        totalCapacity: 0,
        totalMaxQueueSpots: 0,
      });
      const [row] = await app.sql(
        `SELECT title, price::text, time_zone, status, is_public, country FROM events WHERE id = $1`,
        [id],
      );
      expect(row).toEqual({
        title: `Evento ${id}`,
        price: '12.50',
        time_zone: 'Europe/Lisbon',
        status: 5,
        is_public: false,
        country: 'Portugal',
      });
      expect((await app.request('GET', `/api/events/${id}`, { token: admin })).body).toEqual(res.body);
    });

    it('fills the defaults: Spain, Europe/Madrid, Draft, public, free, no image, no organizer id', async () => {
      const id = nextId++;
      const { status, country, timeZone, price, address, imageUrl, organizerId, ...required } = eventBody(id) as Record<
        string,
        unknown
      >;
      void [status, country, timeZone, price, address, imageUrl, organizerId];
      const res = await app.request('POST', '/api/events', { token: admin, body: required });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        country: 'Spain',
        timeZone: 'Europe/Madrid',
        status: 0,
        statusText: 'Draft',
        isPublic: true,
        price: 0,
        address: '',
        imageUrl: null,
        organizerId: null,
      });
      // Empty form fields count as not given.
      const blank = await app.request('POST', '/api/events', {
        token: admin,
        body: eventBody(nextId++, { country: '', timeZone: '', imageUrl: '' }),
      });
      expect(blank.status).toBe(201);
      expect(blank.body).toMatchObject({ country: 'Spain', timeZone: 'Europe/Madrid', imageUrl: null });
    });

    it('refuses an empty form with every required field named, in Spanish, writing nothing', async () => {
      await expectRefused('POST', '/api/events', {}, REQUIRED);
      const blanks = {
        id: '',
        title: '  ',
        description: '',
        eventCategoryId: '',
        city: ' ',
        place: '',
        postalCode: '',
        organizerName: '',
      };
      await expectRefused('POST', '/api/events', blanks, REQUIRED);
      const nulls = Object.fromEntries(Object.keys(REQUIRED).map((k) => [k, null]));
      await expectRefused('POST', '/api/events', nulls, REQUIRED);
    });

    it('checks each field: id > 0, status 0/1/5, price >= 0 with 2 decimals, IANA zone, image URL, lengths', async () => {
      const id = nextId++;
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ id: 0 }, { id: 'El id debe ser un número entero mayor que 0' }],
        [{ id: -3 }, { id: 'El id debe ser un número entero mayor que 0' }],
        [{ id: 1.5 }, { id: 'El id debe ser un número entero mayor que 0' }],
        [{ id: '12' }, { id: 'El id debe ser un número entero mayor que 0' }],
        [{ id: 2147483648 }, { id: 'El id debe ser un número entero mayor que 0' }],
        [{ title: 'x'.repeat(301) }, { title: 'El título no puede superar 300 caracteres' }],
        [{ city: 'x'.repeat(101) }, { city: 'La ciudad no puede superar 100 caracteres' }],
        [{ place: 'x'.repeat(201) }, { place: 'El lugar no puede superar 200 caracteres' }],
        [{ postalCode: 'x'.repeat(21) }, { postalCode: 'El código postal no puede superar 20 caracteres' }],
        [{ organizerName: 'x'.repeat(201) }, { organizerName: 'El organizador no puede superar 200 caracteres' }],
        [{ address: 'x'.repeat(301) }, { address: 'La dirección no puede superar 300 caracteres' }],
        [{ country: 'x'.repeat(101) }, { country: 'El país no puede superar 100 caracteres' }],
        [{ eventCategoryId: 'Cultura' }, { eventCategoryId: 'La categoría indicada no existe' }],
        [{ eventCategoryId: 999 }, { eventCategoryId: 'La categoría indicada no existe' }],
        [{ status: 2 }, { status: 'El estado debe ser 0 (Borrador), 1 (Publicado) o 5 (Cancelado)' }],
        [{ status: 'Live' }, { status: 'El estado debe ser 0 (Borrador), 1 (Publicado) o 5 (Cancelado)' }],
        [{ isPublic: 'sí' }, { isPublic: 'La visibilidad debe ser true o false' }],
        [{ organizerId: 'org' }, { organizerId: 'El identificador del organizador debe ser un número entero' }],
        [{ description: 'x'.repeat(100_001) }, { description: 'La descripción es demasiado larga' }],
        // Nothing left once sanitised.
        [{ description: '<script>alert(1)</script>' }, { description: 'La descripción es requerida' }],
        [{ description: '<p> </p><br>' }, { description: 'La descripción es requerida' }],
      ];
      for (const price of [-1, -0.01, 1.234, '10', true]) {
        cases.push([
          { price },
          { price: 'El precio debe ser un número mayor o igual que 0 con como máximo 2 decimales' },
        ]);
      }
      cases.push([{ price: 100_000_000 }, { price: 'El precio es demasiado alto' }]);
      for (const timeZone of [
        'Mars/Olympus',
        '+01:00',
        'UTC+1',
        'CET1CEST',
        'Europe/Madrid; DROP TABLE events',
        'PST',
        42,
      ]) {
        cases.push([{ timeZone }, { timeZone: 'La zona horaria no es válida (ejemplo: Europe/Madrid)' }]);
      }
      for (const imageUrl of [
        'javascript:alert(1)',
        'ftp://example.com/a.png',
        '//evil.example.com/a.png',
        'img/a.png',
        'data:image/png;base64,AAAA',
        '/a b.png',
        5,
      ]) {
        cases.push([{ imageUrl }, { imageUrl: 'La URL de la imagen debe empezar por http://, https:// o /' }]);
      }
      cases.push([
        { imageUrl: `https://example.com/${'a'.repeat(1000)}` },
        { imageUrl: 'La URL de la imagen debe empezar por http://, https:// o /' },
      ]);
      cases.push([{ unknownField: 1 }, { unknownField: 'El campo "unknownField" no está permitido' }]);
      for (const [override, errors] of cases)
        await expectRefused('POST', '/api/events', eventBody(id, override), errors);
      expect((await app.request('GET', `/api/events/${id}`, { token: admin })).status).toBe(404);
    });

    it('accepts the limits: price 0 and 2 decimals, any IANA zone (stored as PostgreSQL spells it), site paths and http(s) images', async () => {
      const cases: [Record<string, unknown>, Record<string, unknown>][] = [
        [{ price: 0 }, { price: 0 }],
        [{ price: 19.99 }, { price: 19.99 }],
        [{ timeZone: 'america/new_york' }, { timeZone: 'America/New_York' }],
        [{ timeZone: 'UTC' }, { timeZone: 'UTC' }],
        [{ timeZone: 'Atlantic/Canary' }, { timeZone: 'Atlantic/Canary' }],
        [{ imageUrl: '/img/banner.jpg' }, { imageUrl: '/img/banner.jpg' }],
        [{ imageUrl: 'http://localhost:5173/banner.png' }, { imageUrl: 'http://localhost:5173/banner.png' }],
        [{ title: ` ${'t'.repeat(300)} ` }, { title: 't'.repeat(300) }],
      ];
      for (const [override, expected] of cases) {
        const res = await app.request('POST', '/api/events', { token: admin, body: eventBody(nextId++, override) });
        expect({ override, status: res.status }).toEqual({ override, status: 201 });
        expect(res.body).toMatchObject(expected);
      }
    });

    it('refuses an id already in use (409), leaving the existing event as it was', async () => {
      const id = nextId++;
      await postEvent(app, admin, id);
      const before = await everything();
      const res = await app.request('POST', '/api/events', { token: admin, body: eventBody(id, { title: 'Otro' }) });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Ya existe un evento con ese id',
        errors: { id: ['Ya existe un evento con ese id'] },
      });
      expect(await everything()).toEqual(before);
    });
  });

  describe('description sanitising (on the server, create and update)', () => {
    it('strips scripts, event handlers and javascript: links, keeping the allowed tags and attributes', async () => {
      const id = nextId++;
      const dirty =
        '<h2 onclick="steal()">Programa</h2><script>alert("x")</script><p style="color:red">Entrada <strong>libre</strong>, <em>aforo</em> <u>limitado</u><br>' +
        '<a href="javascript:alert(1)">truco</a> <a href="https://example.com" target="_blank">web</a> <a href="mailto:info@example.com">correo</a></p>' +
        '<ul><li>uno</li></ul><ol><li>dos</li></ol><img src="x" onerror="alert(1)"><iframe src="https://evil.example.com"></iframe><div>bloque</div>';
      const clean =
        '<h2>Programa</h2><p>Entrada <strong>libre</strong>, <em>aforo</em> <u>limitado</u><br />' +
        '<a>truco</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">web</a> <a href="mailto:info@example.com">correo</a></p>' +
        '<ul><li>uno</li></ul><ol><li>dos</li></ol>bloque';
      const created = await postEvent(app, admin, id, { description: dirty });
      expect(created.description).toBe(clean);
      expect((await app.sql(`SELECT description FROM events WHERE id = $1`, [id]))[0].description).toBe(clean);

      const updated = await app.request('PUT', `/api/events/${id}`, {
        token: admin,
        body: eventBody(id, {
          description:
            '<h6>Nota</h6><p><a href="JAVASCRIPT:alert(1)" onmouseover="x()">x</a><script>document.cookie</script></p>',
        }),
      });
      expect(updated.status).toBe(200);
      expect(updated.body.description).toBe('<h6>Nota</h6><p><a>x</a></p>');
      expect((await app.sql(`SELECT description FROM events WHERE id = $1`, [id]))[0].description).toBe(
        '<h6>Nota</h6><p><a>x</a></p>',
      );
    });
  });

  describe('GET /api/events and GET /api/events/categories', () => {
    it('lists events newest first, each with its sessions (live counts) and totals of capacity and waiting list', async () => {
      const older = nextId++;
      const newer = nextId++;
      await postEvent(app, admin, older);
      await postEvent(app, admin, newer);
      const late = await postSession(app, admin, older, {
        startDate: '2030-06-02',
        endDate: '2030-06-02',
        maxAttendees: 30,
        reservedSpots: 2,
        maxQueueSpots: 4,
      });
      const early = await postSession(app, admin, older, {
        startDate: '2030-06-01',
        endDate: '2030-06-01',
        maxAttendees: 12,
        reservedSpots: 0,
        maxQueueSpots: 6,
      });
      await addRegistration(app, early.id, 0);
      await addHold(app, early.id, 'visitante', 2, 5);

      const res = await app.request('GET', '/api/events', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.length).toBe((await eventRows()).length);
      const ids = res.body.map((e: { id: number }) => e.id);
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      const listed = res.body.find((e: { id: number }) => e.id === older);
      expect(listed.totalCapacity).toBe(42);
      expect(listed.totalMaxQueueSpots).toBe(10);
      expect(listed.sessions.map((s: { id: number }) => s.id)).toEqual([early.id, late.id]);
      expect(listed.sessions[0]).toMatchObject({ registeredCount: 1, activeHoldsCount: 2, availableSpots: 9 });
      expect(res.body.find((e: { id: number }) => e.id === newer)).toMatchObject({
        sessions: [],
        totalCapacity: 0,
        totalMaxQueueSpots: 0,
      });
    });

    it('searches title, description text, city and place, ignoring case and HTML markup', async () => {
      const a = nextId++;
      const b = nextId++;
      await postEvent(app, admin, a, {
        title: 'Zarzuela de verano',
        description: '<p>Con la <strong>Orquesta</strong> Sinfónica &amp; coro</p>',
        city: 'Logroño',
        place: 'Teatro Bretón',
      });
      await postEvent(app, admin, b, {
        title: 'Taller 100% práctico',
        description: '<p>Cerámica</p>',
        city: 'Soria',
        place: 'Casa de Cultura',
      });
      const search = async (text: string) =>
        (await app.request('GET', `/api/events?search=${encodeURIComponent(text)}`, { token: admin })).body.map(
          (e: { id: number }) => e.id,
        );
      expect(await search('ZARZUELA')).toEqual([a]);
      expect(await search('orquesta sinf')).toEqual([a]);
      expect(await search('sinfónica & coro')).toEqual([a]);
      expect(await search('logroño')).toEqual([a]);
      expect(await search('bretón')).toEqual([a]);
      expect(await search('cerámica')).toEqual([b]);
      expect(await search('100%')).toEqual([b]);
      // Markup is not text.
      expect(await search('strong')).toEqual([]);
      expect(await search('<p>')).toEqual([]);
      expect(await search('ninguno-así')).toEqual([]);
      // An empty search lists everything.
      expect((await app.request('GET', '/api/events?search=%20', { token: admin })).body.length).toBe(
        (await eventRows()).length,
      );
    });

    it('lists the event categories by name', async () => {
      const res = await app.request('GET', '/api/events/categories', { token: admin });
      expect(res.status).toBe(200);
      const rows = await app.sql(`SELECT id, name FROM event_categories`);
      expect(res.body).toHaveLength(rows.length);
      expect(res.body).toEqual([...rows].sort((x, y) => x.name.localeCompare(y.name)));
      expect(res.body.map((c: { name: string }) => c.name)).toContain('Cultura');
    });
  });

  describe('PUT /api/events/{id} and GET /api/events/{id} (staff view)', () => {
    it('replaces the form fields; omitted optional fields keep their value, null clears image and organizer id', async () => {
      const id = nextId++;
      await postEvent(app, admin, id, {
        price: 5,
        imageUrl: '/a.jpg',
        organizerId: 3,
        country: 'France',
        isPublic: false,
        status: 1,
      });
      const res = await app.request('PUT', `/api/events/${id}`, {
        token: admin,
        body: {
          title: 'Nuevo título',
          description: '<p>Nueva</p>',
          eventCategoryId: 2,
          city: 'Sevilla',
          place: 'Alcázar',
          postalCode: '41004',
          organizerName: 'Junta',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        title: 'Nuevo título',
        description: '<p>Nueva</p>',
        eventCategoryId: 2,
        city: 'Sevilla',
        place: 'Alcázar',
        postalCode: '41004',
        organizerName: 'Junta',
        price: 5,
        imageUrl: '/a.jpg',
        organizerId: 3,
        country: 'France',
        isPublic: false,
        status: 1,
        address: 'Plaza Mayor 1',
      });
      const cleared = await app.request('PUT', `/api/events/${id}`, {
        token: admin,
        body: eventBody(id, { imageUrl: null, organizerId: null, price: 0, isPublic: true, address: '' }),
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ imageUrl: null, organizerId: null, price: 0, isPublic: true, address: '' });
      expect((await app.request('GET', `/api/events/${id}`, { token: admin })).body).toEqual(cleared.body);
    });

    it("round-trips the organiser's contact: trimmed, kept when omitted, cleared with null or an empty field", async () => {
      const id = nextId++;
      const contact = {
        organizerEmail: 'cultura@ayto.example.es',
        organizerPhone: '+34 915 555 555',
        organizerWebsite: 'https://cultura.ayto.example.es/agenda',
      };
      const created = await app.request('POST', '/api/events', {
        token: admin,
        body: eventBody(id, { ...contact, organizerEmail: '  cultura@ayto.example.es ' }),
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ organizerName: 'Ayuntamiento', ...contact });
      expect(
        await app.sql(`SELECT organizer_email, organizer_phone, organizer_website FROM events WHERE id = $1`, [id]),
      ).toEqual([
        {
          organizer_email: contact.organizerEmail,
          organizer_phone: contact.organizerPhone,
          organizer_website: contact.organizerWebsite,
        },
      ]);
      // Omitted: kept.
      const kept = await app.request('PUT', `/api/events/${id}`, { token: admin, body: eventBody(id) });
      expect(kept.body).toMatchObject(contact);
      // Changed one, cleared the others (null and the form's empty field).
      const changed = await app.request('PUT', `/api/events/${id}`, {
        token: admin,
        body: eventBody(id, { organizerEmail: null, organizerPhone: '', organizerWebsite: 'http://ayto.example.es' }),
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({
        organizerEmail: null,
        organizerPhone: null,
        organizerWebsite: 'http://ayto.example.es',
      });
      expect((await app.request('GET', `/api/events/${id}`, { token: admin })).body).toEqual(changed.body);
    });

    it('refuses a malformed or too long organiser contact, naming the field in Spanish, writing nothing', async () => {
      const id = nextId++;
      await postEvent(app, admin, id);
      const email = 'El email del organizador no es válido';
      const phone = 'El teléfono del organizador no es válido (9 a 15 cifras, con + o 00 delante si es internacional)';
      const web = 'La web del organizador debe ser una URL que empiece por http:// o https://';
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ organizerEmail: 'cultura' }, { organizerEmail: email }],
        [{ organizerEmail: 'cultura@ayto' }, { organizerEmail: email }],
        [{ organizerEmail: 42 }, { organizerEmail: email }],
        [
          { organizerEmail: `${'a'.repeat(250)}@ayto.es` },
          { organizerEmail: 'El email del organizador no puede superar 254 caracteres' },
        ],
        [{ organizerPhone: '12345' }, { organizerPhone: phone }],
        [{ organizerPhone: 'llamar por la tarde' }, { organizerPhone: phone }],
        [
          { organizerPhone: '+34 600 000 000 000 000 000 000 00' },
          { organizerPhone: 'El teléfono del organizador no puede superar 30 caracteres' },
        ],
        [{ organizerWebsite: 'ayto.example.es' }, { organizerWebsite: web }],
        [{ organizerWebsite: 'javascript:alert(1)' }, { organizerWebsite: web }],
        [{ organizerWebsite: 'ftp://ayto.example.es' }, { organizerWebsite: web }],
        [{ organizerWebsite: '/agenda' }, { organizerWebsite: web }],
        [
          { organizerWebsite: `https://ayto.example.es/${'a'.repeat(500)}` },
          { organizerWebsite: 'La web del organizador no puede superar 500 caracteres' },
        ],
      ];
      for (const [override, errors] of cases) {
        await expectRefused('POST', '/api/events', eventBody(nextId, override), errors);
        await expectRefused('PUT', `/api/events/${id}`, eventBody(id, override), errors);
      }
    });

    it('refuses a change of id, invalid fields and unknown events, writing nothing', async () => {
      const id = nextId++;
      await postEvent(app, admin, id);
      await expectRefused('PUT', `/api/events/${id}`, eventBody(id + 1000), {
        id: 'El id de un evento no se puede cambiar',
      });
      await expectRefused(
        'PUT',
        `/api/events/${id}`,
        { id },
        Object.fromEntries(Object.entries(REQUIRED).filter(([field]) => field !== 'id')),
      );
      await expectRefused('PUT', `/api/events/${id}`, eventBody(id, { timeZone: 'Europe/Atlantis' }), {
        timeZone: 'La zona horaria no es válida (ejemplo: Europe/Madrid)',
      });
      // The checks made after the form's own (sanitised description, category) come back together.
      await expectRefused(
        'PUT',
        `/api/events/${id}`,
        eventBody(id, { description: '<script>x</script>', eventCategoryId: 999 }),
        {
          description: 'La descripción es requerida',
          eventCategoryId: 'La categoría indicada no existe',
        },
      );
      const before = await everything();
      for (const [method, path, body] of [
        ['PUT', '/api/events/987654', eventBody(987654)],
        ['GET', '/api/events/987654', undefined],
        ['DELETE', '/api/events/987654', undefined],
      ] as const) {
        const res = await app.request(method, path, { token: admin, body });
        expect({ method, status: res.status, body: res.body }).toEqual({ method, status: 404, body: NOT_FOUND });
        const malformed = await app.request(method, path.replace('987654', 'abc'), { token: admin, body });
        expect({ method, status: malformed.status, fields: Object.keys(malformed.body.errors ?? {}) }).toEqual({
          method,
          status: 400,
          fields: ['id'],
        });
      }
      expect(await everything()).toEqual(before);
    });

    it('re-dates every session when the time zone changes: the local dates and times stay, the instants move', async () => {
      const id = nextId++;
      await postEvent(app, admin, id, { timeZone: 'Europe/Madrid' });
      const summer = await postSession(app, admin, id, {
        startDate: '2030-07-10',
        endDate: '2030-07-10',
        startTime: '10:00',
        endTime: '12:00',
      });
      const winter = await postSession(app, admin, id, {
        startDate: '2030-01-15',
        endDate: '2030-01-16',
        startTime: '20:00',
        endTime: '01:30',
      });
      const instants = async () =>
        app
          .sql(`SELECT id, starts_at, ends_at FROM event_sessions WHERE event_id = $1 ORDER BY id`, [id])
          .then((rows) => rows.map((r) => [r.id, r.starts_at.toISOString(), r.ends_at.toISOString()]));
      expect(await instants()).toEqual([
        [summer.id, '2030-07-10T08:00:00.000Z', '2030-07-10T10:00:00.000Z'],
        [winter.id, '2030-01-15T19:00:00.000Z', '2030-01-16T00:30:00.000Z'],
      ]);

      const res = await app.request('PUT', `/api/events/${id}`, {
        token: admin,
        body: eventBody(id, { timeZone: 'America/New_York' }),
      });
      expect(res.status).toBe(200);
      expect(res.body.sessions.map((s: { startTime: string }) => s.startTime)).toEqual(['20:00:00', '10:00:00']);
      expect(await instants()).toEqual([
        [summer.id, '2030-07-10T14:00:00.000Z', '2030-07-10T16:00:00.000Z'],
        [winter.id, '2030-01-16T01:00:00.000Z', '2030-01-16T06:30:00.000Z'],
      ]);
    });
  });

  describe('DELETE /api/events/{id}', () => {
    it('deletes the event with its sessions, their holds and cancelled registrations', async () => {
      const id = nextId++;
      await postEvent(app, admin, id);
      const one = await postSession(app, admin, id);
      const two = await postSession(app, admin, id, { startDate: '2030-05-10', endDate: '2030-05-10' });
      await addHold(app, one.id, 'visitante', 1, 5);
      await addRegistration(app, two.id, 1);
      const other = nextId++;
      await postEvent(app, admin, other);
      const kept = await postSession(app, admin, other);

      const res = await app.request('DELETE', `/api/events/${id}`, { token: admin });
      expect(res.status).toBe(204);
      expect(res.body).toBe('');
      expect(await app.sql(`SELECT id FROM events WHERE id = $1`, [id])).toEqual([]);
      expect(await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1`, [id])).toEqual([]);
      expect(await app.sql(`SELECT id FROM ticket_holds WHERE session_id = ANY($1)`, [[one.id, two.id]])).toEqual([]);
      expect(await app.sql(`SELECT id FROM registrations WHERE session_id = ANY($1)`, [[one.id, two.id]])).toEqual([]);
      expect((await app.request('GET', `/api/events/${id}`, { token: admin })).status).toBe(404);
      expect(await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1`, [other])).toEqual([{ id: kept.id }]);
    });

    it('refuses (409) while any session has someone registered or waiting, deleting nothing', async () => {
      for (const state of [0, 2] as const) {
        const id = nextId++;
        await postEvent(app, admin, id);
        await postSession(app, admin, id);
        const busy = await postSession(app, admin, id, { startDate: '2030-05-11', endDate: '2030-05-11' });
        await addRegistration(app, busy.id, state);
        const before = await everything();
        const res = await app.request('DELETE', `/api/events/${id}`, { token: admin });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          statusCode: 409,
          code: 'CONFLICT',
          message:
            'No se puede eliminar el evento: alguna de sus sesiones tiene inscripciones o personas en lista de espera',
        });
        expect(await everything()).toEqual(before);
      }
    });
  });

  it('needs Events.Read to read, Events.Create, .Update and .Delete to write', async () => {
    const id = nextId++;
    await postEvent(app, admin, id);
    const reader = await app.staffWith(['Events.Read']);
    for (const path of ['/api/events', '/api/events/categories', `/api/events/${id}`]) {
      expect({ path, status: (await app.request('GET', path, { token: reader.token })).status }).toEqual({
        path,
        status: 200,
      });
    }
    const before = await everything();
    expect((await app.request('POST', '/api/events', { token: reader.token, body: eventBody(nextId) })).status).toBe(
      403,
    );
    expect(
      (
        await app.request('PUT', `/api/events/${id}`, {
          token: reader.token,
          body: eventBody(id, { title: 'Intruso' }),
        })
      ).status,
    ).toBe(403);
    expect((await app.request('DELETE', `/api/events/${id}`, { token: reader.token })).status).toBe(403);
    expect(await everything()).toEqual(before);

    const writer = await app.staffWith(['Events.Create', 'Events.Update', 'Events.Delete']);
    expect((await app.request('GET', '/api/events', { token: writer.token })).status).toBe(403);
    // Without Events.Read the shared path answers what the booking page sees, nothing more.
    const publicView = await app.request('GET', `/api/events/${id}`, { token: writer.token });
    expect(publicView.status).toBe(200);
    expect(publicView.body).not.toHaveProperty('eventCategoryId');
    const made = nextId++;
    expect((await app.request('POST', '/api/events', { token: writer.token, body: eventBody(made) })).status).toBe(201);
    expect(
      (
        await app.request('PUT', `/api/events/${made}`, {
          token: writer.token,
          body: eventBody(made, { title: 'Cambiado' }),
        })
      ).status,
    ).toBe(200);
    expect((await app.request('DELETE', `/api/events/${made}`, { token: writer.token })).status).toBe(204);
    expect((await app.request('GET', '/api/events')).status).toBe(401);
    const anonymous = await app.request('GET', `/api/events/${id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).not.toHaveProperty('organizerId');
    expect((await app.request('GET', `/api/events/${id}`, { token: 'token-falso' })).status).toBe(401);
  });
});
