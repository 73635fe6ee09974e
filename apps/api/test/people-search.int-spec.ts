import { attendee, createSession, TestApp } from '@evreg/testing';

// One search rule wherever staff search people (docs/domain.md, "Registros: finding and slicing people"): without
// case or accents, every word in any order. 'garcia' finds 'García', 'inigo' and 'iñigo' find 'Íñigo', on every
// endpoint that searches people (the waiting list and a session's people search in the browser, by the same rule).
describe('Staff search of people: without case or accents, on every search endpoint', () => {
  let app: TestApp;
  let admin: string;
  let garcia: number;
  let inigo: number;
  let other: number;

  const book = async (sessionId: number, n: number, overrides: Record<string, unknown>) => {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n, overrides) },
    });
    expect(res.status).toBe(201);
    const [row] = await app.sql(`SELECT id FROM registrations WHERE email = $1`, [`persona${n}@example.com`]);
    return row.id as number;
  };
  const get = (path: string) => app.request('GET', path, { token: admin });
  const registros = async (search: string) =>
    (await get(`/api/events/registrations?pageSize=100&search=${encodeURIComponent(search)}`)).body.items.map(
      (r: { id: number }) => r.id,
    );

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 10 });
    await app.sql(`UPDATE events SET title = 'Concierto de Año Nuevo' WHERE id = $1`, [eventId]);
    garcia = await book(sessionId, 9101, { firstName: 'Ana', lastName: 'García Muñoz' });
    inigo = await book(sessionId, 9102, { firstName: 'Íñigo', lastName: 'Pérez' });
    other = await book(sessionId, 9103, { firstName: 'Luis', lastName: 'Gil' });
    for (const id of [garcia, inigo]) {
      const res = await app.request('POST', '/api/bulk/registrations/blacklist', {
        token: admin,
        body: { registrationIds: [id], blackListReason: 2, expiresAt: '2099-12-31' },
      });
      expect(res.body).toMatchObject({ done: 1 });
    }
    await app.sql(`UPDATE users SET first_name = 'Íñigo', last_name = 'García' WHERE email = (
                     SELECT email FROM users ORDER BY created_at LIMIT 1)`);
  });
  afterAll(() => app.close());

  it("Registros: 'garcia' finds 'García', 'inigo' and 'iñigo' find 'Íñigo', in any case, word order free", async () => {
    for (const search of ['garcia', 'García', 'GARCIA', 'garcía muñoz', 'munoz ana'])
      expect(await registros(search)).toEqual([garcia]);
    for (const search of ['inigo', 'iñigo', 'ÍÑIGO', 'perez inigo']) expect(await registros(search)).toEqual([inigo]);
    // The event's title by the same rule, a word of it with a word of the person.
    expect((await registros('ano nuevo')).sort()).toEqual([garcia, inigo, other].sort());
    expect(await registros('gil año')).toEqual([other]);
    // The Excel export of a search is the same search.
    const exported = await get(`/api/events/registrations/export?search=garcia`);
    expect(exported.status).toBe(200);
  });

  it("the blacklist: 'garcia' and 'inigo' find the entries of 'García' and 'Íñigo'", async () => {
    const names = async (search: string) =>
      (await get(`/api/blacklists?search=${encodeURIComponent(search)}`)).body.data.map(
        (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`,
      );
    expect(await names('garcia')).toEqual(['Ana García Muñoz']);
    expect(await names('inigo')).toEqual(['Íñigo Pérez']);
    expect(await names('iñigo')).toEqual(['Íñigo Pérez']);
    expect(await names('año nuevo inigo')).toEqual(['Íñigo Pérez']);
  });

  it("the e-mail log: 'garcia' and 'inigo' find the messages of 'García' and 'Íñigo'", async () => {
    const recipients = async (search: string) => [
      ...new Set(
        (await get(`/api/email-logs?pageSize=100&search=${encodeURIComponent(search)}`)).body.data.map(
          (m: { recipientName: string }) => m.recipientName,
        ),
      ),
    ];
    expect(await recipients('garcia')).toEqual(['Ana García Muñoz']);
    expect(await recipients('inigo')).toEqual(['Íñigo Pérez']);
    expect(await recipients('iñigo perez')).toEqual(['Íñigo Pérez']);
  });

  it("staff users: 'inigo garcia' finds 'Íñigo García'", async () => {
    const users = (await get(`/api/user?search=${encodeURIComponent('inigo garcia')}`)).body;
    const list = Array.isArray(users) ? users : users.items;
    expect(list.map((u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`)).toEqual([
      'Íñigo García',
    ]);
  });
});
