import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { attendee, createSession } from '@evreg/testing';
import { casts, compile } from './support/generated-client';
import { redoclyProblems, requestDefaults } from './support/redocly-lint';
import { TestApp } from '@evreg/testing';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const OPENAPI_TYPESCRIPT = join(ROOT, 'node_modules/openapi-typescript/bin/cli.js');
/** No telemetry, no update notice: the tools only read the file they are given. */
const TOOL_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

type Operation = {
  parameters?: { name: string; in: string }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  'x-access'?: string;
};

/** The contract as an integrator meets it (docs/architecture.md, "The contract"): the served document passes
 * Redocly's recommended rules, and a client generated from it compiles and works. */
describe('The OpenAPI contract', () => {
  let app: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  let dir: string;
  let docFile: string;

  beforeAll(async () => {
    app = await TestApp.start();
    doc = (await app.request('GET', '/api/docs-json')).body;
    dir = mkdtempSync(join(tmpdir(), 'evreg-openapi-'));
    // The generated client and the scenario resolve openapi-fetch and the Node types from the workspace.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    docFile = join(dir, 'openapi.json');
    writeFileSync(docFile, JSON.stringify(doc, null, 2));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op })),
    );

  it("passes CI's `redocly lint` with no error and no warning (the exceptions listed and explained)", async () => {
    // apps/api/openapi-lint/: the recommended rules plus a tag and a description on every operation; its ignore
    // file lists the specification's URLs with a literal segment beside a parameter, the health probes (no 4xx)
    // and the licence's missing URL (docs/architecture.md, "The contract").
    expect(await redoclyProblems(dir, doc)).toEqual([]);
  });

  it('carries no `default` in what a request body reaches (generators would make those fields required)', () => {
    expect(requestDefaults(doc)).toEqual([]);
  });

  it('says which calls need a token, names each header once, and types every answer', () => {
    const problems: string[] = [];
    for (const { label, op } of operations()) {
      // Public calls need no token; the event also answers staff more with one (optional); refresh takes the
      // refresh token as its bearer token.
      if (op['x-access'] === 'public') {
        const expected =
          label === 'GET /api/events/{id}' || label === 'GET /api/events'
            ? [{}, { bearer: [] }]
            : label === 'POST /api/auth/refresh'
              ? [{ refreshToken: [] }]
              : [];
        if (JSON.stringify(op.security) !== JSON.stringify(expected))
          problems.push(`${label}: security ${JSON.stringify(op.security)}`);
      } else if (JSON.stringify(op.security) !== JSON.stringify([{ bearer: [] }])) {
        problems.push(`${label}: security ${JSON.stringify(op.security)}`);
      }
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
      if (new Set(headers).size !== headers.length) problems.push(`${label}: header repeated ${headers}`);
      if (headers.includes('authorization')) problems.push(`${label}: Authorization as a parameter`);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2') || status === '204') continue;
        const schemas = Object.values(response.content ?? {}).map((c) => c.schema);
        if (!schemas.length || schemas.some((s) => !s)) problems.push(`${label}: ${status} without a schema`);
      }
    }
    expect(problems).toEqual([]);
    // One spelling of the visitor's header everywhere.
    const sessionHeaders = new Set(
      operations().flatMap(({ op }) =>
        (op.parameters ?? []).filter((p) => p.name.toLowerCase() === 'x-session-token').map((p) => p.name),
      ),
    );
    expect([...sessionHeaders]).toEqual(['X-Session-Token']);
  });

  it('answers what it documents: every field of real answers has its documented type, and none is undocumented', async () => {
    const token = await app.adminToken();
    const { eventId, sessionId } = await createSession(app, { reservedSpots: 1, maxAttendees: 3 });
    const visitor = 'visitante-del-contrato-01';
    const problems: string[] = [];
    const call = async (method: string, path: string, url: string, options: Parameters<TestApp['request']>[2] = {}) => {
      const res = await app.request(method, url, options);
      const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(res.status)];
      if (!response) problems.push(`${method} ${path}: ${res.status} not documented`);
      else
        schemaProblems(
          doc,
          response.content?.['application/json']?.schema,
          res.body,
          `${method} ${path} ${res.status}`,
          problems,
        );
      return res;
    };
    const registrations = '/api/events/sessions/{eventSessionId}/registrations';
    await call('POST', '/api/ticketholds', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken: visitor, numberOfSpots: 1, userId: null },
    });
    await call('POST', '/api/ticketholds', '/api/ticketholds', {
      body: { eventSessionId: 2_000_000, sessionToken: visitor, numberOfSpots: 1, userId: null },
    });
    const url = `/api/events/sessions/${sessionId}/registrations`;
    const headers = { 'x-session-token': visitor };
    const registered = await call('POST', registrations, url, { body: attendee(1), headers });
    await call('POST', registrations, url, { body: attendee(1) });
    await call('POST', registrations, url, { body: attendee(2, { userTaxId: '1' }) });
    await call('POST', registrations, url, { body: { firstName: 3 } });
    await call('POST', '/api/ticketholds/expire', '/api/ticketholds/expire', { headers });
    const manual = '/api/events/sessions/{id}/admin-registrations';
    const manualUrl = `/api/events/sessions/${sessionId}/admin-registrations`;
    await call('POST', manual, manualUrl, { token, body: { eventSessionId: sessionId, formData: attendee(3) } });
    await call('POST', manual, manualUrl, { token, body: { eventSessionId: sessionId, formData: attendee(4) } });
    const id = registered.body.id;
    await call('PUT', '/api/events/registrations/{id}', `/api/events/registrations/${id}`, {
      token,
      body: { ...attendee(1), telephoneNumber: null, confirmEmail: undefined, gdprConsent: undefined },
    });
    // An API token: its creation (the token shown once, an expiry), a refusal, and the list below.
    await call('POST', '/api/api-tokens', '/api/api-tokens', {
      token,
      body: { name: 'Contrato', permissions: ['Events.Read'], expiresAt: '2099-01-01T00:00:00.000Z' },
    });
    await call('POST', '/api/api-tokens', '/api/api-tokens', { token, body: { name: 'Contrato', permissions: [] } });
    for (const [path, concrete] of [
      ['/api/api-tokens', '/api/api-tokens'],
      ['/api/events/{id}', `/api/events/${eventId}`],
      ['/api/events/{eventId}/sessions', `/api/events/${eventId}/sessions?showEventDetails=true`],
      [registrations, url],
      ['/api/events/registrations', '/api/events/registrations'],
      ['/api/events/queue/session/{id}', `/api/events/queue/session/${sessionId}`],
      ['/api/events', '/api/events'],
      ['/api/events', '/api/events?page=1&pageSize=5&sort=title'],
      ['/api/user', '/api/user'],
      ['/api/user', '/api/user?page=1&pageSize=5&sort=lastName&order=desc'],
      ['/api/user/me', '/api/user/me'],
      ['/api/role', '/api/role'],
      ['/api/settings', '/api/settings'],
      ['/api/email-templates', '/api/email-templates'],
      ['/api/email-logs', '/api/email-logs'],
      ['/api/admin/dashboard/stats', '/api/admin/dashboard/stats'],
    ]) {
      await call('GET', path, concrete, { token });
    }
    await call('GET', '/api/events/{id}', `/api/events/${eventId}`);
    await call('GET', '/api/events', '/api/events?public=true&pageSize=5');
    await call('GET', '/api/events', '/api/events?sort=nombre', { token });
    expect(problems).toEqual([]);
  });

  it('gives a generated client (openapi-typescript + openapi-fetch) what an integrator writes, under tsc --strict, and it works', async () => {
    const schemaFile = join(dir, 'schema.d.ts');
    await run(process.execPath, [OPENAPI_TYPESCRIPT, docFile, '--output', schemaFile], { cwd: dir, env: TOOL_ENV });
    const schema = readFileSync(schemaFile, 'utf8');
    // The fields the document used to get wrong, as the generated types now say them.
    expect(schema).toMatch(/telephoneNumber\?: string \| null;/);
    const scenarioFile = join(dir, 'scenario.ts');
    copyFileSync(join(__dirname, 'openapi-client/scenario.ts'), scenarioFile);

    // Written the natural way: no `as`, no `<T>x`, no `!`, no `any`; and it compiles under `tsc --strict`.
    expect(casts(scenarioFile)).toEqual([]);
    expect(compile(dir, scenarioFile)).toBe('');

    // Run against the API: a staff member with just the permissions the scenario needs, a session with one
    // reserved seat and a waiting list. The Authorization and X-Session-Token headers would arrive joined
    // ("a, a") if the client sent them twice, and be refused: the run succeeding shows each went once.
    const staff = await app.staffWith(['Registrations.Create', 'Registrations.Update']);
    const { sessionId } = await createSession(app, { maxAttendees: 10, reservedSpots: 1, maxQueueSpots: 5 });
    const { stdout } = await run(process.execPath, [join(dir, 'out/scenario.js')], {
      cwd: dir,
      env: {
        ...process.env,
        API_URL: app.baseUrl,
        SESSION_ID: String(sessionId),
        STAFF_EMAIL: staff.email,
        STAFF_PASSWORD: staff.password,
      },
    });
    const seen = JSON.parse(stdout);
    expect(seen).toEqual({
      refreshedExpiresAt: expect.any(String),
      holdExpiresAt: expect.any(String),
      registration: { id: expect.any(Number), queued: false, queuePosition: null },
      duplicate: {
        status: 409,
        code: 'DUPLICATE_REGISTRATION',
        title: 'Inscripción no realizada',
        attendeeErrors: { '0': expect.arrayContaining([expect.any(String)]) },
      },
      invalid: { status: 400, title: 'Error de validación', firstPerson: expect.arrayContaining([expect.any(String)]) },
      held: true,
      released: { success: true, message: 'Reserva liberada', released: expect.any(Number) },
      seated: { id: expect.any(Number), queued: false, queuePosition: null },
      confirmation: { requiresConfirmation: true, currentQueueCount: 0 },
      queued: { id: expect.any(Number), queued: true, queuePosition: 1 },
      phone: '699888777',
    });
    expect(seen.released.released).toBeGreaterThan(0);
    const [row] = await app.sql(`SELECT telephone_number FROM registrations WHERE id = $1`, [seen.registration.id]);
    expect(row.telephone_number).toBe('699888777');
    const holds = await app.sql(`SELECT count(*)::int AS n FROM ticket_holds WHERE session_id = $1`, [sessionId]);
    expect(holds[0].n).toBe(0);
  }, 120_000);
});

