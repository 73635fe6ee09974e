import { addRegistration, TestApp } from '@evreg/testing';
import { eventBody, postEvent, postSession } from './support/http-helpers';

describe('Dashboard (GET /api/admin/dashboard/stats)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  async function stats(token = admin) {
    const res = await app.request('GET', '/api/admin/dashboard/stats', { token });
    expect(res.status).toBe(200);
    return res.body as {
      totalUsers: number;
      activeEvents: number;
      registrationsToday: number;
      totalDepartments: number;
    };
  }

  it('answers the four dashboard figures and the attendance card, matching the users and departments stored', async () => {
    const body = await stats();
    expect(Object.keys(body).sort()).toEqual([
      'activeEvents',
      'recentAttendance',
      'registrationsToday',
      'totalDepartments',
      'totalUsers',
    ]);
    const { recentAttendance: _attendance, ...counts } = body as typeof body & { recentAttendance: unknown };
    for (const value of Object.values(counts)) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    const [row] = await app.sql(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM departments) AS departments`,
    );
    expect(body.totalUsers).toBe(row.users);
    expect(body.totalDepartments).toBe(row.departments);
    // A fresh installation: the seeded administrator, no department, no event, no registration.
    expect(body).toEqual({
      totalUsers: 1,
      totalDepartments: 0,
      activeEvents: 0,
      registrationsToday: 0,
      recentAttendance: { sessions: 0, registered: 0, present: 0, rate: null },
    });
  });

  it('counts users and departments as they are added and removed', async () => {
    const before = await stats();
    const department = await app.request('POST', '/api/department', { token: admin, body: { name: 'Juventud' } });
    expect((await stats()).totalDepartments).toBe(before.totalDepartments + 1);

    const role = await app.request('POST', '/api/role', {
      token: admin,
      body: { name: 'Informador', permissionIds: [] },
    });
    const users = [];
    for (const n of [1, 2]) {
      const user = await app.request('POST', '/api/user', {
        token: admin,
        body: {
          email: `panel${n}@example.com`,
          firstName: 'Panel',
          lastName: `${n}`,
          departmentId: department.body.id,
          roleId: role.body.id,
        },
      });
      expect(user.status).toBe(201);
      users.push(user.body.id);
    }
    expect(await stats()).toMatchObject({
      totalUsers: before.totalUsers + 2,
      totalDepartments: before.totalDepartments + 1,
    });

    for (const id of users) expect((await app.request('DELETE', `/api/user/${id}`, { token: admin })).status).toBe(204);
    expect((await app.request('DELETE', `/api/department/${department.body.id}`, { token: admin })).status).toBe(204);
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers, totalDepartments: before.totalDepartments });
  });

  it('counts as active the Live events with a session not yet ended', async () => {
    const before = (await stats()).activeEvents;
    const live = async (id: number, status = 1) => (await postEvent(app, admin, id, { status })).id as number;
    const upcoming = await live(101);
    await postSession(app, admin, upcoming, { startDate: '2030-05-09', endDate: '2030-05-09' });
    await postSession(app, admin, upcoming, { startDate: '2030-05-10', endDate: '2030-05-10' });
    const running = await live(102);
    const now = await postSession(app, admin, running, { startDate: '2020-01-01', endDate: '2020-01-01' });
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' WHERE id = $1`,
      [now.id],
    );
    const over = await live(103);
    const ended = await postSession(app, admin, over, { startDate: '2020-01-01', endDate: '2020-01-01' });
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 second' WHERE id = $1`,
      [ended.id],
    );
    await live(104);
    await postSession(app, admin, await live(105, 0), {});
    await postSession(app, admin, await live(106, 5), {});
    expect((await stats()).activeEvents).toBe(before + 2);

    // Back to draft: no longer active.
    expect(
      (await app.request('PUT', `/api/events/${upcoming}`, { token: admin, body: eventBody(upcoming, { status: 0 }) }))
        .status,
    ).toBe(200);
    expect((await stats()).activeEvents).toBe(before + 1);
  });

  it('counts the active registrations made today, the day being that of Madrid', async () => {
    const event = (await postEvent(app, admin, 201)).id as number;
    const session = (await postSession(app, admin, event, { maxQueueSpots: 5 })).id as number;
    const before = (await stats()).registrationsToday;
    const madridToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const [{ midnight }] = await app.sql(`SELECT ($1::date)::timestamp AT TIME ZONE 'Europe/Madrid' AS midnight`, [
      madridToday,
    ]);
    const at = (ms: number) => new Date(midnight.getTime() + ms).toISOString();

    await addRegistration(app, session, 0);
    await addRegistration(app, session, 0, { registeredAt: at(1000) });
    await addRegistration(app, session, 0, { reserved: true });
    // Before midnight in Madrid is yesterday, even where it is already today in UTC terms (or not yet).
    await addRegistration(app, session, 0, { registeredAt: at(-1000) });
    await addRegistration(app, session, 0, { registeredAt: at(-26 * 3600_000) });
    // Tomorrow does not count either.
    await addRegistration(app, session, 0, { registeredAt: at(24 * 3600_000 + 1000) });
    // Cancelled and waiting entries are not registrations.
    await addRegistration(app, session, 1);
    await addRegistration(app, session, 2);
    expect((await stats()).registrationsToday).toBe(before + 3);
  });

  it('needs only a login: any signed-in staff member may read it, nobody else', async () => {
    const staff = await app.staffWith([]);
    const body = await stats(staff.token);
    // staffWith added a user and a department of its own.
    expect(body.totalUsers).toBe((await app.sql(`SELECT count(*)::int AS n FROM users`))[0].n);
    expect(body.totalDepartments).toBe((await app.sql(`SELECT count(*)::int AS n FROM departments`))[0].n);

    const anonymous = await app.request('GET', '/api/admin/dashboard/stats');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
    expect((await app.request('GET', '/api/admin/dashboard/stats', { token: 'no-es-un-token' })).status).toBe(401);
  });
});
