import { Workbook } from 'exceljs';
import { MESSAGES } from '@evreg/contracts';
import { attendee, createSession, dni } from '@evreg/testing';
import { ApiResponse, TestApp } from '@evreg/testing';

/** A visitor's token as the booking page makes it (a UUID). */
const VISITOR = '2b7c3c2e-6f1d-4c1e-9a43-1c1b5d7f9e21';
const INVALID_JSON = { statusCode: 400, code: 'INVALID_JSON' };

/** Texts of class-validator, Nest or Node that must never reach anyone: the product answers in Spanish. */
const ENGLISH =
  /\b(must|should|expected|each value|nested property|Validation failed|Bad Request|Internal Server Error|Unexpected token|Cannot read)\b/i;

function texts(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [String(body)];
  const b = body as {
    message?: unknown;
    errors?: Record<string, unknown[]>;
    attendeeErrors?: Record<string, unknown[]>;
  };
  return [b.message, ...Object.values(b.errors ?? {}).flat(), ...Object.values(b.attendeeErrors ?? {}).flat()].map(
    String,
  );
}

/** What is wrong with an answer to hostile input, or null: a 5xx, a body without code and message, or English. */
function problem(res: ApiResponse): string | null {
  if (res.status >= 500) return `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  if (res.status >= 400) {
    if (typeof res.body !== 'object' || !res.body.code || !res.body.message)
      return `${res.status} without code or message`;
    const english = texts(res.body).find((t) => ENGLISH.test(t));
    if (english) return `${res.status} in English: ${english}`;
  }
  return null;
}

describe('Hostile and malformed bodies', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  const count = async (table: string) => (await app.sql(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  describe('nesting and size, refused while parsing', () => {
    const deep = (levels: number) => '{"name":' + '['.repeat(levels) + ']'.repeat(levels) + '}';

    it('a body nested 10,000 levels is a 400 INVALID_JSON in Spanish on public and staff routes, not a stack overflow', async () => {
      const { sessionId } = await createSession(app);
      const body = deep(10_000);
      for (const [path, token] of [
        ['/api/department', admin],
        ['/api/ticketholds', undefined],
        [`/api/events/sessions/${sessionId}/bulk-registrations`, undefined],
        ['/api/auth/login', undefined],
      ] as const) {
        const res = await app.request('POST', path, { token, rawBody: body });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 400,
          body: { ...INVALID_JSON, message: MESSAGES.generic.jsonTooDeep },
        });
      }
    });

    it('twenty such bodies at once are all refused, and the server answers a visitor right after', async () => {
      const { eventId } = await createSession(app);
      const body = deep(12_000);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => app.request('POST', '/api/ticketholds', { rawBody: body })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(400));
      const sessions = await app.request('GET', `/api/events/${eventId}/sessions`);
      expect(sessions.status).toBe(200);
      expect(sessions.body).toHaveLength(1);
    });

    it('32 levels are parsed and reach the field rules', async () => {
      const res = await app.request('POST', '/api/department', { token: admin, rawBody: deep(31) });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toHaveProperty('name');
    });

    it('a flat body with a long list or too many keys is refused the same way', async () => {
      const { sessionId } = await createSession(app);
      const tooMany = { ...INVALID_JSON, message: MESSAGES.generic.jsonTooManyItems };
      for (const item of ['{}', '1', '"a"']) {
        const list = `{"registrations":[${Array(150_000).fill(item).join(',')}]}`;
        const res = await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
          rawBody: list,
        });
        expect({ item, body: res.body }).toEqual({ item, body: tooMany });
      }
      const permissions = await app.request('POST', '/api/role', {
        token: admin,
        body: { name: 'Rol', permissionIds: Array(5_000).fill(1) },
      });
      expect(permissions.body).toEqual(tooMany);
      const keys = JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, 1])));
      const wide = await app.request('POST', '/api/department', { token: admin, rawBody: keys });
      expect(wide.body).toEqual(tooMany);
    });

    it('the long list a waiting list reorder sends is still read', async () => {
      const { sessionId } = await createSession(app);
      const res = await app.request('PUT', '/api/events/queue/reorder', {
        token: admin,
        body: { eventSessionId: sessionId, queueIds: Array.from({ length: 100_000 }, (_, i) => i + 1) },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ queueIds: [MESSAGES.booking.reorderMismatch] });
    });
  });

  describe('bodies that are not objects', () => {
    it.each(['[]', '"x"', '3', 'null', 'true'])('%s is a 400 naming the body, in Spanish', async (raw) => {
      const { sessionId } = await createSession(app);
      for (const [path, token] of [
        ['/api/department', admin],
        ['/api/ticketholds', undefined],
        [`/api/events/sessions/${sessionId}/registrations`, undefined],
      ] as const) {
        const res = await app.request('POST', path, { token, rawBody: raw });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 400,
          body: {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: MESSAGES.generic.bodyNotObject,
            errors: { body: [MESSAGES.generic.bodyNotObject] },
          },
        });
      }
    });

    it('items of a list that are not objects are named in Spanish', async () => {
      const { sessionId } = await createSession(app);
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
        body: { registrations: [1, 'x'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        'registrations.0': ['El campo "registrations.0" debe ser un objeto'],
        'registrations.1': ['El campo "registrations.1" debe ser un objeto'],
      });
    });

    it('a staff registration without formData is a 400 naming it, not a 500', async () => {
      const { sessionId } = await createSession(app, { reservedSpots: 2 });
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
        token: admin,
        body: {},
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ formData: ['Datos de la persona son requeridos'] });
      const notObject = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
        token: admin,
        body: { formData: 'Ana' },
      });
      expect(notObject.status).toBe(400);
      expect(notObject.body.errors.formData).toEqual(['Datos de la persona deben ser un objeto']);
    });
  });

  describe('values no column can store', () => {
    it('a NUL byte in any text is a 400 naming the field, and nothing is written', async () => {
      const { sessionId } = await createSession(app);
      const departments = await count('departments');
      const department = await app.request('POST', '/api/department', {
        token: admin,
        body: { name: 'Cul\u0000tura' },
      });
      expect(department.status).toBe(400);
      expect(department.body.errors).toEqual({ name: ['El campo "name" contiene caracteres no permitidos'] });

      const booking = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: attendee(1, { firstName: 'Ana\u0000' }),
      });
      expect(booking.status).toBe(400);
      expect(booking.body.errors).toEqual({ firstName: ['Nombre contiene caracteres no permitidos'] });
      // Beside the person too, as the engine's refusals are.
      expect(booking.body.attendeeErrors).toEqual({ 0: ['Nombre contiene caracteres no permitidos'] });

      const companion = await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
        body: { registrations: [attendee(2), attendee(3, { lastName: 'Ruiz\u0000' })] },
      });
      expect(companion.body.errors).toEqual({
        'registrations.1.lastName': ['Apellidos contienen caracteres no permitidos'],
      });
      expect(companion.body.attendeeErrors).toEqual({ 1: ['Apellidos contienen caracteres no permitidos'] });

      const search = await app.request('GET', '/api/events/registrations?search=a%00b', { token: admin });
      expect(search.status).toBe(400);
      expect(search.body.errors).toEqual({ search: ['El campo "search" contiene caracteres no permitidos'] });

      expect(await count('departments')).toBe(departments);
      expect(await app.sql(`SELECT id FROM registrations WHERE session_id = $1`, [sessionId])).toEqual([]);
    });

    it.each([
      ['2147483648', 'Identificador de la sesión es demasiado grande'],
      ['1e308', 'Identificador de la sesión es demasiado grande'],
      ['-2147483649', 'Identificador de la sesión es demasiado pequeño'],
    ])('a hold for session %s is a 400 naming eventSessionId', async (value, message) => {
      const holds = await count('ticket_holds');
      const res = await app.request('POST', '/api/ticketholds', {
        rawBody: `{"eventSessionId": ${value}, "sessionToken": "${VISITOR}"}`,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ eventSessionId: [message] });
      expect(await count('ticket_holds')).toBe(holds);
    });

    it('an id beyond int4 in a staff body or a query is a 400 too', async () => {
      const res = await app.request('PUT', '/api/events/queue/reorder', {
        token: admin,
        body: { eventSessionId: 1, queueIds: [1, 2_147_483_648] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'queueIds.1': ['El campo "queueIds.1" es demasiado grande'] });
      const page = await app.request('GET', '/api/events/registrations?page=1e20', { token: admin });
      expect(page.status).toBe(400);
      expect(page.body.errors).toEqual({ page: ['El campo "page" es demasiado grande'] });
    });

    it('a hold with a userId that is not a text is a 400 naming it', async () => {
      const { sessionId } = await createSession(app);
      for (const userId of [{ id: 1 }, 5, true, ['x']]) {
        const res = await app.request('POST', '/api/ticketholds', {
          body: { eventSessionId: sessionId, sessionToken: VISITOR, userId },
        });
        expect({ userId, status: res.status, errors: res.body.errors }).toEqual({
          userId,
          status: 400,
          errors: { userId: ['Usuario debe ser un texto o null'] },
        });
      }
      const ok = await app.request('POST', '/api/ticketholds', {
        body: { eventSessionId: sessionId, sessionToken: VISITOR, userId: null },
      });
      expect(ok.status).toBe(200);
    });
  });

  describe('names', () => {
    const HOSTILE_NAMES: [string, string][] = [
      ['a line break', 'Ana\r\nBcc: otro@example.com'],
      ['a line feed', 'Ana\nGarcía'],
      ['a tab', 'Ana\tGarcía'],
      ['only zero-width characters', '\u200b\u200c\u200d\ufeff'],
    ];

    it.each(HOSTILE_NAMES)(
      'a public booking with %s in a name is refused per attendee, nothing written',
      async (_case, name) => {
        const { sessionId } = await createSession(app);
        const first = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: attendee(10, { firstName: name }),
        });
        expect(first.status).toBe(400);
        expect(first.body.attendeeErrors).toEqual({ 0: [MESSAGES.booking.firstNameInvalid] });
        const last = await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
          body: { registrations: [attendee(11), attendee(12, { lastName: name })] },
        });
        expect(last.status).toBe(400);
        expect(last.body.attendeeErrors).toEqual({ 1: [MESSAGES.booking.lastNameInvalid] });
        expect(await app.sql(`SELECT id FROM registrations WHERE session_id = $1`, [sessionId])).toEqual([]);
      },
    );

    it('staff forms refuse them too, naming the field', async () => {
      const { sessionId } = await createSession(app, { maxAttendees: 1, reservedSpots: 1, maxQueueSpots: 2 });
      const seated = await app.request('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
        token: admin,
        body: { formData: attendee(20) },
      });
      expect(seated.status).toBe(200);
      const registrationId = seated.body.id;
      const queued = await app.request(
        'POST',
        `/api/events/sessions/${sessionId}/admin-registrations?forceQueue=true`,
        { token: admin, body: { formData: attendee(21) } },
      );
      expect(queued.status).toBe(200);
      const [{ id: waitingEntryId }] = await app.sql(
        `SELECT id FROM registrations WHERE session_id = $1 AND state = 2`,
        [sessionId],
      );
      const department = await app.request('POST', '/api/department', { token: admin, body: { name: 'Nombres' } });
      const roles = await app.request('GET', '/api/role', { token: admin });

      for (const [, name] of HOSTILE_NAMES) {
        const manual = await app.request(
          'POST',
          `/api/events/sessions/${sessionId}/admin-registrations?forceQueue=true`,
          { token: admin, body: { formData: attendee(22, { firstName: name }) } },
        );
        expect(manual.status).toBe(400);
        expect(manual.body.attendeeErrors).toEqual({ 0: [MESSAGES.booking.firstNameInvalid] });

        const update = await app.request('PUT', `/api/events/registrations/${registrationId}`, {
          token: admin,
          body: { firstName: 'Ana', lastName: name, email: 'persona20@example.com', userTaxId: dni(20) },
        });
        expect(update.status).toBe(400);
        expect(update.body.errors).toEqual({ lastName: [MESSAGES.booking.lastNameInvalid] });

        const queue = await app.request('PUT', `/api/events/queue/${waitingEntryId}`, {
          token: admin,
          body: { firstName: name, lastName: 'Ruiz', email: 'persona21@example.com', userTaxId: dni(21) },
        });
        expect(queue.status).toBe(400);
        expect(queue.body.errors).toEqual({ firstName: [MESSAGES.booking.firstNameInvalid] });

        const user = await app.request('POST', '/api/user', {
          token: admin,
          body: {
            email: 'nuevo@example.com',
            firstName: name,
            lastName: 'Ruiz',
            departmentId: department.body.id,
            roleId: roles.body[0].id,
          },
        });
        expect(user.status).toBe(400);
        expect(user.body.errors).toEqual({ firstName: [MESSAGES.booking.firstNameInvalid] });
      }
      const people = await app.sql(
        `SELECT first_name, last_name FROM registrations WHERE session_id = $1 ORDER BY id`,
        [sessionId],
      );
      expect(people).toEqual([
        { first_name: 'Nombre20', last_name: 'Apellido 20' },
        { first_name: 'Nombre21', last_name: 'Apellido 21' },
      ]);
      expect(await app.sql(`SELECT id FROM users WHERE email = 'nuevo@example.com'`)).toEqual([]);
    });
  });

  describe('session tokens', () => {
    const SHORT = 'tok-a';

    it('a hold with a token shorter than 16 characters is a 400 naming sessionToken; 16 are enough', async () => {
      const { sessionId } = await createSession(app);
      for (const sessionToken of [SHORT, 'a'.repeat(15), 'a'.repeat(101), 'con espacios y más']) {
        const res = await app.request('POST', '/api/ticketholds', {
          body: { eventSessionId: sessionId, sessionToken },
        });
        expect({ sessionToken, status: res.status, errors: res.body.errors }).toEqual({
          sessionToken,
          status: 400,
          errors: { sessionToken: [MESSAGES.booking.sessionTokenInvalid] },
        });
      }
      expect(await app.sql(`SELECT id FROM ticket_holds WHERE session_id = $1`, [sessionId])).toEqual([]);
      expect(
        (
          await app.request('POST', '/api/ticketholds', {
            body: { eventSessionId: sessionId, sessionToken: 'a'.repeat(16) },
          })
        ).status,
      ).toBe(200);
    });

    it('a short X-Session-Token is a 400 naming the header on every route that reads it', async () => {
      const { eventId, sessionId } = await createSession(app);
      const headers = { 'x-session-token': SHORT };
      const answers = [
        await app.request('POST', '/api/ticketholds/expire', { headers }),
        await app.request('GET', `/api/events/${eventId}/sessions`, { headers }),
        await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, { headers, body: attendee(30) }),
        await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
          headers,
          body: { registrations: [attendee(31)] },
        }),
      ];
      for (const res of answers) {
        expect({ status: res.status, errors: res.body.errors }).toEqual({
          status: 400,
          errors: { 'X-Session-Token': [MESSAGES.booking.sessionTokenInvalid] },
        });
      }
      expect(await app.sql(`SELECT id FROM registrations WHERE session_id = $1`, [sessionId])).toEqual([]);
      const missing = await app.request('POST', '/api/ticketholds/expire');
      expect(missing.body.errors).toEqual({ 'X-Session-Token': [MESSAGES.booking.sessionTokenRequired] });
      expect(
        (await app.request('POST', '/api/ticketholds/expire', { headers: { 'x-session-token': VISITOR } })).status,
      ).toBe(200);
      expect(
        (await app.request('GET', `/api/events/${eventId}/sessions`, { headers: { 'x-session-token': VISITOR } }))
          .status,
      ).toBe(200);
    });
  });

  it('the waiting list export shows a formula-like name as text with a leading apostrophe', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 2 });
    expect(
      (await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, { body: attendee(40) })).status,
    ).toBe(201);
    const queued = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: attendee(41, { firstName: '=HYPERLINK("http://malo.example","Pulsa")', lastName: '@SUMA(A1:A9)' }),
    });
    expect(queued.body.queued).toBe(true);
    const response = await fetch(`${app.baseUrl}/api/events/queue/session/${sessionId}/export`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const workbook = new Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Lista de espera')!.getRow(2);
    expect([row.getCell(2).value, row.getCell(3).value]).toEqual([
      `'=HYPERLINK("http://malo.example","Pulsa")`,
      "'@SUMA(A1:A9)",
    ]);
  });

  /** Every JSON route of the OpenAPI document gets hostile bodies and hostile values in each field, every path
   * parameter hostile ids, every query parameter hostile values: none may answer 5xx or English. */
  describe('sweep of every route', () => {
    type Schema = {
      $ref?: string;
      type?: string;
      properties?: Record<string, Schema>;
      example?: unknown;
      items?: Schema;
      allOf?: Schema[];
    };
    type Operation = {
      parameters?: { name: string; in: string }[];
      requestBody?: { content?: Record<string, { schema?: Schema }> };
    };
    let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

    beforeAll(async () => {
      doc = (await app.request('GET', '/api/docs-json')).body;
    });

    const resolve = (schema: Schema | undefined): Schema => {
      if (!schema) return {};
      if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()!]);
      if (schema.allOf)
        return schema.allOf
          .map(resolve)
          .reduce((all, s) => ({ ...all, properties: { ...all.properties, ...s.properties } }), {} as Schema);
      return schema;
    };
    const plausible = (schema: Schema): unknown => {
      const s = resolve(schema);
      if (s.example !== undefined) return s.example;
      if (s.type === 'integer' || s.type === 'number') return 1;
      if (s.type === 'boolean') return true;
      if (s.type === 'array') return [];
      if (s.type === 'object' || s.properties)
        return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
      return 'Texto';
    };
    /** Raw JSON texts, so that 1e308 and -0 travel as written. */
    const HOSTILE_VALUES = [
      '"a\\u0000b"',
      '2147483648',
      '-2147483649',
      '1e308',
      '1.5',
      '"x\\r\\ny"',
      '"\\u200b\\u200b"',
      '""',
      `"${'x'.repeat(5_000)}"`,
      'null',
      'true',
      '{}',
      '{"__proto__":{"x":1}}',
      '[]',
      '[1,"x",null,{}]',
      '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
    ];
    const HOSTILE_BODIES = [
      '[]',
      '"x"',
      '3',
      'null',
      '{}',
      '{"__proto__":{"admin":true}}',
      '{"a":' + '['.repeat(5_000) + ']'.repeat(5_000) + '}',
    ];
    const HOSTILE_PARAMS = [
      '2147483648',
      '99999999999999999999',
      '-1',
      '1.5',
      '1e308',
      '%00',
      'a%0D%0Ab',
      'x'.repeat(300),
    ];
    const operations = () =>
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
    const withParams = (path: string, value = '1') => path.replace(/\{[^}]+\}/g, value);

    it('JSON bodies and field values', async () => {
      const found: string[] = [];
      let sent = 0;
      for (const { path, method, op } of operations()) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        // A fresh session per route: a logout or a password change in the sweep must not end the others.
        const token = await app.adminToken();
        const url = withParams(path);
        const send = async (label: string, rawBody: string) => {
          sent++;
          const res = await app.request(method, url, { token, rawBody, headers: { 'x-session-token': VISITOR } });
          const wrong = problem(res);
          if (wrong) found.push(`${method} ${path} ${label}: ${wrong}`);
        };
        for (const body of HOSTILE_BODIES) await send(`body ${body.slice(0, 20)}`, body);
        const base = plausible(schema) as Record<string, unknown>;
        for (const field of Object.keys(resolve(schema).properties ?? {})) {
          for (const value of HOSTILE_VALUES) {
            const others = JSON.stringify({ ...base, [field]: '__VALUE__' });
            await send(`${field}=${value.slice(0, 20)}`, others.replace('"__VALUE__"', value));
          }
        }
      }
      expect(sent).toBeGreaterThan(500);
      expect(found).toEqual([]);
    }, 600_000);

    it('path parameters and query parameters', async () => {
      const found: string[] = [];
      const token = await app.adminToken();
      for (const { path, method, op } of operations()) {
        if (method === 'DELETE' && !path.includes('{')) continue;
        const check = async (label: string, url: string) => {
          const res = await app.request(method, url, {
            token,
            ...(['POST', 'PUT'].includes(method) ? { body: {} } : {}),
          });
          const wrong = problem(res);
          if (wrong) found.push(`${method} ${label}: ${wrong}`);
        };
        if (path.includes('{'))
          for (const value of HOSTILE_PARAMS) await check(`${path} = ${value.slice(0, 20)}`, withParams(path, value));
        if (method === 'GET') {
          for (const param of (op.parameters ?? []).filter((p) => p.in === 'query')) {
            for (const value of HOSTILE_PARAMS)
              await check(`${path} ?${param.name}=${value.slice(0, 20)}`, `${withParams(path)}?${param.name}=${value}`);
          }
        }
      }
      expect(found).toEqual([]);
    }, 600_000);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain http, whatever X-Forwarded-Proto says without TRUST_PROXY', async () => {
    const app = await TestApp.start();
    try {
      for (const path of ['/', '/api/health', '/admin/users']) {
        expect((await app.request('GET', path)).headers.get('strict-transport-security')).toBeNull();
        expect(
          (await app.request('GET', path, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
            'strict-transport-security',
          ),
        ).toBeNull();
      }
      // The other security headers stay.
      expect((await app.request('GET', '/')).headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await app.close();
    }
  });

  it('is sent behind TRUST_PROXY when the proxy says the visitor came over https, on pages, API answers and errors', async () => {
    const app = await TestApp.start({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      for (const [method, path] of [
        ['GET', '/'],
        ['GET', '/api/health'],
        ['GET', '/api/no-existe'],
        ['POST', '/api/ticketholds'],
      ]) {
        const res = await app.request(method, path, { headers: https, ...(method === 'POST' ? { rawBody: '{' } : {}) });
        expect({ path, hsts: res.headers.get('strict-transport-security') }).toEqual({
          path,
          hsts: 'max-age=31536000; includeSubDomains',
        });
      }
      expect(
        (await app.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'http' } })).headers.get(
          'strict-transport-security',
        ),
      ).toBeNull();
      expect((await app.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await app.close();
    }
  });
});