type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
};

/** A small check of an answer against its OpenAPI 3.0 schema (the keywords the document uses), also reporting
 * fields the schema doesn't name. */
function schemaProblems(doc: any, schema: Schema | undefined, value: unknown, at: string, problems: string[]): void {
  const s: Schema | undefined = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
  if (!s) {
    problems.push(`${at}: no schema`);
    return;
  }
  if (s.oneOf) {
    const matches = s.oneOf.filter((option) => {
      const found: string[] = [];
      schemaProblems(doc, option, value, at, found);
      return found.length === 0;
    });
    if (matches.length !== 1) problems.push(`${at}: matches ${matches.length} of oneOf`);
    return;
  }
  if (value === null) {
    if (!s.nullable) problems.push(`${at}: null, not nullable`);
    return;
  }
  const type = Array.isArray(value) ? 'array' : typeof value;
  const fits =
    s.type === undefined ||
    (s.type === 'integer' ? Number.isInteger(value) : s.type === type || (s.type === 'object' && type === 'object'));
  if (!fits) problems.push(`${at}: ${type}, documented ${s.type}`);
  if (s.enum && !s.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(s.enum)}`);
  if (Array.isArray(value) && s.items)
    value.forEach((item, i) => schemaProblems(doc, s.items, item, `${at}[${i}]`, problems));
  if (type === 'object' && s.properties) {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (s.properties[key]) schemaProblems(doc, s.properties[key], item, `${at}.${key}`, problems);
      else if (!s.additionalProperties) problems.push(`${at}.${key}: not documented`);
    }
    for (const key of s.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: required, absent`);
  }
}
