import { historyChangeText, type GdprDeleteResult, type GdprExport, type HistoryEntry } from '@evreg/contracts';
import { attendee, createSession, insertSession, TestApp, waitingIds } from '@evreg/testing';
import type { AppConfig } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.module';
import { cancellationToken } from '../src/modules/registrations/cancel-token';
import { eventBody, postEvent, postSession } from './support/http-helpers';

/** An entry as the tests compare it: what happened, who did it, what changed. */
const brief = (e: HistoryEntry) => ({
  action: e.action,
  actorKind: e.actorKind,
  actorLabel: e.actorLabel,
  changes: e.changes,
});

describe('History of every change (/api/history)', () => {
  let app: TestApp;
  let admin: string;
  let adminName: string;
  let person = 0;

  beforeAll(async () => {
    app = await TestApp.start();
    admin = await app.adminToken();
    const [me] = await app.sql(
      `SELECT first_name || ' ' || last_name AS name FROM users WHERE email = 'admin@pruebas.example.com'`,
    );
    adminName = me.name;
  });
  afterAll(() => app.close());

  const history = async (registrationId: number, token = admin) => {
    const res = await app.request<HistoryEntry[]>('GET', `/api/history/registrations/${registrationId}`, { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** The fields staff edit, of person n. */
  const editable = (n: number) => {
    const { firstName, lastName, email, userTaxId, telephoneNumber } = attendee(n);
    return { firstName, lastName, email, userTaxId, telephoneNumber };
  };
  const actions = async (registrationId: number) => (await history(registrationId)).map((e) => e.action);
  /** Books people through the public page, one request each; answers id and ticket code per person. */
  async function book(sessionId: number, count: number) {
    const people: { id: number; ticketCode: string | null; n: number }[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++person;
      const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
        body: { eventSessionId: sessionId, ...attendee(n) },
      });
      if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
      people.push({ id: res.body.results[0].registrationId, ticketCode: res.body.results[0].ticketCode, n });
    }
    return people;
  }
  const ok = async (method: string, path: string, body?: object) => {
    const res = await app.request(method, path, { token: admin, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  it('follows a person through each action: created, edited, resent, moved, checked in, cancelled, promoted, blacklisted', async () => {
    const { eventId, sessionId } = await createSession(app, { maxAttendees: 3, reservedSpots: 2, maxQueueSpots: 5 });
    const [a, b, c, d] = await book(sessionId, 4); // a seated; b, c, d waiting 1, 2, 3
    const staffMade = await ok('POST', `/api/events/sessions/${sessionId}/admin-registrations`, {
      formData: attendee(++person),
    });

    await ok('PUT', `/api/events/registrations/${a.id}`, {
      ...editable(a.n),
      email: 'nueva.direccion@example.com',
      telephoneNumber: '600999888',
    });
    await ok('POST', `/api/events/registrations/${a.id}/resend-email`);
    await ok('PUT', '/api/events/queue/reorder', { eventSessionId: sessionId, queueIds: [d.id, b.id, c.id] });
    const { firstName, email, userTaxId } = attendee(c.n);
    await ok('PUT', `/api/events/queue/${c.id}`, { firstName, lastName: 'Otro Apellido', email, userTaxId });
    const scan = await ok('POST', `/api/sessions/${sessionId}/check-ins`, {
      nonce: `history-${a.id}`,
      code: a.ticketCode,
    });
    await ok('POST', `/api/check-ins/${scan.checkInId}/undo`);
    await ok('POST', `/api/registrations/${a.id}/cancel`); // frees a seat: d (first now) is promoted
    await ok('POST', `/api/events/queue/${b.id}/promote`); // by hand, onto the unused reserved spot
    const config = app.running.app.get<AppConfig>(APP_CONFIG);
    await ok('POST', `/api/registrations/cancellation/${cancellationToken(config.appSecret, b.id)}`);
    await ok('POST', '/api/blacklists', {
      eventId,
      eventSessionId: sessionId,
      email: attendee(c.n).email,
      blackListReason: 0,
      notificationType: 1,
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });

    const me = { actorKind: 'staff', actorLabel: adminName };
    const system = { actorKind: 'system', actorLabel: 'Automático' };
    const visitor = { actorKind: 'visitor', actorLabel: 'La persona inscrita' };
    expect((await history(a.id)).map(brief)).toEqual([
      { action: 'created', ...visitor, changes: [] },
      { action: 'edited', ...me, changes: [{ field: 'email' }, { field: 'telephoneNumber' }] },
      { action: 'emailResent', ...me, changes: [] },
      { action: 'checkedIn', ...me, changes: [] },
      { action: 'checkInUndone', ...me, changes: [] },
      { action: 'cancelled', ...me, changes: [] },
    ]);
    expect((await history(b.id)).map(brief)).toEqual([
      { action: 'created', ...visitor, changes: [] },
      { action: 'moved', ...me, changes: [{ field: 'queuePosition', from: 1, to: 2 }] },
      { action: 'promoted', ...me, changes: [{ field: 'queuePosition', from: 1, to: null }] },
      { action: 'cancelled', ...visitor, changes: [] },
    ]);
    expect((await history(c.id)).map(brief)).toEqual([
      { action: 'created', ...visitor, changes: [] },
      { action: 'moved', ...me, changes: [{ field: 'queuePosition', from: 2, to: 3 }] },
      { action: 'edited', ...me, changes: [{ field: 'lastName' }] },
      { action: 'blacklisted', ...me, changes: [] },
    ]);
    expect((await history(d.id)).map(brief)).toEqual([
      { action: 'created', ...visitor, changes: [] },
      { action: 'moved', ...me, changes: [{ field: 'queuePosition', from: 3, to: 1 }] },
      { action: 'promoted', ...system, changes: [{ field: 'queuePosition', from: 1, to: null }] },
    ]);
    expect((await history(staffMade.id)).map(brief)).toEqual([{ action: 'created', ...me, changes: [] }]);

    // Personal values never reach the history, and each entry carries its event, session, label and time.
    const all = await app.sql(`SELECT changes::text AS c FROM history_entries`);
    expect(all.map((r) => r.c).join()).not.toMatch(/nueva\.direccion|600999888|Otro Apellido/);
    const [edited] = (await history(a.id)).filter((e) => e.action === 'edited');
    expect(edited).toMatchObject({
      eventId,
      sessionId,
      subject: 'registration',
      subjectId: a.id,
      actionLabel: 'Datos modificados',
    });
    expect(Date.parse(edited.at)).not.toBeNaN();
  });

  it('names the sessions of a move as staff read them, and leaves out changes that changed nothing', async () => {
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 3 });
    const target = await insertSession(app, eventId, { maxAttendees: 3, startsInHours: 96 });
    await app.sql(`UPDATE event_sessions SET start_date = '2030-06-01', end_date = '2030-06-01' WHERE id = $1`, [
      source,
    ]);
    await app.sql(
      `UPDATE event_sessions SET start_date = '2030-06-02', end_date = '2030-06-02', start_time = '18:00', end_time = '20:00' WHERE id = $1`,
      [target],
    );
    const [a] = await book(source, 1);
    const moved = await ok('POST', '/api/bulk/registrations/move', {
      registrationIds: [a.id],
      targetSessionId: target,
    });
    expect(moved).toMatchObject({ done: 1 });
    const [entry] = (await history(a.id)).filter((e) => e.action === 'sessionChanged');
    expect(entry.changes).toEqual([
      {
        field: 'sessionId',
        from: source,
        to: target,
        fromText: `Evento ${eventId} · 01/06/2030 10:00-11:30`,
        toText: `Evento ${eventId} · 02/06/2030 18:00-20:00`,
      },
    ]);
    expect(entry.changes.map(historyChangeText)).toEqual([
      `Sesión: Evento ${eventId} · 01/06/2030 10:00-11:30 → Evento ${eventId} · 02/06/2030 18:00-20:00`,
    ]);
    // An entry written before empty changes were left out reads without them; a deleted session keeps its id.
    await app.sql(
      `UPDATE history_entries SET changes = changes || '[{"field": "queuePosition", "from": null, "to": null}]'::jsonb
        WHERE subject_kind = 'registration' AND subject_id = $1 AND action = 'sessionChanged'`,
      [a.id],
    );
    await app.sql(
      `UPDATE history_entries SET changes = jsonb_set(changes, '{0,from}', '999999')
                    WHERE subject_kind = 'registration' AND subject_id = $1 AND action = 'sessionChanged'`,
      [a.id],
    );
    const [again] = (await history(a.id)).filter((e) => e.action === 'sessionChanged');
    expect(again.changes.map(historyChangeText)).toEqual([
      `Sesión: Sesión 999999 (eliminada) → Evento ${eventId} · 02/06/2030 18:00-20:00`,
    ]);
  });

  it('groups a bulk action as one entry with who and how many, and filters the history by action, who and dates', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 10 });
    const [p1, p2, p3, p4] = await book(sessionId, 4);
    const staff = await app.staffWith(['Registrations.Read', 'Registrations.Update']);
    const bulk = await ok('POST', '/api/bulk/registrations/cancel', { registrationIds: [p1.id, p2.id, p3.id] });
    expect(bulk).toMatchObject({ done: 3 });
    const single = await app.request('POST', `/api/registrations/${p4.id}/cancel`, { token: staff.token });
    expect(single.status).toBe(200);

    type Page = { items: (HistoryEntry & { subjectLabel: string })[]; totalCount: number };
    const list = async (query: string, token = admin) => {
      const res = await app.request<Page>('GET', `/api/history?sessionId=${sessionId}&${query}`, { token });
      expect(res.status).toBe(200);
      return res.body;
    };
    // Newest first: the single cancellation, then the three of the bulk one as one entry.
    const all = await list('');
    expect(all.totalCount).toBe(2);
    expect(all.items.map((e) => ({ action: e.action, actorLabel: e.actorLabel, bulk: e.bulk }))).toEqual([
      { action: 'cancelled', actorLabel: `Personal ${staff.email.slice(6, 14)}`, bulk: null },
      { action: 'cancelled', actorLabel: adminName, bulk: { id: expect.any(String), count: 3 } },
    ]);
    expect(all.items[0].subjectLabel).toBe(`${attendee(p4.n).firstName} ${attendee(p4.n).lastName}`);
    const bulkId = all.items[1].bulk!.id;
    // Each person's own history says it came with the others.
    const [cancelled] = (await history(p2.id)).filter((e) => e.action === 'cancelled');
    expect(cancelled.bulk).toEqual({ id: bulkId, count: 3 });
    expect((await history(p4.id)).find((e) => e.action === 'cancelled')?.bulk).toBeNull();
    // The group opened: one entry per person.
    const group = await list(`bulkId=${bulkId}`);
    expect(group.items.map((e) => e.subjectId).sort()).toEqual([p1.id, p2.id, p3.id].sort());

    // Filters, on the server: action, who (staff member or kind), days in Europe/Madrid; paging.
    expect((await list('action=created')).totalCount).toBe(0);
    expect((await list('action=cancelled')).totalCount).toBe(2);
    expect((await list(`actorUserId=${staff.userId}`)).items.map((e) => e.subjectId)).toEqual([p4.id]);
    expect((await list('actorKind=system')).totalCount).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    expect((await list(`from=${today}&to=${today}`)).totalCount).toBe(2);
    expect((await list('from=2099-01-01')).totalCount).toBe(0);
    expect((await list('to=2020-01-01')).totalCount).toBe(0);
    const paged = await list('pageSize=1&page=2');
    expect(paged).toMatchObject({ totalCount: 2, items: [expect.objectContaining({ bulk: expect.any(Object) })] });

    // Bad filters are a 400 naming the field; the whole history is for administrators.
    const refused = async (query: string, field: string) => {
      const res = await app.request('GET', `/api/history?${query}`, { token: admin });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await refused('action=nope', 'action');
    await refused('actorKind=nope', 'actorKind');
    await refused('from=2026-02-30', 'from');
    await refused('from=2026-03-02&to=2026-03-01', 'to');
    await refused('actorUserId=abc', 'actorUserId');
    await refused('bulkId=abc', 'bulkId');
    expect((await app.request('GET', '/api/history', { token: staff.token })).status).toBe(403);
  });

  it('writes the entry in the change’s transaction: a change rolled back leaves none, a committed one has one', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 2 });
    const [a] = await book(sessionId, 1);
    // The cancellation's last write fails after its history entry was written: all of it is rolled back.
    await app.sql(`CREATE FUNCTION refuse_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${a.id} AND NEW.state = 1 THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await app.sql(
      `CREATE TRIGGER refuse_cancel BEFORE UPDATE ON registrations FOR EACH ROW EXECUTE FUNCTION refuse_cancel()`,
    );
    try {
      const refused = await app.request('POST', `/api/registrations/${a.id}/cancel`, { token: admin });
      expect(refused.status).toBe(500);
    } finally {
      await app.sql(`DROP TRIGGER refuse_cancel ON registrations; DROP FUNCTION refuse_cancel()`);
    }
    expect(await actions(a.id)).toEqual(['created']);
    expect((await app.sql(`SELECT state FROM registrations WHERE id = $1`, [a.id]))[0].state).toBe(0);

    // A refused edit (the e-mail of another person in the session) writes nothing either.
    const [other] = await book(sessionId, 1);
    const clash = await app.request('PUT', `/api/events/registrations/${a.id}`, {
      token: admin,
      body: { ...editable(a.n), email: attendee(other.n).email },
    });
    expect(clash.status).toBe(409);
    expect(await actions(a.id)).toEqual(['created']);

    await ok('POST', `/api/registrations/${a.id}/cancel`);
    expect(await actions(a.id)).toEqual(['created', 'cancelled']);
  });

  it('records each of many simultaneous cancellations and the promotions they cause exactly once', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 6, maxQueueSpots: 10 });
    const people = await book(sessionId, 12); // 6 seated, 6 waiting
    const seated = people.slice(0, 6);
    const waiting = await waitingIds(app, sessionId);
    const answers = await Promise.all(
      seated.map((p) => app.request('POST', `/api/registrations/${p.id}/cancel`, { token: admin })),
    );
    expect(answers.map((r) => r.status)).toEqual(seated.map(() => 200));
    const rows = await app.sql<{ action: string; subject_id: number; n: number }>(
      `SELECT action, subject_id, count(*)::int AS n FROM history_entries
        WHERE session_id = $1 AND subject_kind = 'registration' GROUP BY 1, 2 ORDER BY 1, 2`,
      [sessionId],
    );
    expect(rows).toEqual([
      ...seated.map((p) => ({ action: 'cancelled', subject_id: p.id, n: 1 })),
      ...[...waiting].sort((x, y) => x - y).map((id) => ({ action: 'promoted', subject_id: id, n: 1 })),
    ]);
  });

  it('keeps staff changes to events and sessions, with values before and after, for administrators only', async () => {
    const eventId = 9100;
    await postEvent(app, admin, eventId, { status: 0 });
    const session = await postSession(app, admin, eventId, { maxAttendees: 20, reservedSpots: 5 });
    await ok('PUT', `/api/events/${eventId}`, {
      ...eventBody(eventId, { status: 1, description: '<p>Otra</p>' }),
    });
    await ok('PUT', `/api/events/${eventId}/sessions/${session.id}/toggle-registration`, { isOpen: false });
    await ok('PUT', `/api/events/${eventId}/sessions/${session.id}/max-attendees`, { maxAttendees: 25 });
    await ok('PUT', `/api/events/${eventId}/sessions/${session.id}/toggle-promotion-lock`, { isLocked: true });
    // A refused change (below the reserved spots in use is fine, above capacity is not) records nothing.
    const refused = await app.request('PUT', `/api/events/${eventId}/sessions/${session.id}/reserved-spots`, {
      token: admin,
      body: { reservedSpots: 30 },
    });
    expect(refused.status).toBe(400);

    const res = await app.request<HistoryEntry[]>('GET', `/api/history/events/${eventId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((e) => ({ subject: e.subject, ...brief(e) })).reverse()).toEqual([
      { subject: 'event', action: 'eventCreated', actorKind: 'staff', actorLabel: adminName, changes: [] },
      {
        subject: 'session',
        action: 'sessionCreated',
        actorKind: 'staff',
        actorLabel: adminName,
        changes: [
          { field: 'maxAttendees', to: 20 },
          { field: 'reservedSpots', to: 5 },
          { field: 'maxQueueSpots', to: 10 },
        ],
      },
      {
        subject: 'event',
        action: 'eventUpdated',
        actorKind: 'staff',
        actorLabel: adminName,
        changes: [{ field: 'description' }, { field: 'status', from: 0, to: 1 }],
      },
      ...[
        { field: 'isRegistrationOpen', from: true, to: false },
        { field: 'maxAttendees', from: 20, to: 25 },
        { field: 'isPromotionLocked', from: false, to: true },
      ].map((change) => ({
        subject: 'session',
        action: 'sessionUpdated',
        actorKind: 'staff',
        actorLabel: adminName,
        changes: [change],
      })),
    ]);
    const ofSession = await app.request<HistoryEntry[]>(
      'GET',
      `/api/history/events/${eventId}/sessions/${session.id}`,
      { token: admin },
    );
    expect(ofSession.body.map((e) => e.action)).toEqual([
      'sessionUpdated',
      'sessionUpdated',
      'sessionUpdated',
      'sessionCreated',
    ]);

    // Staff who may read events and registrations, but not change the settings, see people's history only.
    const staff = await app.staffWith(['Events.Read', 'Registrations.Read']);
    expect((await app.request('GET', `/api/history/events/${eventId}`, { token: staff.token })).status).toBe(403);
    const { sessionId } = await createSession(app);
    const [p] = await book(sessionId, 1);
    expect((await history(p.id, staff.token)).map((e) => e.action)).toEqual(['created']);
    expect((await app.request('GET', '/api/history/registrations/999999', { token: admin })).status).toBe(404);
  });

  it('records the waiting-list limit of all coming sessions, per session changed, all or none', async () => {
    const eventId = 9101;
    await postEvent(app, admin, eventId);
    const roomy = await postSession(app, admin, eventId, { maxQueueSpots: 10 });
    const already = await postSession(app, admin, eventId, { maxQueueSpots: 4 });
    const crowded = await createSession(app, { maxAttendees: 1, maxQueueSpots: 8 });
    await book(crowded.sessionId, 7); // 6 waiting: its limit never goes below them
    const entries = async (sessionIds: number[]) =>
      app.sql<{ subject_id: number; changes: unknown; actor_kind: string; event_id: number }>(
        `SELECT subject_id, changes, actor_kind, event_id FROM history_entries
          WHERE subject_kind = 'session' AND action = 'sessionUpdated' AND subject_id = ANY($1::int[]) ORDER BY id`,
        [sessionIds],
      );
    const ids = [roomy.id, already.id, crowded.sessionId];

    // One session's write fails: none is changed and none recorded.
    await app.sql(`CREATE FUNCTION refuse_limit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = ${crowded.sessionId} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await app.sql(
      `CREATE TRIGGER refuse_limit BEFORE UPDATE ON event_sessions FOR EACH ROW EXECUTE FUNCTION refuse_limit()`,
    );
    try {
      const refused = await app.request('POST', '/api/settings/bulk-update-queue-limits', {
        token: admin,
        body: { newQueueLimit: 4 },
      });
      expect(refused.status).toBe(500);
    } finally {
      await app.sql(`DROP TRIGGER refuse_limit ON event_sessions; DROP FUNCTION refuse_limit()`);
    }
    expect(await entries(ids)).toEqual([]);
    expect(
      (await app.sql(`SELECT max_queue_spots FROM event_sessions WHERE id = $1`, [roomy.id]))[0].max_queue_spots,
    ).toBe(10);

    const res = await ok('POST', '/api/settings/bulk-update-queue-limits', { newQueueLimit: 4 });
    expect(res.updatedSessions).toBeGreaterThanOrEqual(2);
    expect(await entries(ids)).toEqual([
      {
        subject_id: roomy.id,
        changes: [{ field: 'maxQueueSpots', from: 10, to: 4 }],
        actor_kind: 'staff',
        event_id: eventId,
      },
      {
        subject_id: crowded.sessionId,
        changes: [{ field: 'maxQueueSpots', from: 8, to: 6 }],
        actor_kind: 'staff',
        event_id: crowded.eventId,
      },
    ]);
    const ofSession = await app.request<HistoryEntry[]>('GET', `/api/history/events/${eventId}/sessions/${roomy.id}`, {
      token: admin,
    });
    expect(brief(ofSession.body[0])).toEqual({
      action: 'sessionUpdated',
      actorKind: 'staff',
      actorLabel: adminName,
      changes: [{ field: 'maxQueueSpots', from: 10, to: 4 }],
    });
  });

  it('records a session’s deletion in its event’s history, and keeps an event’s history after its deletion', async () => {
    const eventId = 9102;
    await postEvent(app, admin, eventId);
    const first = await postSession(app, admin, eventId, { startDate: '2030-06-01', endDate: '2030-06-01' });
    const second = await postSession(app, admin, eventId, { startDate: '2030-06-02', endDate: '2030-06-02' });
    const third = await postSession(app, admin, eventId, { startDate: '2030-06-03', endDate: '2030-06-03' });
    const eventHistory = (id = eventId) =>
      app.request<HistoryEntry[]>('GET', `/api/history/events/${id}`, { token: admin });
    const deletions = async () =>
      (await eventHistory()).body
        .filter((e) => e.action === 'sessionDeleted' || e.action === 'eventDeleted')
        .map((e) => ({ subject: e.subject, subjectId: e.subjectId, sessionId: e.sessionId, ...brief(e) }));

    // Refused (someone registered) or rolled back: nothing recorded.
    const [booked] = await book(third.id, 1);
    const busy = await app.request('DELETE', `/api/events/${eventId}/sessions/${third.id}`, { token: admin });
    expect(busy.status).toBe(409);
    await app.sql(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await app.sql(
      `CREATE TRIGGER refuse_delete BEFORE DELETE ON event_sessions FOR EACH ROW EXECUTE FUNCTION refuse_delete()`,
    );
    try {
      const failed = await app.request('DELETE', `/api/events/${eventId}/sessions/${first.id}`, { token: admin });
      expect(failed.status).toBe(500);
    } finally {
      await app.sql(`DROP TRIGGER refuse_delete ON event_sessions; DROP FUNCTION refuse_delete()`);
    }
    expect(await deletions()).toEqual([]);

    await ok('DELETE', `/api/events/${eventId}/sessions/${first.id}`);
    const me = { actorKind: 'staff', actorLabel: adminName };
    const deletedFirst = {
      subject: 'session',
      subjectId: first.id,
      sessionId: first.id,
      action: 'sessionDeleted',
      ...me,
      changes: [
        { field: 'startDate', from: '2030-06-01', to: null },
        { field: 'startTime', from: '10:00:00', to: null },
      ],
    };
    expect(await deletions()).toEqual([deletedFirst]);
    const ofDeleted = await app.request<HistoryEntry[]>('GET', `/api/history/events/${eventId}/sessions/${first.id}`, {
      token: admin,
    });
    expect(ofDeleted.body.map((e) => e.action)).toEqual(['sessionDeleted', 'sessionCreated']);

    // The whole event: its remaining sessions' deletions, then its own, with its title; all still readable.
    await ok('POST', `/api/registrations/${booked.id}/cancel`);
    await ok('DELETE', `/api/events/${eventId}`);
    expect(await app.sql(`SELECT 1 FROM events WHERE id = $1`, [eventId])).toEqual([]);
    expect(await deletions()).toEqual([
      {
        subject: 'event',
        subjectId: eventId,
        sessionId: null,
        action: 'eventDeleted',
        ...me,
        changes: [{ field: 'title', from: `Evento ${eventId}`, to: null }],
      },
      ...[third, second].map((session) => expect.objectContaining({ subjectId: session.id, action: 'sessionDeleted' })),
      deletedFirst,
    ]);
    expect((await eventHistory()).body.at(-1)?.action).toBe('eventCreated');
    // An event that never existed (nor left any history) is still a 404.
    expect((await eventHistory(9199)).status).toBe(404);
  });

  it('GDPR: the export carries the person’s history; erasure removes it', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 5 });
    const [p] = await book(sessionId, 1);
    await ok('POST', `/api/events/registrations/${p.id}/resend-email`);
    const address = encodeURIComponent(attendee(p.n).email);
    const exported = await app.request<GdprExport>('GET', `/api/admin/gdpr/export/${address}`, { token: admin });
    expect(exported.status).toBe(200);
    expect(exported.body.history.map((e) => [e.subjectId, e.action])).toEqual([
      [p.id, 'created'],
      [p.id, 'emailResent'],
    ]);
    const erased = await app.request<GdprDeleteResult>('DELETE', `/api/admin/gdpr/delete/${address}`, { token: admin });
    expect(erased.status).toBe(200);
    expect(erased.body.deletedHistoryEntries).toBe(1);
    expect(
      await app.sql(`SELECT 1 FROM history_entries WHERE subject_kind = 'registration' AND subject_id = $1`, [p.id]),
    ).toEqual([]);
  });
});
