import { TestApp } from '@evreg/testing';

/** E-mail templates: the defaults in the five languages from the first start, CRUD with the spec's rules, one active per type,
 * placeholders checked on save, preview with sample data. */
describe('E-mail templates', () => {
  let app: TestApp;
  let admin: string;

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Confirmación nueva',
    subject: 'Tu plaza en {{eventTitle}}',
    htmlContent:
      '<p>Hola {{firstName}}, te esperamos el {{eventDate}} a las {{eventTime}}.</p><p><a href="{{cancellationUrl}}">Cancelar</a></p>',
    templateType: 0,
    ...overrides,
  });
  const create = (b: object) => app.request('POST', '/api/email-templates', { token: admin, body: b });

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app?.close());

  it('has the defaults from the first start, one active per type and language, listed by type then language', async () => {
    const res = await app.request('GET', '/api/email-templates', { token: admin });
    expect(res.status).toBe(200);
    const names = ['Confirmación de inscripción', 'Lista de espera', 'Plaza conseguida', 'Recordatorio'];
    const languages = [
      ['es', ''],
      ['ca', ' (catalán)'],
      ['eu', ' (euskera)'],
      ['gl', ' (gallego)'],
      ['en', ' (inglés)'],
    ];
    expect(
      res.body.map((t: { templateType: number; language: string; isActive: boolean; name: string }) => [
        t.templateType,
        t.language,
        t.isActive,
        t.name,
      ]),
    ).toEqual(
      names.flatMap((name, type) => languages.map(([language, suffix]) => [type, language, true, `${name}${suffix}`])),
    );
    for (const t of res.body) {
      expect(t).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        subject: expect.stringContaining('{{eventTitle}}'),
        htmlContent: expect.stringContaining('{{firstName}}'),
        plainTextContent: expect.stringContaining('{{cancellationUrl}}'),
        templateType: expect.any(Number),
        language: expect.any(String),
        isActive: true,
        updatedAt: expect.any(String),
      });
    }
    for (const t of res.body.filter((t: { templateType: number }) => t.templateType === 1))
      expect(t.htmlContent).toContain('{{queuePosition}}');
  });

  it('lists the types and answers the active template of a type', async () => {
    const types = await app.request('GET', '/api/email-templates/template-types', { token: admin });
    expect(types.body).toEqual([
      { value: 0, name: 'Registration', label: 'Confirmación de inscripción' },
      { value: 1, name: 'Queue', label: 'Lista de espera' },
      { value: 2, name: 'Promotion', label: 'Plaza conseguida desde la lista de espera' },
      { value: 3, name: 'Reminder', label: 'Recordatorio' },
    ]);
    const queue = await app.request('GET', '/api/email-templates/by-type/1', { token: admin });
    expect(queue.status).toBe(200);
    expect(queue.body).toMatchObject({ templateType: 1, isActive: true });
    const bad = await app.request('GET', '/api/email-templates/by-type/7', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('type');
  });

  it('refuses a template without name, subject, HTML or type, with Spanish messages naming each field', async () => {
    const res = await create({ name: ' ', subject: '', htmlContent: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: ['El nombre es requerido'],
      subject: ['El asunto es requerido'],
      htmlContent: ['El contenido HTML es requerido'],
      templateType: ['El tipo de plantilla es requerido (0 Registro, 1 Lista de espera, 2 Promoción, 3 Recordatorio)'],
    });
  });

  it('refuses unknown placeholders, unescaped values and broken syntax, naming the field', async () => {
    const res = await create(
      body({
        subject: 'Hola {{nombre}}',
        htmlContent: '<p>{{{firstName}}}</p>',
        plainTextContent: '{{#if firstName}}sin cerrar',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      subject: [expect.stringMatching(/^Marcador desconocido: \{\{nombre\}\}\. Disponibles: \{\{firstName\}\}, /)],
      htmlContent: [
        'Los marcadores deben escribirse con dos llaves ({{firstName}}): no se permiten tres llaves ni {{& }}',
      ],
      plainTextContent: [expect.stringMatching(/^La plantilla no es válida: error de sintaxis/)],
    });
    const [{ n }] = await app.sql(`SELECT count(*)::int AS n FROM email_templates`);
    expect(n).toBe(20);
  });

  it('a new template starts inactive: the live one of its type stays', async () => {
    const before = (await app.request('GET', '/api/email-templates/by-type/2', { token: admin })).body;
    const created = await create(body({ name: 'Sin activar', templateType: 2 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Sin activar', templateType: 2, isActive: false });
    expect((await app.request('GET', '/api/email-templates/by-type/2', { token: admin })).body.id).toBe(before.id);
    await app.request('DELETE', `/api/email-templates/${created.body.id}`, { token: admin });
  });

  it('a new active template replaces the active one of its type; an inactive one does not', async () => {
    const before = (await app.request('GET', '/api/email-templates/by-type/0', { token: admin })).body;
    const inactive = await create(body({ name: 'Borrador', isActive: false }));
    expect(inactive.status).toBe(201);
    expect((await app.request('GET', '/api/email-templates/by-type/0', { token: admin })).body.id).toBe(before.id);

    const active = await create(body({ isActive: true }));
    expect(active.status).toBe(201);
    expect(active.body).toMatchObject({
      name: 'Confirmación nueva',
      templateType: 0,
      isActive: true,
      plainTextContent: null,
    });
    expect((await app.request('GET', '/api/email-templates/by-type/0', { token: admin })).body.id).toBe(active.body.id);
    expect((await app.request('GET', `/api/email-templates/${before.id}`, { token: admin })).body.isActive).toBe(false);
  });

  it('edits a template, keeping its type', async () => {
    const created = await create(body({ name: 'Para editar', isActive: false, templateType: 2 }));
    const id = created.body.id;
    const changedType = await app.request('PUT', `/api/email-templates/${id}`, {
      token: admin,
      body: body({ templateType: 1 }),
    });
    expect(changedType.status).toBe(400);
    expect(changedType.body.errors).toEqual({ templateType: ['El tipo de plantilla no se puede cambiar al editar'] });

    const res = await app.request('PUT', `/api/email-templates/${id}`, {
      token: admin,
      body: {
        name: 'Editada',
        subject: 'Nuevo asunto {{eventTitle}}',
        htmlContent: '<p>{{firstName}}</p>',
        plainTextContent: 'Hola {{firstName}}',
        templateType: 2,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Editada',
      subject: 'Nuevo asunto {{eventTitle}}',
      plainTextContent: 'Hola {{firstName}}',
      templateType: 2,
      isActive: false,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));

    const activated = await app.request('PUT', `/api/email-templates/${id}`, {
      token: admin,
      body: { ...body({ templateType: undefined }), isActive: true },
    });
    expect(activated.body.isActive).toBe(true);
    const promotion = await app.request('GET', '/api/email-templates', { token: admin });
    expect(
      promotion.body.filter(
        (t: { templateType: number; language: string; isActive: boolean }) =>
          t.templateType === 2 && t.language === 'es' && t.isActive,
      ),
    ).toHaveLength(1);

    expect((await app.request('PUT', '/api/email-templates/99999', { token: admin, body: body() })).status).toBe(404);
  });

  it('previews unsaved content and a stored template with sample data', async () => {
    const res = await app.request('POST', '/api/email-templates/preview', {
      token: admin,
      body: {
        subject: 'Plaza en {{eventTitle}}',
        htmlContent:
          '<p>{{firstName}}: {{eventDateTime}} ({{eventTimeRange}}), {{address}}, puesto {{queuePosition}}</p>',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subject: 'Plaza en Concierto de ejemplo',
      html: '<p>María: sábado, 20 de junio de 2026, 18:00 (18:00 - 19:30), Teatro Principal, Calle Mayor 1, Madrid, puesto 3</p>',
      text: 'María: sábado, 20 de junio de 2026, 18:00 (18:00 - 19:30), Teatro Principal, Calle Mayor 1, Madrid, puesto 3',
    });
    const invalid = await app.request('POST', '/api/email-templates/preview', {
      token: admin,
      body: { subject: 'x', htmlContent: '{{dni}}' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.htmlContent[0]).toMatch(/^Marcador desconocido: \{\{dni\}\}/);

    const queue = (await app.request('GET', '/api/email-templates/by-type/1', { token: admin })).body;
    const stored = await app.request('GET', `/api/email-templates/${queue.id}/preview`, { token: admin });
    expect(stored.status).toBe(200);
    expect(stored.body.subject).toBe('Estás en la lista de espera: Concierto de ejemplo');
    expect(stored.body.html).toContain('Tu posición en la lista: <strong>3</strong>');
    expect(stored.body.html).toContain('href="http://localhost:');
    expect(stored.body.text).toContain('Tu posición en la lista: 3');
  });

  it('deletes a template; unknown ids are 404', async () => {
    const created = await create(body({ name: 'Para borrar', isActive: false }));
    const res = await app.request('DELETE', `/api/email-templates/${created.body.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Plantilla eliminada' });
    expect((await app.request('GET', `/api/email-templates/${created.body.id}`, { token: admin })).status).toBe(404);
    expect((await app.request('DELETE', `/api/email-templates/${created.body.id}`, { token: admin })).status).toBe(404);
  });

  it('needs Settings.Read to read and preview, Settings.Update to change', async () => {
    const reader = await app.staffWith(['Settings.Read']);
    expect((await app.request('GET', '/api/email-templates', { token: reader.token })).status).toBe(200);
    expect(
      (
        await app.request('POST', '/api/email-templates/preview', {
          token: reader.token,
          body: { subject: 'a', htmlContent: 'b' },
        })
      ).status,
    ).toBe(200);
    expect((await app.request('POST', '/api/email-templates', { token: reader.token, body: body() })).status).toBe(403);
    const [one] = (await app.request('GET', '/api/email-templates', { token: admin })).body;
    expect((await app.request('DELETE', `/api/email-templates/${one.id}`, { token: reader.token })).status).toBe(403);
  });
});
