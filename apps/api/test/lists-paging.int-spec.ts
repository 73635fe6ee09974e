import { TestApp, insertSession } from '@evreg/testing';

/** Lists at real sizes (docs/domain.md, "Lists at real sizes"): GET /api/user and GET /api/events page, sort and
 * search on the server when asked (`page`/`pageSize`), and keep their whole answer otherwise. */
describe('Paged lists of users and events', () => {
  let app: TestApp;
  let admin: string;
  let departmentA: number;
  let departmentB: number;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    [{ id: departmentA }] = await app.sql(`INSERT INTO departments (name) VALUES ('Almacén') RETURNING id`);
    [{ id: departmentB }] = await app.sql(`INSERT INTO departments (name) VALUES ('Zaguán') RETURNING id`);
    // 30 users, created a second apart: lista01 … lista30, last names in the reverse order.
    await app.sql(
      `INSERT INTO users (email, password_hash, first_name, last_name, department_id, created_at)
       SELECT 'lista' || lpad(n::text, 2, '0') || '@example.com', 'x', 'Nombre' || lpad(n::text, 2, '0'),
              'Apellido' || lpad((31 - n)::text, 2, '0'), CASE WHEN n % 2 = 0 THEN $1::int ELSE $2::int END,
              now() - make_interval(secs => 1000 - n)
         FROM generate_series(1, 30) n`,
      [departmentA, departmentB],
    );
  });
  afterAll(() => app.close());

  /** A GET with the administrator's token, another one, or none (null). */
  const get = (url: string, token: string | null = admin) => app.request('GET', url, { token: token ?? undefined });

  describe('GET /api/user', () => {
    it('without paging parameters answers the whole list as before, with permissions', async () => {
      const res = await get('/api/user');
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBe(31);
      expect(res.body.find((u: { email: string }) => u.email.startsWith('admin')).permissions.length).toBeGreaterThan(
        0,
      );
    });

    it('answers a page { items, totalCount, totalPages, page, pageSize }, without permissions', async () => {
      const res = await get('/api/user?page=2&pageSize=10&sort=email&order=asc&search=lista');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['items', 'page', 'pageSize', 'totalCount', 'totalPages']);
      expect(res.body).toMatchObject({ totalCount: 30, totalPages: 3, page: 2, pageSize: 10 });
      expect(res.body.items.map((u: { email: string }) => u.email)).toEqual(
        Array.from({ length: 10 }, (_, i) => `lista${String(i + 11).padStart(2, '0')}@example.com`),
      );
      const [first] = res.body.items;
      expect(first).not.toHaveProperty('permissions');
      expect(first).toMatchObject({ firstName: 'Nombre11', lastName: 'Apellido20', departmentName: 'Zaguán' });
      expect(Object.keys(first)).toEqual(expect.arrayContaining(['id', 'userId', 'roles', 'lockoutEnd', 'createdAt']));
    });

    it('pages 20 at a time by default, by creation date, and past the end answers an empty page', async () => {
      const first = await get('/api/user?page=1');
      expect(first.body).toMatchObject({ totalCount: 31, totalPages: 2, page: 1, pageSize: 20 });
      expect(first.body.items).toHaveLength(20);
      expect(first.body.items[0].email).toBe('lista01@example.com');
      expect((await get('/api/user?page=2')).body.items).toHaveLength(11);
      expect((await get('/api/user?page=9')).body).toMatchObject({ items: [], totalCount: 31, page: 9 });
    });

    it('sorts by each whitelisted column, both ways, with pages that never overlap', async () => {
      const emails = async (query: string) =>
        (
          await get(`/api/user?search=lista&${query.includes('pageSize') ? '' : 'pageSize=100&'}${query}`)
        ).body.items.map((u: { email: string }) => u.email);
      const byLastName = await emails('sort=lastName&order=asc');
      expect(byLastName[0]).toBe('lista30@example.com');
      expect(await emails('sort=lastName&order=DESC')).toEqual([...byLastName].reverse());
      expect((await emails('sort=firstName'))[0]).toBe('lista01@example.com');
      expect((await emails('sort=createdAt&order=desc'))[0]).toBe('lista30@example.com');
      const byDepartment = await emails('sort=departmentName&order=asc');
      expect(byDepartment.slice(0, 15).every((e: string) => Number(e.slice(5, 7)) % 2 === 0)).toBe(true);
      const pages = [];
      for (const page of [1, 2, 3, 4]) pages.push(...(await emails(`sort=departmentName&pageSize=8&page=${page}`)));
      expect(new Set(pages).size).toBe(30);
    });

    it('searches email, names and department on the server', async () => {
      expect((await get('/api/user?page=1&search=ZAGU')).body.totalCount).toBe(15);
      expect((await get('/api/user?page=1&search=apellido07')).body.items.map((u: any) => u.email)).toEqual([
        'lista24@example.com',
      ]);
      expect((await get('/api/user?page=1&search=nadie-así')).body).toMatchObject({ items: [], totalCount: 0 });
      // The unpaged answer searches (and sorts) too.
      const whole = await get('/api/user?search=zaguán&sort=email&order=desc');
      expect(whole.body.map((u: { email: string }) => u.email)[0]).toBe('lista29@example.com');
      expect(whole.body).toHaveLength(15);
    });

    it('refuses bad parameters with a Spanish 400 naming the field', async () => {
      for (const [query, field] of [
        ['sort=password_hash', 'sort'],
        ['sort=lastName;DROP', 'sort'],
        ['order=sideways', 'order'],
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['pageSize=101', 'pageSize'],
        ['pageSize=0', 'pageSize'],
        ['unknown=1', 'unknown'],
      ]) {
        const res = await get(`/api/user?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(Object.keys(res.body.errors)).toEqual([field]);
      }
      const sort = await get('/api/user?page=1&sort=permissions');
      expect(sort.body.errors.sort[0]).toBe(
        'El campo "sort" no es válido: se puede ordenar por lastName, firstName, email, departmentName, createdAt',
      );
    });

    it('still needs Users.Read', async () => {
      expect((await get('/api/user?page=1', null)).status).toBe(401);
      const nobody = await app.staffWith([]);
      expect((await get('/api/user?page=1', nobody.token)).status).toBe(403);
    });
  });

  describe('GET /api/events', () => {
    /** Events 9001 … 9030: titles in the reverse order of ids, created a second apart; the odd ones Live. */
    beforeAll(async () => {
      await app.sql(
        `INSERT INTO events (id, title, description, city, place, status, is_public, price, organizer_name, created_at)
         SELECT 9000 + n, 'Lista ' || lpad((31 - n)::text, 2, '0'), '<p>Descripción <strong>privada</strong></p>',
                CASE WHEN n <= 10 THEN 'Burgos' ELSE 'Cuenca' END, 'Sala', CASE WHEN n % 2 = 1 THEN 1 ELSE 0 END,
                n <> 3, n, 'Organización interna', now() - make_interval(secs => 1000 - n)
           FROM generate_series(1, 30) n`,
      );
    });

    it('without paging parameters answers the whole list, newest first, as before', async () => {
      const res = await get('/api/events');
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(30);
      expect(res.body[0].id).toBe(9030);
      expect(res.body[0]).toHaveProperty('sessions');
    });

    it('pages, sorts and searches on the server', async () => {
      const first = await get('/api/events?page=1&pageSize=10');
      expect(first.body).toMatchObject({ totalCount: 30, totalPages: 3, page: 1, pageSize: 10 });
      expect(first.body.items.map((e: { id: number }) => e.id)).toEqual(Array.from({ length: 10 }, (_, i) => 9030 - i));
      expect(first.body.items[0]).toMatchObject({ organizerName: 'Organización interna', sessions: [] });
      const byTitle = await get('/api/events?page=1&pageSize=5&sort=title&order=asc');
      expect(byTitle.body.items.map((e: { title: string }) => e.title)).toEqual([
        'Lista 01',
        'Lista 02',
        'Lista 03',
        'Lista 04',
        'Lista 05',
      ]);
      const byPrice = await get('/api/events?page=2&pageSize=5&sort=price&order=desc');
      expect(byPrice.body.items.map((e: { id: number }) => e.id)).toEqual([9025, 9024, 9023, 9022, 9021]);
      const search = await get('/api/events?page=1&pageSize=100&search=burgos');
      expect(search.body.totalCount).toBe(10);
      expect((await get('/api/events?page=1&search=PRIVADA')).body.totalCount).toBe(30);
    });

    it('refuses bad parameters with a Spanish 400 naming the field', async () => {
      for (const [query, field] of [
        ['sort=totalCapacity', 'sort'],
        ['sort=title&order=up', 'order'],
        ['pageSize=500', 'pageSize'],
        ['public=si', 'public'],
        ['showExcerpt=true', 'showExcerpt'],
      ]) {
        const res = await get(`/api/events?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(Object.keys(res.body.errors)).toEqual([field]);
      }
      expect((await get('/api/events?sort=nombre')).body.errors.sort[0]).toMatch(/^El campo "sort" no es válido/);
    });

    it('still needs Events.Read without public=true', async () => {
      expect((await get('/api/events', null)).status).toBe(401);
      expect((await get('/api/events?page=1', null)).body.code).toBe('UNAUTHORIZED');
      expect((await get('/api/events?public=false', null)).status).toBe(401);
      expect((await get('/api/events', 'token-falso')).status).toBe(401);
      const nobody = await app.staffWith(['Users.Read']);
      const refused = await get('/api/events?page=1', nobody.token);
      expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
      const reader = await app.staffWith(['Events.Read']);
      expect((await get('/api/events?page=1', reader.token)).status).toBe(200);
    });

    it('public=true: Live public events only, with their future sessions, paged, public fields only, no token', async () => {
      const past = await insertSession(app, 9001, { startsInHours: -48 });
      const later = await insertSession(app, 9001, { startsInHours: 200 });
      const sooner = await insertSession(app, 9001, { startsInHours: 24 });
      await insertSession(app, 9005, { startsInHours: 2 });
      await insertSession(app, 9002, { startsInHours: 5 }); // a draft
      await insertSession(app, 9003, { startsInHours: 5 }); // Live but not public

      const res = await get('/api/events?public=true&pageSize=5');
      expect(res.status).toBe(200);
      // 15 Live events (odd ids), 9003 not public: 14.
      expect(res.body).toMatchObject({ totalCount: 14, totalPages: 3, page: 1, pageSize: 5 });
      const ids = res.body.items.map((e: { id: number }) => e.id);
      // The one whose next session starts first, first; events without sessions to come after, by id.
      expect(ids).toEqual([9005, 9001, 9007, 9009, 9011]);
      const event = res.body.items[1];
      expect(Object.keys(event).sort()).toEqual(
        [
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
          'sessions',
          'status',
          'statusText',
          'timeZone',
          'title',
        ].sort(),
      );
      expect(event).toMatchObject({ status: 'Live', statusText: 'Publicado', price: 1 });
      expect(event.sessions.map((s: { id: number }) => s.id)).toEqual([sooner, later]);
      expect(event.sessions.map((s: { id: number }) => s.id)).not.toContain(past);
      // The organiser is public (the booking page names the data controller); the back office's fields are not.
      expect(event).toMatchObject({ organizerName: 'Organización interna', organizerEmail: null });
      expect(JSON.stringify(res.body)).not.toMatch(/"(organizerId|isPublic|eventCategoryId)"/);

      const all = [];
      for (const page of [1, 2, 3])
        all.push(...(await get(`/api/events?public=true&pageSize=5&page=${page}`)).body.items);
      const listed = all.map((e: { id: number }) => e.id);
      expect(new Set(listed).size).toBe(14);
      expect(listed.every((id: number) => id % 2 === 1 && id !== 9003)).toBe(true);
    });

    it('public=true searches, excerpts, pages 20 by default, and refuses an order of its own', async () => {
      const burgos = await get('/api/events?public=true&search=burgos&showExcerpt=true');
      expect(burgos.body).toMatchObject({ totalCount: 4, page: 1, pageSize: 20 });
      expect(burgos.body.items[0].description).toBe('<p>Descripción privada</p>');
      const sorted = await get('/api/events?public=true&sort=title');
      expect([sorted.status, Object.keys(sorted.body.errors)]).toEqual([400, ['sort']]);
      expect((await get('/api/events?public=true&order=desc')).status).toBe(400);
      // A staff token changes nothing: the public list is the public list.
      const withToken = await get('/api/events?public=true&search=burgos');
      expect(withToken.body.items.map((e: { id: number }) => e.id)).toEqual(
        (await get('/api/events?public=true&search=burgos', null)).body.items.map((e: { id: number }) => e.id),
      );
      // The public view: the organiser is public (the booking page names them), the back office's fields are not.
      expect(withToken.body.items[0]).toHaveProperty('organizerName');
      expect(withToken.body.items[0]).not.toHaveProperty('organizerId');
      expect(withToken.body.items[0]).not.toHaveProperty('isPublic');
    });
  });
});
