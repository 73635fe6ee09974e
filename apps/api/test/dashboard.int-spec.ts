import { TestApp } from './support/test-app';

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
    return res.body as { totalUsers: number; activeEvents: number; registrationsToday: number; totalDepartments: number };
  }

  it('answers the four dashboard figures, matching the users and departments stored', async () => {
    const body = await stats();
    expect(Object.keys(body).sort()).toEqual(['activeEvents', 'registrationsToday', 'totalDepartments', 'totalUsers']);
    for (const value of Object.values(body)) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
    }
    const [row] = await app.sql(`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM departments) AS departments`);
    expect(body.totalUsers).toBe(row.users);
    expect(body.totalDepartments).toBe(row.departments);
    // A fresh installation: the seeded administrator and no department.
    expect(body).toMatchObject({ totalUsers: 1, totalDepartments: 0 });
  });

  it('counts users and departments as they are added and removed', async () => {
    const before = await stats();
    const department = await app.request('POST', '/api/department', { token: admin, body: { name: 'Juventud' } });
    expect((await stats()).totalDepartments).toBe(before.totalDepartments + 1);

    const role = await app.request('POST', '/api/role', { token: admin, body: { name: 'Informador', permissionIds: [] } });
    const users = [];
    for (const n of [1, 2]) {
      const user = await app.request('POST', '/api/user', {
        token: admin,
        body: { email: `panel${n}@example.com`, firstName: 'Panel', lastName: `${n}`, departmentId: department.body.id, roleId: role.body.id },
      });
      expect(user.status).toBe(201);
      users.push(user.body.id);
    }
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers + 2, totalDepartments: before.totalDepartments + 1 });

    for (const id of users) expect((await app.request('DELETE', `/api/user/${id}`, { token: admin })).status).toBe(204);
    expect((await app.request('DELETE', `/api/department/${department.body.id}`, { token: admin })).status).toBe(204);
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers, totalDepartments: before.totalDepartments });
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
