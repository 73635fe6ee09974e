import { Controller, Get } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { PERMISSIONS } from '@evreg/contracts';
import { RoutePolicyCheck } from '../src/modules/auth/route-policy.check';
import { TestApp } from '@evreg/testing';

interface Operation {
  method: string;
  path: string;
  access?: string;
  permissions?: string[];
  staffSessionOnly?: boolean;
}

/** Every route of the OpenAPI documents, which list every controller route of the application: the apps' and the
 * integrators' (/api/v1). */
async function routeTable(app: TestApp): Promise<Operation[]> {
  const docs = [
    (await app.request('GET', '/api/docs-json')).body,
    (await app.request('GET', '/api/v1/openapi.json')).body,
  ];
  const operations: Operation[] = [];
  for (const [path, item] of docs.flatMap((doc) => Object.entries<Record<string, any>>(doc.paths))) {
    for (const [method, op] of Object.entries<any>(item)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        access: op['x-access'],
        permissions: op['x-permissions'],
        staffSessionOnly: op['x-staff-session-only'] === true,
      });
    }
  }
  return operations;
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('Access control, generated from the route table', () => {
  let app: TestApp;
  let operations: Operation[];
  let noPermissions: string;

  beforeAll(async () => {
    app = await TestApp.start();
    operations = await routeTable(app);
    noPermissions = (await app.staffWith([])).token;
  });
  afterAll(() => app.close());

  it('documents every route with its access policy', () => {
    expect(operations.length).toBeGreaterThan(25);
    const undeclared = operations.filter((op) => op.access !== 'public' && op.access !== 'authenticated');
    expect(undeclared).toEqual([]);
    // Only these are open to the public; anything else showing up here must be a deliberate decision.
    const open = operations
      .filter((op) => op.access === 'public')
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    expect(open).toEqual([
      // Door links: the token in the path is the credential (one session's check-in, until revoked or the session ends).
      'GET /api/door/{token}',
      'GET /api/door/{token}/attendance',
      'GET /api/door/{token}/offline-list',
      // The public list for integrators (?public=true; otherwise Events.Read, checked by the handler).
      'GET /api/events',
      // The booking page: the event (drafts too, for preview) and its sessions with live counts.
      // A session's calendar file (no personal data), linked from the booking page.
      'GET /api/events/sessions/{sessionId}/calendar.ics',
      'GET /api/events/{eventId}/sessions',
      'GET /api/events/{id}',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      // Booking engine: cancellation link from the e-mail.
      'GET /api/registrations/cancellation/{token}',
      // A ticket's QR image: the code in the path is the credential (the person's own ticket, while it is valid).
      'GET /api/tickets/{code}/qr.png',
      'POST /api/auth/login',
      'POST /api/auth/refresh',
      'POST /api/door/{token}/check-ins',
      'POST /api/door/{token}/check-ins/sync',
      'POST /api/door/{token}/check-ins/{checkInId}/undo',
      // Booking engine: registration, holds.
      'POST /api/events/sessions/{eventSessionId}/bulk-registrations',
      'POST /api/events/sessions/{eventSessionId}/registrations',
      'POST /api/registrations/cancellation/{token}',
      'POST /api/ticketholds',
      'POST /api/ticketholds/expire',
    ]);
  });

  it('refuses every non-public route without a token (401) and with a wrong one (401)', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.access === 'authenticated')) {
      // A made-up access token, and a made-up API token (docs/domain.md, "API tokens").
      for (const token of [undefined, 'token-falso', `evr_${'x'.repeat(43)}`]) {
        const res = await app.request(op.method, concrete(op.path), {
          token,
          body: ['POST', 'PUT'].includes(op.method) ? {} : undefined,
        });
        if (res.status !== 401 || res.body.code !== 'UNAUTHORIZED')
          failures.push(`${op.method} ${op.path} (${token ?? 'sin token'}): ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every permission-guarded route to a signed-in user lacking the permission (403)', async () => {
    const guarded = operations.filter((o) => o.access === 'authenticated' && o.permissions?.length);
    expect(guarded.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const op of guarded) {
      const res = await app.request(op.method, concrete(op.path), {
        token: noPermissions,
        body: ['POST', 'PUT'].includes(op.method) ? {} : undefined,
      });
      if (res.status !== 403 || res.body.code !== 'FORBIDDEN') failures.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets a signed-in user without permissions reach exactly the login-only routes', async () => {
    const loginOnly = operations
      .filter((o) => o.access === 'authenticated' && !o.permissions?.length)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(loginOnly).toEqual([
      'GET /api/admin/dashboard/stats',
      'GET /api/user/me',
      // The tombstones: each caller sees those of the resources it may read (none of them: 403, in the handler).
      'GET /api/v1/deletions',
      'POST /api/auth/logout',
      'PUT /api/user/change-password',
    ]);
    expect((await app.request('GET', '/api/admin/dashboard/stats', { token: noPermissions })).status).toBe(200);
  });

  it('refuses API tokens on exactly the staff-session routes, and grants them only their permissions', async () => {
    const staffOnly = operations
      .filter((o) => o.staffSessionOnly)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    // The staff member's own account, and the management of the tokens themselves.
    expect(staffOnly).toEqual([
      'DELETE /api/api-tokens/{id}',
      'GET /api/api-tokens',
      'GET /api/user/me',
      'POST /api/api-tokens',
      'POST /api/auth/logout',
      // A door link is a credential: handed out by a person, not by a machine.
      'POST /api/sessions/{sessionId}/door-links',
      'PUT /api/user/change-password',
    ]);
    const admin = await app.adminToken();
    const mint = async (permissions: string[]) =>
      (await app.request('POST', '/api/api-tokens', { token: admin, body: { name: 'Acceso', permissions } })).body
        .token as string;
    const everything = await mint(PERMISSIONS.slice());
    const usersReader = await mint(['Users.Read']);
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.access === 'authenticated')) {
      const body = ['POST', 'PUT'].includes(op.method) ? {} : undefined;
      const all = await app.request(op.method, concrete(op.path), { token: everything, body });
      const one = await app.request(op.method, concrete(op.path), { token: usersReader, body });
      const grantsOne = !op.permissions?.length || (op.permissions.length === 1 && op.permissions[0] === 'Users.Read');
      if (op.staffSessionOnly) {
        if (all.status !== 403 || all.body.code !== 'STAFF_SESSION_REQUIRED')
          failures.push(`${op.method} ${op.path} (todos): ${all.status}`);
      } else if ([401, 403].includes(all.status)) failures.push(`${op.method} ${op.path} (todos): ${all.status}`);
      if (op.staffSessionOnly || grantsOne) continue;
      if (one.status !== 403 || one.body.code !== 'FORBIDDEN')
        failures.push(`${op.method} ${op.path} (Users.Read): ${one.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('grants a route to a user holding its permission', async () => {
    const reader = (await app.staffWith(['Users.Read'])).token;
    expect((await app.request('GET', '/api/user', { token: reader })).status).toBe(200);
    expect((await app.request('GET', '/api/role', { token: reader })).status).toBe(403);
  });
});

describe('Boot-time check', () => {
  @Controller('olvidada')
  class ForgottenController {
    @Get()
    list() {
      return [];
    }
  }

  it('refuses to start an application with a route that declares no access policy', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      controllers: [ForgottenController],
      providers: [RoutePolicyCheck],
    }).compile();
    const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    await expect(app.init()).rejects.toThrow('Rutas sin @Public() ni @Auth(): ForgottenController.list');
    await app.close().catch(() => undefined);
  });
});
