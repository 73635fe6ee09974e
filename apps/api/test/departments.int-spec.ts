import { TestApp } from '@evreg/testing';

const LENGTH = 'El nombre del departamento debe tener entre 2 y 100 caracteres';
const REQUIRED = 'El nombre del departamento es requerido';
const TAKEN = 'Ya existe un departamento con ese nombre';
const NOT_FOUND = { statusCode: 404, code: 'NOT_FOUND', message: 'Departamento no encontrado' };

describe('Departments (/api/department)', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  async function create(name: string) {
    const res = await app.request('POST', '/api/department', { token: admin, body: { name } });
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string };
  }

  async function rows() {
    return app.sql<{ id: number; name: string }>(`SELECT id, name FROM departments ORDER BY id`);
  }

  it('creates, reads, renames and deletes a department, trimming the name', async () => {
    const created = await app.request('POST', '/api/department', { token: admin, body: { name: '  Cultura  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Cultura' });
    const { id } = created.body;
    expect(await app.sql(`SELECT name FROM departments WHERE id = $1`, [id])).toEqual([{ name: 'Cultura' }]);

    const one = await app.request('GET', `/api/department/${id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id, name: 'Cultura' });

    const renamed = await app.request('PUT', `/api/department/${id}`, {
      token: admin,
      body: { name: ' Cultura y Festejos ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, name: 'Cultura y Festejos' });
    expect((await app.request('GET', `/api/department/${id}`, { token: admin })).body.name).toBe('Cultura y Festejos');

    const deleted = await app.request('DELETE', `/api/department/${id}`, { token: admin });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect((await app.request('GET', `/api/department/${id}`, { token: admin })).status).toBe(404);
    expect(await app.sql(`SELECT 1 FROM departments WHERE id = $1`, [id])).toEqual([]);
  });

  it('lists departments by name, ignoring case, and searches them', async () => {
    const names = ['zoología', 'Atención Ciudadana', 'Medio Ambiente', 'biblioteca'];
    for (const name of names) await create(name);
    const list = await app.request('GET', '/api/department', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength((await rows()).length);
    const listed = list.body.map((d: { name: string }) => d.name).filter((name: string) => names.includes(name));
    expect(listed).toEqual(['Atención Ciudadana', 'biblioteca', 'Medio Ambiente', 'zoología']);

    const search = await app.request('GET', `/api/department?search=${encodeURIComponent('AMBIENTE')}`, {
      token: admin,
    });
    expect(search.body.map((d: { name: string }) => d.name)).toEqual(['Medio Ambiente']);
    expect((await app.request('GET', '/api/department?search=ninguno-asi', { token: admin })).body).toEqual([]);
  });

  it('accepts 2 to 100 characters after trimming, and refuses the rest in Spanish without writing', async () => {
    expect((await create('AB')).name).toBe('AB');
    expect((await create('x'.repeat(100))).name).toBe('x'.repeat(100));
    const existing = await create('Juventud');
    const before = await rows();

    const cases: [unknown, string][] = [
      ['A', LENGTH],
      ['   B   ', LENGTH],
      ['y'.repeat(101), LENGTH],
      [`  ${'z'.repeat(101)}  `, LENGTH],
      ['', REQUIRED],
      ['    ', REQUIRED],
      [undefined, REQUIRED],
      [null, REQUIRED],
    ];
    for (const [name, message] of cases) {
      for (const [method, path] of [
        ['POST', '/api/department'],
        ['PUT', `/api/department/${existing.id}`],
      ]) {
        const res = await app.request(method, path, { token: admin, body: name === undefined ? {} : { name } });
        expect({ method, name, status: res.status, body: res.body }).toEqual({
          method,
          name,
          status: 400,
          body: { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { name: [message] } },
        });
      }
    }
    // A trimmed name of 100 characters fits.
    expect((await create(`  ${'w'.repeat(100)}  `)).name).toBe('w'.repeat(100));
    expect((await rows()).filter((r) => !r.name.startsWith('w'))).toEqual(before);
  });

  it('refuses a name already in use whatever its case (409), on create and rename', async () => {
    const deportes = await create('Deportes');
    const turismo = await create('Turismo');
    const before = await rows();
    for (const name of ['deportes', ' DEPORTES ', 'DePoRtEs']) {
      const res = await app.request('POST', '/api/department', { token: admin, body: { name } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: TAKEN, errors: { name: [TAKEN] } });
    }
    const rename = await app.request('PUT', `/api/department/${turismo.id}`, {
      token: admin,
      body: { name: 'deportes' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.errors).toEqual({ name: [TAKEN] });
    expect(await rows()).toEqual(before);

    // Changing only the case of its own name is not a clash.
    const recased = await app.request('PUT', `/api/department/${deportes.id}`, {
      token: admin,
      body: { name: 'DEPORTES' },
    });
    expect(recased.status).toBe(200);
    expect(recased.body).toEqual({ id: deportes.id, name: 'DEPORTES' });
  });

  it('refuses (409) to delete a department while users belong to it', async () => {
    const department = await create('Hacienda');
    const other = await create('Urbanismo');
    const role = (
      await app.request('POST', '/api/role', { token: admin, body: { name: 'Sin permisos', permissionIds: [] } })
    ).body;
    const user = await app.request('POST', '/api/user', {
      token: admin,
      body: {
        email: 'hacienda@example.com',
        firstName: 'Hilario',
        lastName: 'Hacienda',
        departmentId: department.id,
        roleId: role.id,
      },
    });
    expect(user.status).toBe(201);

    const refused = await app.request('DELETE', `/api/department/${department.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'El departamento tiene asignados a Hilario Hacienda: reasígnalos antes de eliminarlo',
    });
    expect((await app.request('GET', `/api/department/${department.id}`, { token: admin })).body).toEqual(department);
    expect((await app.request('GET', `/api/user/${user.body.id}`, { token: admin })).body.departmentName).toBe(
      'Hacienda',
    );

    // Once the user moves elsewhere, it can go.
    const moved = await app.request('PUT', `/api/user/${user.body.id}`, {
      token: admin,
      body: { email: 'hacienda@example.com', firstName: 'Hilario', lastName: 'Hacienda', departmentId: other.id },
    });
    expect(moved.status).toBe(200);
    expect((await app.request('DELETE', `/api/department/${department.id}`, { token: admin })).status).toBe(204);
  });

  it('answers 404 for an unknown department and a 400 naming id for a malformed one', async () => {
    const before = await rows();
    for (const [method, body] of [['GET'], ['PUT', { name: 'Fantasma' }], ['DELETE']] as [string, unknown?][]) {
      const unknown = await app.request(method, '/api/department/999999', { token: admin, body });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NOT_FOUND);

      for (const id of ['abc', '1.5']) {
        const malformed = await app.request(method, `/api/department/${id}`, { token: admin, body });
        expect(malformed.status).toBe(400);
        expect(malformed.body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(malformed.body.errors)).toEqual(['id']);
      }
    }
    expect(await rows()).toEqual(before);
  });

  it('needs Departments.Read, .Create, .Update and .Delete for each action', async () => {
    const target = await create('Protegido');
    const reader = await app.staffWith(['Departments.Read']);
    expect((await app.request('GET', '/api/department', { token: reader.token })).status).toBe(200);
    expect((await app.request('GET', `/api/department/${target.id}`, { token: reader.token })).status).toBe(200);
    const before = await rows();
    expect(
      (await app.request('POST', '/api/department', { token: reader.token, body: { name: 'Intruso' } })).status,
    ).toBe(403);
    expect(
      (await app.request('PUT', `/api/department/${target.id}`, { token: reader.token, body: { name: 'Intruso' } }))
        .status,
    ).toBe(403);
    expect((await app.request('DELETE', `/api/department/${target.id}`, { token: reader.token })).status).toBe(403);
    expect(await rows()).toEqual(before);

    const writer = await app.staffWith(['Departments.Create', 'Departments.Update', 'Departments.Delete']);
    expect((await app.request('GET', '/api/department', { token: writer.token })).status).toBe(403);
    const made = await app.request('POST', '/api/department', {
      token: writer.token,
      body: { name: 'Hecho por escritor' },
    });
    expect(made.status).toBe(201);
    expect(
      (await app.request('PUT', `/api/department/${made.body.id}`, { token: writer.token, body: { name: 'Rehecho' } }))
        .status,
    ).toBe(200);
    expect((await app.request('DELETE', `/api/department/${made.body.id}`, { token: writer.token })).status).toBe(204);
    expect((await app.request('GET', '/api/department')).status).toBe(401);
  });
});
