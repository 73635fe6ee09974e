import type { AppConfig } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.module';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { ticketCodeHash } from '../src/modules/checkin/ticket-code';
import type { CheckInAnswer, CheckInSessionChoice, CreatedDoorLink, SyncAnswer } from '@evreg/contracts';
import { attendee, createSession, insertSession } from '@evreg/testing';
import { TestApp } from '@evreg/testing';

describe('The day of the event: tickets, check-in at the door, door links, no-shows', () => {
  let app: TestApp;
  let admin: string;
  let person = 100;
  let nonce = 0;
  const nextNonce = () => `nonce-${Date.now()}-${++nonce}`;

  beforeAll(async () => {
    // Its webhook (registration.checked_in) points at this machine: a destination only the allow-list permits.
    app = await TestApp.start({ env: { WEBHOOK_ALLOWED_DESTINATIONS: '127.0.0.1' } });
    admin = await app.adminToken();
  });
  afterAll(() => app.close());

  /** Books `count` people (one request each) through the public page; answers the booking answers' results. */
  async function book(sessionId: number, count: number) {
    const results = [];
    for (let i = 0; i < count; i++) {
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(++person) },
      });
      if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
      results.push(res.body.results[0] as { registrationId: number; ticketCode: string | null; queued: boolean });
    }
    return results;
  }

  const scan = (sessionId: number, body: object, token = admin) =>
    app.request<CheckInAnswer>('POST', `/api/sessions/${sessionId}/check-ins`, {
      token,
      body: { nonce: nextNonce(), ...body },
    });

  it('gives every seated person an unguessable ticket code, none while queued, and shows it on the cancellation page', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2 });
    const [a, b, queued] = await book(sessionId, 3);
    expect(a.ticketCode).toMatch(new RegExp(`^${a.registrationId}-[A-Z2-7]{26}$`));
    expect(b.ticketCode).toMatch(/^\d+-[A-Z2-7]{26}$/);
    expect(a.ticketCode!.split('-')[1]).not.toBe(b.ticketCode!.split('-')[1]);
    expect(queued).toMatchObject({ queued: true, ticketCode: null });

    // What the database holds is not the code: the random value, which gives no valid code without APP_SECRET.
    const [row] = await app.sql(`SELECT ticket_secret::text AS s FROM registrations WHERE id = $1`, [a.registrationId]);
    expect(a.ticketCode).not.toContain(row.s);
    expect(
      (await scan(sessionId, { code: `${a.registrationId}-${row.s.replace(/-/g, '').slice(0, 26)}` })).body.outcome,
    ).toBe('unknown');

    const config = app.running.app.get<AppConfig>(APP_CONFIG);
    const preview = await app.request(
      'GET',
      `/api/registrations/cancellation/${cancellationToken(config.appSecret, a.registrationId)}`,
    );
    expect(preview.body.ticketCode).toBe(a.ticketCode);
    const waitingPreview = await app.request(
      'GET',
      `/api/registrations/cancellation/${cancellationToken(config.appSecret, queued.registrationId)}`,
    );
    expect(waitingPreview.body.ticketCode).toBeNull();
  });

  it('lists the sessions a door can open: not ended yet, soonest first, with counts; never an ended one or a cancelled event', async () => {
    const { eventId, sessionId: soon } = await createSession(app, { maxAttendees: 5, startsInHours: 1 });
    const later = await insertSession(app, eventId, { startsInHours: 30 });
    const ended = await insertSession(app, eventId, { startsInHours: -50 });
    const cancelled = await createSession(app, { startsInHours: 2 });
    await app.sql(`UPDATE events SET status = 5 WHERE id = $1`, [cancelled.eventId]);
    const [a] = await book(soon, 2);
    expect((await scan(soon, { code: a.ticketCode })).body.outcome).toBe('valid');

    const res = await app.request<CheckInSessionChoice[]>('GET', '/api/check-ins/sessions', { token: admin });
    expect(res.status).toBe(200);
    const ids = res.body.map((s) => s.sessionId);
    expect(res.body.find((s) => s.sessionId === soon)).toMatchObject({
      eventId,
      eventTitle: expect.any(String),
      startTime: '10:00:00',
      timeZone: 'Europe/Madrid',
      counts: { sessionId: soon, registered: 2, present: 1, expected: 1 },
    });
    // Instants, so the door can tell a session that ends after midnight from one that has ended.
    const [stored] = await app.sql<{ startsAt: Date; endsAt: Date }>(
      `SELECT starts_at AS "startsAt", ends_at AS "endsAt" FROM event_sessions WHERE id = $1`,
      [soon],
    );
    const listed = res.body.find((s) => s.sessionId === soon)!;
    expect(listed.startsAt).toBe(stored.startsAt.toISOString());
    expect(listed.endsAt).toBe(stored.endsAt.toISOString());
    expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(later));
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(cancelled.sessionId);
    expect((await app.request('GET', '/api/check-ins/sessions')).status).toBe(401);
  });

  it('checks a ticket in once: valid (green, the name), then already checked in with the time and door; counts follow', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    const [a] = await book(sessionId, 3);
    const first = await scan(sessionId, { code: a.ticketCode!.toLowerCase(), door: 'Puerta norte' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      outcome: 'valid',
      ok: true,
      message: 'Entrada válida',
      person: { registrationId: a.registrationId, firstName: expect.any(String), lastName: expect.any(String) },
      counts: { sessionId, registered: 3, present: 1, expected: 2 },
    });
    const second = await scan(sessionId, { code: a.ticketCode, door: 'Puerta sur' });
    expect(second.body).toMatchObject({
      outcome: 'alreadyCheckedIn',
      ok: false,
      checkInId: first.body.checkInId,
      checkedInDoor: 'Puerta norte',
      checkedInBy: expect.any(String),
      counts: { present: 1 },
    });
    expect(second.body.message).toMatch(/^Ya registrada a las \d{2}:\d{2} \(Puerta norte/);

    const undo = await app.request('POST', `/api/check-ins/${first.body.checkInId}/undo`, { token: admin });
    expect(undo.body).toMatchObject({ undone: true, counts: { present: 0, expected: 3 } });
    expect((await scan(sessionId, { code: a.ticketCode })).body.outcome).toBe('valid');
  });

  it('answers every other ticket in Spanish: altered, another session, cancelled, waiting (position), deleted', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 2 });
    const [a, b, waiting] = await book(sessionId, 3);
    const other = await insertSession(app, eventId);
    const [elsewhere] = await book(other, 1);

    const altered = a.ticketCode!.slice(0, -1) + (a.ticketCode!.endsWith('A') ? 'B' : 'A');
    expect((await scan(sessionId, { code: altered })).body).toMatchObject({
      outcome: 'unknown',
      message: 'Código desconocido',
      person: null,
    });
    expect((await scan(sessionId, { code: 'cualquier cosa' })).body.outcome).toBe('unknown');
    const wrong = await scan(sessionId, { code: elsewhere.ticketCode });
    expect(wrong.body).toMatchObject({ outcome: 'otherSession', otherSession: { sessionId: other } });
    expect(wrong.body.message).toMatch(/^Entrada de otra sesión: /);
    expect((await scan(sessionId, { registrationId: waiting.registrationId })).body).toMatchObject({
      outcome: 'waiting',
      queuePosition: 1,
      message: 'En lista de espera (posición 1)',
    });

    // Cancelled through the link: the code stops working (the freed seat goes to the waiting person).
    const config = app.running.app.get<AppConfig>(APP_CONFIG);
    await app.request(
      'POST',
      `/api/registrations/cancellation/${cancellationToken(config.appSecret, a.registrationId)}`,
    );
    expect((await scan(sessionId, { code: a.ticketCode })).body).toMatchObject({ outcome: 'cancelled', ok: false });
    // Deleted by staff: unknown.
    expect(
      (await app.request('DELETE', `/api/events/registrations/${b.registrationId}`, { token: admin })).status,
    ).toBeLessThan(300);
    expect((await scan(sessionId, { code: b.ticketCode })).body.outcome).toBe('unknown');
  });

  it("writes the verdict for the visitor in the language they booked in; an unknown code in the request's language", async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const booked = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      headers: { 'accept-language': 'ca-ES,ca;q=0.9' },
      body: { eventSessionId: sessionId, ...attendee(++person) },
    });
    const catalan = booked.body.results[0] as { registrationId: number; ticketCode: string };
    const [spanish] = await book(sessionId, 1);

    const first = await scan(sessionId, { code: catalan.ticketCode });
    expect(first.body).toMatchObject({
      outcome: 'valid',
      message: 'Entrada válida',
      language: 'ca',
      visitorMessage: 'Entrada vàlida. Benvinguts!',
    });
    const again = await scan(sessionId, { code: catalan.ticketCode });
    expect(again.body.language).toBe('ca');
    expect(again.body.visitorMessage).toMatch(/^Aquesta entrada ja es va fer servir a les \d\d:\d\d\.$/);
    // The door link answers the same; a turnstile's Accept-Language doesn't override the booked language.
    const link = await app.request<CreatedDoorLink>('POST', `/api/sessions/${sessionId}/door-links`, {
      token: admin,
      body: { label: 'Torno' },
    });
    const viaLink = await app.request<CheckInAnswer>('POST', `/api/door/${link.body.token}/check-ins`, {
      headers: { 'accept-language': 'en' },
      body: { code: spanish.ticketCode, nonce: nextNonce() },
    });
    expect(viaLink.body).toMatchObject({
      outcome: 'valid',
      language: 'es',
      visitorMessage: 'Entrada válida. ¡Bienvenida/o!',
    });

    const altered = { code: `${spanish.registrationId}-${'A'.repeat(26)}` };
    expect((await scan(sessionId, altered)).body).toMatchObject({
      outcome: 'unknown',
      language: null,
      visitorMessage: 'No reconocemos esta entrada. Consulte al personal de la entrada.',
    });
    const english = await app.request<CheckInAnswer>('POST', `/api/sessions/${sessionId}/check-ins`, {
      token: admin,
      headers: { 'accept-language': 'en-GB' },
      body: { ...altered, nonce: nextNonce() },
    });
    expect(english.body).toMatchObject({
      language: null,
      visitorMessage: expect.stringMatching(/^We don't recognise/),
    });
  });

  it('two doors scanning the same ticket at the same instant: exactly one valid, the others already checked in', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const [a] = await book(sessionId, 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => scan(sessionId, { code: a.ticketCode, door: `Puerta ${i}` })),
    );
    const outcomes = answers.map((r) => r.body.outcome).sort();
    expect(outcomes.filter((o) => o === 'valid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'alreadyCheckedIn')).toHaveLength(11);
    expect(
      await app.sql(`SELECT count(*)::int AS n FROM check_ins WHERE registration_id = $1`, [a.registrationId]),
    ).toEqual([{ n: 1 }]);
  });

  it('a re-sent scan (same nonce) gets its first answer again and is never counted twice, even sent together', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3 });
    const [a] = await book(sessionId, 2);
    const body = { code: a.ticketCode, nonce: 'reenviada-0001' };
    const together = await Promise.all([1, 2, 3].map(() => scan(sessionId, body)));
    expect(together.every((r) => r.body.outcome === 'valid')).toBe(true);
    expect(new Set(together.map((r) => r.body.checkInId)).size).toBe(1);
    expect(together.filter((r) => r.body.replayed)).toHaveLength(2);
    const later = await scan(sessionId, body);
    expect(later.body).toMatchObject({ outcome: 'valid', replayed: true, counts: { present: 1, registered: 2 } });
    // The same nonce with another ticket is still the first scan: nothing new is checked in.
    expect((await scan(sessionId, { code: 'otro', nonce: 'reenviada-0001' })).body.replayed).toBe(true);
  });

  it('records the registration.checked_in webhook event with the check-in', async () => {
    const created = await app.request('POST', '/api/webhooks', {
      token: admin,
      body: { url: 'http://127.0.0.1:9/hook', events: ['registration.checked_in'] },
    });
    expect(created.status).toBe(201);
    const { sessionId } = await createSession(app);
    const [a] = await book(sessionId, 1);
    await scan(sessionId, { code: a.ticketCode });
    await scan(sessionId, { code: a.ticketCode });
    const rows = await app.sql(
      `SELECT payload->'registration'->>'id' AS id FROM webhook_deliveries WHERE event_type = 'registration.checked_in' AND session_id = $1`,
      [sessionId],
    );
    expect(rows).toEqual([{ id: String(a.registrationId) }]);
    await app.request('DELETE', `/api/webhooks/${created.body.id}`, { token: admin });
  });

  it('refuses malformed scans with a 400 naming the field, never a 500', async () => {
    const { sessionId } = await createSession(app);
    const cases: [object, string][] = [
      [{ nonce: 'abcdefgh' }, 'code'],
      [{ nonce: 'abcdefgh', code: 'x', registrationId: 1 }, 'code'],
      [{ nonce: 'corto', code: 'x' }, 'nonce'],
      [{ nonce: "a'; DROP TABLE--", code: 'x' }, 'nonce'],
      [{ nonce: 'abcdefgh', code: 'x'.repeat(41) }, 'code'],
      [{ nonce: 'abcdefgh', code: { $ne: 1 } }, 'code'],
      [{ nonce: 'abcdefgh', registrationId: 99999999999 }, 'registrationId'],
      [{ nonce: 'abcdefgh', code: 'x', scannedAt: '2999-01-01T00:00:00Z' }, 'scannedAt'],
      [{ nonce: 'abcdefgh', code: 'x', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', `/api/sessions/${sessionId}/check-ins`, { token: admin, body });
      expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        body,
        status: 400,
        fields: [field],
      });
    }
    expect((await scan(999999, { code: 'x' })).status).toBe(404);
  });

  it('door staff (Control de acceso) see names only; without Checkin.Update no scan; an API token can check in', async () => {
    const { sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    const roles = (await app.request('GET', '/api/role', { token: admin })).body;
    const list = Array.isArray(roles) ? roles : roles.data;
    const door = list.find((r: { name: string }) => r.name === 'Control de acceso');
    expect(door).toBeDefined();

    const staff = await app.staffWith(['Checkin.Read', 'Checkin.Update']);
    expect((await scan(sessionId, { code: a.ticketCode }, staff.token)).body.outcome).toBe('valid');
    const page = await app.request('GET', `/api/sessions/${sessionId}/attendance?checkedIn=true`, {
      token: staff.token,
    });
    expect(page.body).toMatchObject({ counts: { registered: 2, present: 1 }, totalCount: 1 });
    expect(page.body.items[0]).toMatchObject({ registrationId: a.registrationId, email: null, checkedIn: true });
    expect(
      (await app.request('GET', `/api/sessions/${sessionId}/attendance`, { token: admin })).body.items[0].email,
    ).toMatch(/@/);
    expect(
      (await app.request('GET', `/api/events/sessions/${sessionId}/registrations`, { token: staff.token })).status,
    ).toBe(403);

    const reader = await app.staffWith(['Checkin.Read']);
    expect((await scan(sessionId, { code: b.ticketCode }, reader.token)).status).toBe(403);

    const created = await app.request('POST', '/api/api-tokens', {
      token: admin,
      body: { name: 'Torno', permissions: ['Checkin.Update'] },
    });
    expect(created.status).toBe(201);
    const byToken = await scan(sessionId, { code: b.ticketCode }, created.body.token);
    expect(byToken.body.outcome).toBe('valid');
    expect((await scan(sessionId, { code: b.ticketCode })).body.checkedInBy).toBe('Torno');
  });

  it('a door link opens only its session, and stops working when revoked or once the session has ended', async () => {
    const { eventId, sessionId } = await createSession(app);
    const other = await insertSession(app, eventId);
    const [a, b] = await book(sessionId, 2);
    const [elsewhere] = await book(other, 1);
    const made = await app.request<CreatedDoorLink>('POST', `/api/sessions/${sessionId}/door-links`, {
      token: admin,
      body: { label: 'Voluntarios norte' },
    });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/admin\/door\/evd_/);
    const link = made.body.token;
    const stored = await app.sql(`SELECT token_hash FROM door_links WHERE id = $1`, [made.body.id]);
    expect(stored[0].token_hash).not.toContain(link);

    const info = await app.request('GET', `/api/door/${link}`);
    expect(info.body).toMatchObject({ sessionId, label: 'Voluntarios norte', counts: { registered: 2 } });
    const valid = await app.request<CheckInAnswer>('POST', `/api/door/${link}/check-ins`, {
      body: { code: a.ticketCode, nonce: nextNonce() },
    });
    expect(valid.body).toMatchObject({ outcome: 'valid', counts: { present: 1 } });
    expect((await scan(sessionId, { code: a.ticketCode })).body.checkedInBy).toBe('Voluntarios norte');
    // The offline list says by whom too, for a door deciding without the network.
    const offline = await app.request('GET', `/api/door/${link}/offline-list`);
    expect(
      offline.body.entries.find((e: { registrationId: number }) => e.registrationId === a.registrationId),
    ).toMatchObject({ checkedInAt: expect.any(String), checkedInBy: 'Voluntarios norte' });
    // Another session's ticket is only told apart, never checked in; other sessions' check-ins can't be undone.
    const wrong = await app.request('POST', `/api/door/${link}/check-ins`, {
      body: { code: elsewhere.ticketCode, nonce: nextNonce() },
    });
    expect(wrong.body.outcome).toBe('otherSession');
    const there = await scan(other, { code: elsewhere.ticketCode });
    expect((await app.request('POST', `/api/door/${link}/check-ins/${there.body.checkInId}/undo`)).status).toBe(404);
    // Not a staff credential.
    expect((await app.request('GET', `/api/sessions/${sessionId}/attendance`, { token: link })).status).toBe(401);
    const names = await app.request('GET', `/api/door/${link}/attendance`);
    expect(names.body.items.every((r: { email: string | null }) => r.email === null)).toBe(true);

    await app.request('DELETE', `/api/door-links/${made.body.id}`, { token: admin });
    const revoked = await app.request('POST', `/api/door/${link}/check-ins`, {
      body: { code: b.ticketCode, nonce: nextNonce() },
    });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('DOOR_LINK_INVALID');

    const second = await app.request<CreatedDoorLink>('POST', `/api/sessions/${sessionId}/door-links`, {
      token: admin,
      body: { label: 'Tarde' },
    });
    expect((await app.request('GET', `/api/door/${second.body.token}`)).status).toBe(200);
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 minute' WHERE id = $1`,
      [sessionId],
    );
    expect((await app.request('GET', `/api/door/${second.body.token}`)).status).toBe(401);
    expect((await app.request('GET', `/api/door/evd_${'x'.repeat(43)}`)).status).toBe(401);
  });

  it('offline: the list carries hashes, not codes; sync decides each scan once and reports two doors on one ticket', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2 });
    const [a, b, waiting] = await book(sessionId, 3);
    const list = await app.request('GET', `/api/sessions/${sessionId}/check-ins/offline-list`, { token: admin });
    expect(list.status).toBe(200);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(a.ticketCode);
    expect(text).not.toMatch(/@example\.com/);
    const entryA = list.body.entries.find((e: { registrationId: number }) => e.registrationId === a.registrationId);
    expect(entryA).toMatchObject({ codeHash: ticketCodeHash(a.ticketCode!), state: 'active' });
    expect(
      list.body.entries.find((e: { registrationId: number }) => e.registrationId === waiting.registrationId),
    ).toMatchObject({
      state: 'waiting',
      queuePosition: 1,
    });

    const at = new Date(Date.now() - 60_000).toISOString();
    const north = [
      { code: a.ticketCode, nonce: 'norte-00001', door: 'Norte', scannedAt: at },
      { code: b.ticketCode, nonce: 'norte-00002', door: 'Norte', scannedAt: at },
    ];
    const south = [{ code: a.ticketCode, nonce: 'sur-000001', door: 'Sur', scannedAt: at }];
    const first = await app.request<SyncAnswer>('POST', `/api/sessions/${sessionId}/check-ins/sync`, {
      token: admin,
      body: { scans: north },
    });
    expect(first.body.results.map((r) => r.outcome)).toEqual(['valid', 'valid']);
    expect(first.body.conflicts).toEqual([]);
    const second = await app.request<SyncAnswer>('POST', `/api/sessions/${sessionId}/check-ins/sync`, {
      token: admin,
      body: { scans: south },
    });
    expect(second.body.results[0]).toMatchObject({ nonce: 'sur-000001', outcome: 'alreadyCheckedIn' });
    expect(second.body.conflicts).toEqual([
      expect.objectContaining({
        registrationId: a.registrationId,
        keptDoor: 'Norte',
        rejectedDoor: 'Sur',
        nonce: 'sur-000001',
      }),
    ]);
    // The north door re-sends everything (it never saw the answer): nothing changes, no conflict.
    const again = await app.request<SyncAnswer>('POST', `/api/sessions/${sessionId}/check-ins/sync`, {
      token: admin,
      body: { scans: north },
    });
    expect(again.body.results.every((r) => r.replayed && r.outcome === 'valid')).toBe(true);
    expect(again.body.conflicts).toEqual([]);
    expect(again.body.counts).toMatchObject({ registered: 2, present: 2, expected: 0 });
    const [row] = await app.sql(`SELECT checked_in_at FROM check_ins WHERE nonce = 'norte-00001'`);
    expect(new Date(row.checked_in_at).toISOString()).toBe(at);

    const tooMany = await app.request('POST', `/api/sessions/${sessionId}/check-ins/sync`, {
      token: admin,
      body: { scans: Array.from({ length: 151 }, (_, i) => ({ code: 'x', nonce: `n-${i}-abcdef` })) },
    });
    expect(tooMany.status).toBe(400);
    // One malformed scan refuses the whole request before any is decided.
    const halfBad = await app.request('POST', `/api/sessions/${sessionId}/check-ins/sync`, {
      token: admin,
      body: { scans: [{ code: b.ticketCode, nonce: 'malo-000001' }, { nonce: 'malo-000002' }] },
    });
    expect(halfBad.status).toBe(400);
    expect(Object.keys(halfBad.body.errors)).toEqual(['scans.1.code']);
    expect(await app.sql(`SELECT count(*)::int AS n FROM check_ins WHERE nonce LIKE 'malo-%'`)).toEqual([{ n: 0 }]);
    expect(Object.keys(tooMany.body.errors)).toEqual(['scans']);
  });

  it('no-shows: only once the session has ended; bulk blacklisting with reason 0, 30 days, e-mail, skipping those already in', async () => {
    const { sessionId } = await createSession(app);
    const [a, b, c] = await book(sessionId, 3);
    expect((await app.request('GET', `/api/sessions/${sessionId}/no-shows`, { token: admin })).status).toBe(409);
    await scan(sessionId, { code: a.ticketCode });
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [sessionId],
    );
    const noShows = await app.request('GET', `/api/sessions/${sessionId}/no-shows`, { token: admin });
    expect(noShows.body.map((n: { registrationId: number }) => n.registrationId).sort()).toEqual(
      [b.registrationId, c.registrationId].sort(),
    );

    const one = await app.request('POST', `/api/sessions/${sessionId}/no-shows/blacklist`, {
      token: admin,
      body: { registrationIds: [b.registrationId, a.registrationId] },
    });
    expect(one.body).toMatchObject({ added: 1, skippedAlreadyBlacklisted: 0, skippedNotNoShow: 1 });
    const all = await app.request('POST', `/api/sessions/${sessionId}/no-shows/blacklist`, {
      token: admin,
      body: { all: true },
    });
    expect(all.body).toMatchObject({ added: 1, skippedAlreadyBlacklisted: 1, skippedNotNoShow: 0 });
    expect(all.body.message).toBe('1 añadidos a la lista negra; 1 ya estaban');

    const entries = await app.sql(
      `SELECT reason, notification_type, (expires_at - now()) > interval '29 days' AND (expires_at - now()) < interval '31 days' AS thirty
         FROM blacklist_entries WHERE event_session_id = $1`,
      [sessionId],
    );
    expect(entries).toEqual([
      { reason: 0, notification_type: 1, thirty: true },
      { reason: 0, notification_type: 1, thirty: true },
    ]);
    const told = await app.sql(
      `SELECT count(*)::int AS n FROM email_messages WHERE session_id = $1 AND email_type = 'Blacklist'`,
      [sessionId],
    );
    expect(told[0].n).toBe(2);
    expect(
      (await app.request('POST', `/api/sessions/${sessionId}/no-shows/blacklist`, { token: admin, body: {} })).status,
    ).toBe(400);
  });

  it("GDPR: the export lists the person's check-ins, and erasing the person removes them", async () => {
    const { sessionId } = await createSession(app);
    const [a] = await book(sessionId, 1);
    await scan(sessionId, { code: a.ticketCode, door: 'Puerta norte' });
    const [{ email }] = await app.sql(`SELECT email FROM registrations WHERE id = $1`, [a.registrationId]);
    const exported = await app.request('GET', `/api/admin/gdpr/export/${encodeURIComponent(email)}`, { token: admin });
    expect(exported.body.checkIns).toEqual([
      expect.objectContaining({ registrationId: a.registrationId, door: 'Puerta norte', undoneAt: null }),
    ]);
    const erased = await app.request('DELETE', `/api/admin/gdpr/delete/${encodeURIComponent(email)}`, { token: admin });
    expect(erased.body.deletedCheckIns).toBe(1);
    expect(await app.sql(`SELECT count(*)::int AS n FROM check_ins WHERE session_id = $1`, [sessionId])).toEqual([
      { n: 0 },
    ]);
  });

  it("shows attendance where staff look: the session's people ('Asistió' and its filter) and the dashboard's rate", async () => {
    const { sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    await scan(sessionId, { code: a.ticketCode });
    const people = (path: string) =>
      app.request('GET', `/api/events/sessions/${sessionId}/registrations${path}`, { token: admin });
    const all = await people('');
    expect(all.body.find((r: { id: number }) => r.id === a.registrationId)).toMatchObject({
      checkedIn: true,
      checkedInAt: expect.any(String),
    });
    expect(all.body.find((r: { id: number }) => r.id === b.registrationId)).toMatchObject({
      checkedIn: false,
      checkedInAt: null,
    });
    expect((await people('?checkedIn=true')).body.map((r: { id: number }) => r.id)).toEqual([a.registrationId]);
    expect((await people('?checkedIn=false')).body.map((r: { id: number }) => r.id)).toEqual([b.registrationId]);
    expect((await people('?checkedIn=quizas')).status).toBe(400);

    const before = (await app.request('GET', '/api/admin/dashboard/stats', { token: admin })).body.recentAttendance;
    await app.sql(
      `UPDATE event_sessions SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1`,
      [sessionId],
    );
    const after = (await app.request('GET', '/api/admin/dashboard/stats', { token: admin })).body.recentAttendance;
    expect(after.sessions).toBe(before.sessions + 1);
    expect(after.registered - before.registered).toBe(2);
    expect(after.present - before.present).toBe(1);
    expect(after.rate).toBeCloseTo(after.present / after.registered);
  });
});
