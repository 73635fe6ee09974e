import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import type { CreatedApiToken, PermissionName } from '@evreg/contracts';
import { attendee, createSession, insertSession, TestApp } from '@evreg/testing';
import { DeletionsService } from '../src/modules/api-v1/deletions.service';
import { redoclyProblems, requestDefaults } from './support/redocly-lint';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const TOOL_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' };

type Page<T = Row> = { data: T[]; next: string | null };
type Row = Record<string, any> & { id: number };

/** The integrators' API (docs/integrations.md): /api/v1 over HTTP with API tokens, on a real PostgreSQL. */
describe('/api/v1', () => {
  let app: TestApp;
  let admin: string;
  /** A token with every v1 permission, and one that may only read events. */
  let full: string;
  let eventsOnly: string;
  let person = 50_000;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    full = await token(['Events.Read', 'Events.Create', 'Events.Update', 'Registrations.Read', 'Queues.Read']);
    eventsOnly = await token(['Events.Read']);
  });
  afterAll(async () => {
    await app.close();
  });

  async function token(permissions: PermissionName[]): Promise<string> {
    const res = await app.request<CreatedApiToken>('POST', '/api/api-tokens', {
      token: admin,
      body: { name: `Integración ${permissions.join(' ')}`, permissions },
    });
    if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }

  const get = <T = any>(path: string, bearer = full) => app.request<T>('GET', path, { token: bearer });

  /** A visitor's hold then registration, as the booking page does it. */
  async function book(sessionId: number): Promise<number> {
    const n = person++;
    const sessionToken = `v1-visitor-${n}`;
    const held = await app.request('POST', '/api/ticketholds', {
      body: { eventSessionId: sessionId, sessionToken, numberOfSpots: 1 },
    });
    // A full session takes no hold: the visitor registers onto the waiting list.
    if (held.status >= 300 && held.body.code !== 'NO_SPOTS')
      throw new Error(`hold: ${held.status} ${JSON.stringify(held.body)}`);
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
      headers: { 'x-session-token': sessionToken },
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.results?.[0]?.id ?? res.body.id;
  }

  /** Every page of a list, following `next` and checking the Link header says the same. */
  async function walk(path: string, bearer = full, onPage?: () => Promise<unknown>): Promise<Row[]> {
    const rows: Row[] = [];
    let url: string | null = path;
    while (url) {
      const res: { status: number; body: Page; headers: Headers } = await get<Page>(url, bearer);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'next']);
      rows.push(...res.body.data);
      const link: string | null = res.headers.get('link');
      if (res.body.next) {
        expect(link).toMatch(/^<\/api\/v1\/[^>]*>; rel="next"$/);
        const linked: URL = new URL(link!.slice(1, link!.indexOf('>')), 'http://x');
        expect(linked.searchParams.get('cursor')).toBe(res.body.next);
        url = `${linked.pathname}${linked.search}`;
      } else {
        expect(link).toBeNull();
        url = null;
      }
      await onPage?.();
    }
    return rows;
  }

  /** The database's clock now, as an updatedSince value. */
  const dbNow = async (): Promise<string> =>
    (await app.sql(`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t`))[0].t;

  it('lists events a page at a time with string statuses, and reads one', async () => {
    const created = [
      await createSession(app, { eventStatus: 0 }),
      await createSession(app, { eventStatus: 1 }),
      await createSession(app, { eventStatus: 5 }),
    ];
    const rows = await walk('/api/v1/events?limit=1');
    const ours = rows.filter((e) => created.some((c) => c.eventId === e.id));
    expect(ours.map((e) => e.status)).toEqual(['draft', 'live', 'cancelled']);
    expect(new Set(rows.map((e) => e.id)).size).toBe(rows.length);

    const one = await get<Row>(`/api/v1/events/${created[1].eventId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: created[1].eventId,
      status: 'live',
      timeZone: 'Europe/Madrid',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const missing = await get('/api/v1/events/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Evento no encontrado');
  });

  it('refuses a limit above the maximum, a bad cursor and an updatedSince without zone, in Spanish, naming the field', async () => {
    const above = await get('/api/v1/registrations?limit=201');
    expect(above.status).toBe(400);
    expect(above.body.errors.limit).toEqual(['El parámetro "limit" debe ser un número entero entre 1 y 200']);
    expect((await get('/api/v1/events?limit=200')).status).toBe(200);
    expect((await get('/api/v1/events?limit=0')).status).toBe(400);

    const cursor = await get('/api/v1/events?cursor=no-es-un-cursor');
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors.cursor[0]).toMatch(/"cursor" no es válido/);

    for (const bad of ['2026-05-09T08:00:00', '2026-13-45T08:00:00Z', 'ayer']) {
      const res = await get(`/api/v1/events?updatedSince=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.updatedSince[0]).toMatch(/"updatedSince" debe ser una fecha y hora ISO 8601/);
    }
    const state = await get('/api/v1/registrations?state=activa');
    expect(state.status).toBe(400);
    expect(state.body.errors.state).toEqual(['El parámetro "state" debe ser active, waiting o cancelled']);

    // A cursor of the id order is not one of the updatedSince order.
    const first = await get('/api/v1/events?limit=1');
    const mixed = await get(`/api/v1/events?limit=1&updatedSince=2020-01-01T00:00:00Z&cursor=${first.body.next}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors.cursor[0]).toMatch(/otra consulta/);

    // Cursors are sealed with the app's secret and bound to their list and filters: a well-formed one written by
    // hand, an events cursor on registrations, and a registrations cursor with another filter are refused.
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 5 });
    await book(sessionId);
    await book(sessionId);
    const handmade = Buffer.from(JSON.stringify(['id', null, 0])).toString('base64url');
    const forged = await get(`/api/v1/events?limit=1&cursor=${handmade}`);
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(forged.body.errors.cursor[0]).toMatch(/no es válido/);
    const regs = await get(`/api/v1/registrations?eventId=${eventId}&limit=1`);
    expect(regs.body.next).toEqual(expect.any(String));
    const across = await get(`/api/v1/registrations?eventId=${eventId}&limit=1&cursor=${first.body.next}`);
    expect(across.status).toBe(400);
    expect(across.body.errors.cursor[0]).toMatch(/otra consulta/);
    const refiltered = await get(`/api/v1/registrations?sessionId=${sessionId}&limit=1&cursor=${regs.body.next}`);
    expect(refiltered.status).toBe(400);
    expect(refiltered.body.errors.cursor[0]).toMatch(/otra consulta/);
    // The same query (another page size is fine) goes on.
    expect((await get(`/api/v1/registrations?eventId=${eventId}&limit=5&cursor=${regs.body.next}`)).status).toBe(200);
  });

  it('pages through registrations while bookings go on: every row that existed is seen exactly once', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 200, maxQueueSpots: 0 });
    const before: number[] = [];
    for (let i = 0; i < 30; i++) before.push(await book(sessionId));

    const bookings: Promise<number>[] = [];
    const seen = await walk(`/api/v1/registrations?eventId=${eventId}&limit=4`, full, async () => {
      // After each of the first eight pages, five visitors book at once (the walk goes on while they do).
      if (bookings.length < 40) for (let i = 0; i < 5; i++) bookings.push(book(sessionId));
    });
    const during = await Promise.all(bookings);

    const ids = seen.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before));
    expect(ids.every((id) => before.includes(id) || during.includes(id))).toBe(true);
    expect(seen.every((r) => r.state === 'active' && r.sessionId === sessionId && r.eventId === eventId)).toBe(true);

    // The same walk once the bookings are done sees all of them.
    const after = await walk(`/api/v1/registrations?sessionId=${sessionId}&limit=200`);
    expect(after.map((r) => r.id).sort((a, b) => a - b)).toEqual([...before, ...during].sort((a, b) => a - b));

    const one = await get<Row>(`/api/v1/registrations/${before[0]}`);
    expect(one.body).toMatchObject({ id: before[0], state: 'active', queuePosition: null, sessionId, eventId });
    expect((await get(`/api/v1/registrations/99999999`)).status).toBe(404);
  }, 120_000);

  it('pages through sessions while their counters change, each once', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 100 });
    const others = [
      await insertSession(app, eventId),
      await insertSession(app, eventId),
      await insertSession(app, eventId),
    ];
    const bookings: Promise<number>[] = [];
    const seen = await walk(`/api/v1/events/${eventId}/sessions?limit=1`, full, async () => {
      bookings.push(book(sessionId), book(others[0]));
    });
    await Promise.all(bookings);
    expect(seen.map((s) => s.id)).toEqual([sessionId, ...others]);
    const session = await get<Row>(`/api/v1/sessions/${sessionId}`);
    expect(session.body.registeredCount).toBe(bookings.length / 2);
    expect((await get(`/api/v1/events/99999999/sessions`)).status).toBe(404);
  }, 60_000);

  it('updatedSince answers only what changed since, by updatedAt, whoever wrote it (the booking engine included)', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 10 });
    const quiet = await insertSession(app, eventId);
    const first = await book(sessionId);
    const second = await book(sessionId);
    const since = await dbNow();

    expect((await walk(`/api/v1/registrations?eventId=${eventId}&updatedSince=${since}`)).map((r) => r.id)).toEqual([]);

    // A staff cancellation (the booking engine's SQL) changes the registration and the session's counters.
    expect((await app.request('POST', `/api/registrations/${first}/cancel`, { token: admin })).status).toBe(200);
    const changed = await walk(`/api/v1/registrations?eventId=${eventId}&updatedSince=${since}`);
    expect(changed.map((r) => [r.id, r.state])).toEqual([[first, 'cancelled']]);
    expect(changed[0].updatedAt >= since.slice(0, 23)).toBe(true);
    const sessions = await walk(`/api/v1/events/${eventId}/sessions?updatedSince=${since}`);
    expect(sessions.map((s) => s.id)).toEqual([sessionId]);
    expect(sessions.map((s) => s.id)).not.toContain(quiet);

    // A write straight in SQL moves updatedAt too (the trigger), and the order is by updatedAt.
    const later = await dbNow();
    await app.sql(`UPDATE registrations SET telephone_number = '699000000' WHERE id = $1`, [second]);
    await app.sql(`UPDATE events SET title = 'Nuevo título' WHERE id = $1`, [eventId]);
    const both = await walk(`/api/v1/registrations?eventId=${eventId}&updatedSince=${since}&limit=1`);
    expect(both.map((r) => r.id)).toEqual([first, second]);
    expect((await walk(`/api/v1/registrations?eventId=${eventId}&updatedSince=${later}`)).map((r) => r.id)).toEqual([
      second,
    ]);
    expect((await walk(`/api/v1/events?updatedSince=${later}`)).map((e) => e.id)).toEqual([eventId]);
    // An update that changes nothing does not count as a change.
    const unchanged = await dbNow();
    await app.sql(`UPDATE event_sessions SET max_attendees = max_attendees WHERE id = $1`, [quiet]);
    expect(await walk(`/api/v1/events/${eventId}/sessions?updatedSince=${unchanged}`)).toEqual([]);
  }, 60_000);

  it('filters registrations by state and lists the waiting list with its positions', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 2, maxQueueSpots: 5 });
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await book(sessionId));
    const waiting = await walk(`/api/v1/registrations?sessionId=${sessionId}&state=waiting`);
    expect(waiting.map((r) => [r.id, r.queuePosition])).toEqual([
      [ids[2], 1],
      [ids[3], 2],
    ]);
    const entries = await walk(`/api/v1/waiting-list-entries?eventId=${eventId}&limit=1`);
    expect(entries.map((e) => [e.id, e.queuePosition, e.sessionId])).toEqual([
      [ids[2], 1, sessionId],
      [ids[3], 2, sessionId],
    ]);
    expect((await get<Row>(`/api/v1/waiting-list-entries/${ids[3]}`)).body).toMatchObject({ queuePosition: 2 });
    expect((await get(`/api/v1/waiting-list-entries/${ids[0]}`)).status).toBe(404);
    expect((await walk(`/api/v1/registrations?sessionId=${sessionId}&state=active`)).map((r) => r.id)).toEqual(
      ids.slice(0, 2),
    );
  });

  it('shows deletions as tombstones, a promoted waiting entry included, to those who may read the resource', async () => {
    const since = await dbNow();
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 1, maxQueueSpots: 5 });
    const empty = await insertSession(app, eventId);
    const seated = await book(sessionId);
    const queued = await book(sessionId);

    expect((await app.request('DELETE', `/api/events/${eventId}/sessions/${empty}`, { token: admin })).status).toBe(
      204,
    );
    // Deleting the seated one promotes the queued one: the registration lives on, the waiting entry ends.
    expect((await app.request('DELETE', `/api/events/registrations/${seated}`, { token: admin })).status).toBe(204);

    const tombstones = await walk(`/api/v1/deletions?updatedSince=${since}&limit=1`);
    // In the order they happened (the deletion and the promotion it caused are one transaction, in either order).
    expect(tombstones.map((d) => [d.resource, d.resourceId, d.eventId])[0]).toEqual(['session', empty, eventId]);
    expect(tombstones.slice(1).map((d) => [d.resource, d.resourceId, d.eventId])).toEqual(
      expect.arrayContaining([
        ['registration', seated, eventId],
        ['waiting-list-entry', queued, eventId],
      ]),
    );
    expect(tombstones).toHaveLength(3);
    expect(tombstones[0]).toEqual({
      id: expect.any(Number),
      resource: 'session',
      resourceId: empty,
      eventId,
      sessionId: empty,
      deletedAt: expect.stringMatching(/Z$/),
    });
    // The promoted registration's version, as its registration.promoted webhook carries it (queued 1, promoted 2).
    expect((await get<Row>(`/api/v1/registrations/${queued}`)).body).toMatchObject({ state: 'active', sequence: 2 });
    expect((await walk(`/api/v1/registrations?sessionId=${sessionId}`)).map((r) => [r.id, r.sequence])).toEqual([
      [queued, 2],
    ]);
    expect((await get(`/api/v1/waiting-list-entries/${queued}`)).status).toBe(404);

    // A token that reads only events sees only the events' and sessions' tombstones.
    const scoped = await walk(`/api/v1/deletions?updatedSince=${since}`, eventsOnly);
    expect(scoped.map((d) => d.resource)).toEqual(['session']);
    const filtered = await walk(`/api/v1/deletions?updatedSince=${since}&resource=registration`);
    expect(filtered.map((d) => d.resourceId)).toEqual([seated]);

    // Older than the retention: a full sync is needed.
    const old = await get(`/api/v1/deletions?updatedSince=2000-01-01T00:00:00Z`);
    expect(old.status).toBe(410);
    expect(old.body.detail).toMatch(/sincronización completa/);
  });

  it('keeps tombstones 90 days: the hourly prune removes older ones only', async () => {
    const [old] = await app.sql(
      `INSERT INTO deleted_records (resource, resource_id, deleted_at) VALUES ('event', 1, now() - interval '91 days') RETURNING id`,
    );
    const [recent] = await app.sql(
      `INSERT INTO deleted_records (resource, resource_id, deleted_at) VALUES ('event', 2, now() - interval '89 days') RETURNING id`,
    );
    expect(await app.running.app.get(DeletionsService).prune()).toBe(1);
    const left = (await app.sql(`SELECT id FROM deleted_records WHERE id = ANY($1)`, [[old.id, recent.id]])).map(
      (r) => r.id,
    );
    expect(left).toEqual([recent.id]);
  });

  describe('sessions by the content system’s own id', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      startDate: '2031-07-01',
      endDate: '2031-07-01',
      startTime: '10:00',
      endTime: '11:30',
      maxAttendees: 20,
      ...overrides,
    });
    const put = (eventId: number, externalId: string, payload: unknown, bearer = full) =>
      app.request<Row>('PUT', `/api/v1/events/${eventId}/sessions/by-external-id/${encodeURIComponent(externalId)}`, {
        token: bearer,
        body: payload,
      });

    it('creates, then updates the same session; startsAt carries the event zone’s offset', async () => {
      const { eventId } = await createSession(app);
      const created = await put(eventId, 'cms-4711', body());
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        eventId,
        externalId: 'cms-4711',
        startDate: '2031-07-01',
        startTime: '10:00:00',
        startsAt: '2031-07-01T10:00:00+02:00',
        endsAt: '2031-07-01T11:30:00+02:00',
        maxAttendees: 20,
        reservedSpots: 0,
        isRegistrationOpen: true,
      });

      const updated = await put(
        eventId,
        'cms-4711',
        body({
          startDate: '2031-12-01',
          endDate: '2031-12-01',
          maxAttendees: 30,
          reservedSpots: 4,
          isRegistrationOpen: false,
        }),
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        id: created.body.id,
        startsAt: '2031-12-01T10:00:00+01:00',
        maxAttendees: 30,
        reservedSpots: 4,
        isRegistrationOpen: false,
      });
      expect(updated.body.updatedAt >= created.body.updatedAt).toBe(true);
      const rows = await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1 AND external_id = 'cms-4711'`, [
        eventId,
      ]);
      expect(rows).toHaveLength(1);
      expect((await get<Row>(`/api/v1/sessions/${created.body.id}`)).body).toEqual(updated.body);
    });

    it('is unique per event; another event may reuse it', async () => {
      const a = await createSession(app);
      const b = await createSession(app);
      const first = await put(a.eventId, 'sala-1', body());
      const second = await put(b.eventId, 'sala-1', body());
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(first.body.id).not.toBe(second.body.id);
      expect((await put(a.eventId, 'sala-1', body({ maxQueueSpots: 3 }))).body.id).toBe(first.body.id);
    });

    it('refuses bad input in Spanish naming the field, with the back office’s rules, writing nothing', async () => {
      const { eventId, sessionId } = await createSession(app, { maxAttendees: 5 });
      const reversed = await put(eventId, 'mal', body({ endTime: '09:00' }));
      expect(reversed.status).toBe(400);
      expect(reversed.body.errors.endTime).toEqual(['La hora de fin debe ser posterior a la hora de inicio']);
      const missing = await put(eventId, 'mal', { startDate: '2031-07-01' });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['endDate', 'maxAttendees']));
      expect(await app.sql(`SELECT id FROM event_sessions WHERE external_id = 'mal'`)).toEqual([]);
      expect((await put(99999999, 'x', body())).status).toBe(404);
      const control = await put(eventId, 'a\u0001b', body());
      expect(control.status).toBe(400);
      expect(control.body.errors.externalId).toBeDefined();
      // Up to 100 characters (the router's limit of a path parameter; longer is its 414).
      expect((await put(eventId, 'x'.repeat(100), body())).status).toBe(201);
      expect((await put(eventId, 'x'.repeat(101), body())).status).toBe(414);

      // Below the people registered: the capacity rules of the back office.
      await app.sql(`UPDATE event_sessions SET external_id = 'llena' WHERE id = $1`, [sessionId]);
      await book(sessionId);
      await book(sessionId);
      const below = await put(eventId, 'llena', body({ maxAttendees: 1 }));
      expect(below.status).toBe(400);
      expect(below.body.errors.maxAttendees).toBeDefined();
      expect((await get<Row>(`/api/v1/sessions/${sessionId}`)).body.maxAttendees).toBe(5);
    }, 30_000);

    it('concurrent upserts of one external id make one session and no 500', async () => {
      const { eventId } = await createSession(app);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => put(eventId, 'a-la-vez', body({ maxAttendees: 20 + (i % 3) }))),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(11);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const rows = await app.sql(`SELECT id FROM event_sessions WHERE event_id = $1 AND external_id = 'a-la-vez'`, [
        eventId,
      ]);
      expect(rows).toHaveLength(1);
    }, 30_000);
  });

  it('grants each resource to the tokens holding its permission only', async () => {
    const { eventId, sessionId } = await createSession(app);
    expect((await get(`/api/v1/events`, eventsOnly)).status).toBe(200);
    expect((await get(`/api/v1/sessions/${sessionId}`, eventsOnly)).status).toBe(200);
    for (const path of ['/api/v1/registrations', '/api/v1/waiting-list-entries', '/api/v1/registrations/1']) {
      const res = await get(path, eventsOnly);
      expect(res.status).toBe(403);
    }
    const upsert = await app.request('PUT', `/api/v1/events/${eventId}/sessions/by-external-id/x`, {
      token: eventsOnly,
      body: { startDate: '2031-07-01', endDate: '2031-07-01', startTime: '10:00', endTime: '11:00', maxAttendees: 5 },
    });
    expect(upsert.status).toBe(403);
    const registrationsOnly = await token(['Registrations.Read']);
    expect((await get('/api/v1/registrations', registrationsOnly)).status).toBe(200);
    expect((await get('/api/v1/events', registrationsOnly)).status).toBe(403);
    expect((await get('/api/v1/deletions', await token(['Users.Read']))).status).toBe(403);
    expect((await app.request('GET', '/api/v1/events')).status).toBe(401);
    expect((await get('/api/v1/events', 'evr_no-es-un-token')).status).toBe(401);
  });

  describe('its own OpenAPI document', () => {
    let doc: any;
    beforeAll(async () => {
      doc = (await app.request('GET', '/api/v1/openapi.json')).body;
    });

    it('has v1 only, named by resource, every answer a named component; the apps’ document has no v1', async () => {
      expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/'))).toBe(true);
      const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
      expect(ids.sort()).toEqual(
        [
          'getEvent',
          'getRegistration',
          'getSession',
          'getWaitingListEntry',
          'listDeletions',
          'listEvents',
          'listRegistrations',
          'listSessions',
          'listWaitingListEntries',
          'upsertSession',
        ].sort(),
      );
      for (const item of Object.values(doc.paths) as any[])
        for (const op of Object.values(item) as any[])
          for (const [status, response] of Object.entries(op.responses) as [string, any][])
            for (const [type, content] of Object.entries(response.content ?? {}) as [string, any][])
              expect([status, type, content.schema.$ref]).toEqual([
                status,
                expect.stringMatching(/^application\/(problem\+)?json$/),
                expect.stringMatching(/^#\/components\/schemas\//),
              ]);
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining([
          'Event',
          'Session',
          'Registration',
          'WaitingListEntry',
          'Deletion',
          'EventPage',
          'SessionUpsert',
        ]),
      );
      // String enums, named: an SDK gets a type of each.
      expect(doc.components.schemas.Registration.properties.state).toEqual({
        $ref: '#/components/schemas/RegistrationState',
      });
      expect(doc.components.schemas.RegistrationState.enum).toEqual(['active', 'waiting', 'cancelled']);
      expect(doc.components.schemas.EventStatus.enum).toEqual(['draft', 'live', 'cancelled']);

      const main = (await app.request('GET', '/api/docs-json')).body;
      expect(Object.keys(main.paths).filter((p) => p.startsWith('/api/v1'))).toEqual([]);
      expect((await app.request('GET', '/api/v1/docs')).status).toBe(200);
    });

    it('passes CI’s redocly lint without a warning and gives openapi-typescript types an SDK author can use', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'evreg-v1-openapi-'));
      try {
        symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
        const docFile = join(dir, 'openapi.json');
        writeFileSync(docFile, JSON.stringify(doc));
        // CI's lint: no error and no warning; and no `default` a request body reaches (openapi-typescript would
        // make those fields required: the upsert body of docs/integrations.md stopped compiling).
        expect(await redoclyProblems(dir, doc)).toEqual([]);
        expect(requestDefaults(doc)).toEqual([]);

        await run(
          process.execPath,
          [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), docFile, '--output', join(dir, 'schema.ts')],
          { cwd: dir, env: TOOL_ENV },
        );
        const scenario = join(dir, 'use.ts');
        writeFileSync(
          scenario,
          `import type { components, operations } from './schema';
           type Session = components['schemas']['Session'];
           const s: Pick<Session, 'startsAt' | 'externalId'> = { startsAt: '2031-07-01T10:00:00+02:00', externalId: null };
           const state: components['schemas']['Registration']['state'] = 'waiting';
           type Q = NonNullable<operations['listRegistrations']['parameters']['query']>;
           const q: Q = { limit: 200, state: 'active', updatedSince: '2031-01-01T00:00:00Z' };
           const page: components['schemas']['RegistrationPage'] = { data: [], next: null };
           export { s, state, q, page };`,
        );
        const program = ts.createProgram([scenario], { strict: true, noEmit: true, skipLibCheck: true });
        const problems = ts
          .getPreEmitDiagnostics(program)
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        expect(problems).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  });
});
