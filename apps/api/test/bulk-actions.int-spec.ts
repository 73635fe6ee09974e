import { attendee, createSession, insertSession, invariantProblems, registerOnline, waitingIds } from '@evreg/testing';
import { NetelipStub, TestApp } from '@evreg/testing';
import type { HistoryEntry } from '@evreg/contracts';

const M = {
  alreadyCancelled: 'Esta inscripción ya está cancelada',
  resendOnlyActive: 'Solo se puede reenviar el email de una inscripción activa',
  noRoom: 'No cabe: sesión completa y lista de espera llena',
  idsRequired: 'Selecciona al menos una inscripción',
  tooMany: 'No se pueden procesar más de 500 inscripciones a la vez',
  otherEvent: 'La sesión de destino debe ser del mismo evento que todas las inscripciones seleccionadas',
};

describe('Bulk actions on a selection of registrations', () => {
  let app: TestApp;
  let netelip: NetelipStub;
  let admin: string;
  let staffA: string;
  let staffB: string;
  let person = 5000;

  const bulk = (action: string, body: object, token = admin, key?: string) =>
    app.request('POST', `/api/bulk/registrations/${action}`, {
      token,
      body,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const book = async (sessionId: number, count: number) => {
    const ids = await registerOnline(app, sessionId, person, count);
    person += count;
    return ids;
  };
  const emailsOf = async (type: string, ids: number[]) =>
    (
      await app.sql(
        `SELECT registration_id FROM email_messages WHERE email_type = $1 AND registration_id = ANY($2::int[]) ORDER BY registration_id`,
        [type, ids],
      )
    ).map((row: { registration_id: number }) => row.registration_id);
  const nameOf = async (id: number) =>
    (await app.sql(`SELECT first_name || ' ' || last_name AS name FROM registrations WHERE id = $1`, [id]))[0].name;
  const states = async (ids: number[]) =>
    app.sql(`SELECT id, session_id, state, queue_position FROM registrations WHERE id = ANY($1::int[]) ORDER BY id`, [
      ids,
    ]);

  beforeAll(async () => {
    netelip = await NetelipStub.start();
    app = await TestApp.start({ env: { NETELIP_BASE_URL: netelip.url } });
    admin = await app.adminToken();
    const permissions = ['Registrations.Read', 'Registrations.Update'] as const;
    [staffA, staffB] = (await Promise.all([app.staffWith([...permissions]), app.staffWith([...permissions])])).map(
      (staff) => staff.token,
    );
  });
  afterAll(async () => {
    await app.close();
    await netelip.close();
  });

  it('cancels a selection with exact promotions, and reports the ones already cancelled', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 3, maxQueueSpots: 3 });
    const [a, b, c, w1, w2] = await book(sessionId, 5);
    const first = await bulk('cancel', { registrationIds: [a, b, a] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 2, done: 2, skipped: 0, promoted: [w1, w2] });
    expect(first.body.items).toEqual([
      { registrationId: a, name: await nameOf(a), status: 'done', reason: null, promoted: [w1], queuePosition: null },
      { registrationId: b, name: await nameOf(b), status: 'done', reason: null, promoted: [w2], queuePosition: null },
    ]);
    const again = await bulk('cancel', { registrationIds: [b, c] });
    expect(again.body).toMatchObject({ total: 2, done: 1, skipped: 1, promoted: [] });
    expect(again.body.items[0]).toMatchObject({ registrationId: b, status: 'skipped', reason: M.alreadyCancelled });
    expect(await emailsOf('Cancellation', [a, b, c])).toEqual([a, b, c]);
    expect(await emailsOf('Promotion', [w1, w2])).toEqual([w1, w2]);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('two staff members cancelling overlapping selections at once: each cancelled once, promotions exact', async () => {
    const { sessionId } = await createSession(app, { maxAttendees: 6, maxQueueSpots: 4 });
    const ids = await book(sessionId, 10);
    const [seated, waiting] = [ids.slice(0, 6), ids.slice(6)];
    const answers = await Promise.all([
      bulk('cancel', { registrationIds: seated.slice(0, 4) }, staffA),
      bulk('cancel', { registrationIds: seated.slice(2) }, staffB),
      bulk('cancel', { registrationIds: [...seated].reverse() }, staffA),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.reduce((sum, res) => sum + res.body.done, 0)).toBe(6);
    expect(answers.reduce((sum, res) => sum + res.body.skipped, 0)).toBe(14 - 6);
    const promoted = answers.flatMap((res) => res.body.promoted as number[]).sort((x, y) => x - y);
    expect(promoted).toEqual(waiting);
    expect(await emailsOf('Cancellation', seated)).toEqual(seated);
    expect(await emailsOf('Promotion', waiting)).toEqual(waiting);
    expect(await invariantProblems(app, sessionId)).toEqual([]);
  });

  it('resends confirmations once per Idempotency-Key, skipping the cancelled', async () => {
    const { sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    await bulk('cancel', { registrationIds: [b] });
    const key = `reenvio-${sessionId}`;
    const [first, double] = await Promise.all([
      bulk('resend-email', { registrationIds: [a, b] }, admin, key),
      bulk('resend-email', { registrationIds: [a, b] }, admin, key),
    ]);
    // One ran; the other was either the replay of its report or told it is still running.
    const ran = [first, double].find((res) => res.status === 200)!;
    expect(ran.body).toMatchObject({ total: 2, done: 1, skipped: 1 });
    expect(ran.body.items[1]).toMatchObject({ registrationId: b, status: 'skipped', reason: M.resendOnlyActive });
    for (const res of [first, double])
      expect(res.status === 409 ? 'running' : res.body).toEqual(res.status === 409 ? 'running' : ran.body);
    const replay = await bulk('resend-email', { registrationIds: [a, b] }, admin, key);
    expect(replay.body).toEqual(ran.body);
    // The booking's e-mail and exactly one resend.
    expect(await emailsOf('Registration', [a])).toEqual([a, a]);
    const reused = await bulk('resend-email', { registrationIds: [a] }, admin, key);
    expect(reused.status).toBe(422);
  });

  it('moves a selection to another session of the event: seated, queued, what does not fit reported', async () => {
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 3, maxQueueSpots: 2 });
    const target = await insertSession(app, eventId, { maxAttendees: 2, maxQueueSpots: 1 });
    const [a, b, c, w1] = await book(source, 4);
    const [t1] = await book(target, 1);
    const res = await bulk('move', { registrationIds: [a, b, c], targetSessionId: target });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, done: 2, skipped: 1, promoted: [w1] });
    expect(res.body.items).toEqual([
      { registrationId: a, name: await nameOf(a), status: 'done', reason: null, promoted: [w1], queuePosition: null },
      { registrationId: b, name: await nameOf(b), status: 'done', reason: null, promoted: [], queuePosition: 1 },
      {
        registrationId: c,
        name: await nameOf(c),
        status: 'skipped',
        reason: M.noRoom,
        promoted: [],
        queuePosition: null,
      },
    ]);
    expect(await states([a, b, c, w1, t1])).toEqual([
      { id: a, session_id: target, state: 0, queue_position: null },
      { id: b, session_id: target, state: 2, queue_position: 1 },
      { id: c, session_id: source, state: 0, queue_position: null },
      { id: w1, session_id: source, state: 0, queue_position: null },
      { id: t1, session_id: target, state: 0, queue_position: null },
    ]);
    // Each moved person's history says from which session to which; the one refused has no such entry.
    const moves = async (id: number) =>
      (await app.request<HistoryEntry[]>('GET', `/api/history/registrations/${id}`, { token: admin })).body
        .filter((entry) => entry.action === 'sessionChanged')
        .map((entry) => entry.changes);
    expect(await moves(b)).toEqual([
      [
        {
          field: 'sessionId',
          from: source,
          to: target,
          fromText: expect.stringMatching(/^Evento \d+ · /),
          toText: expect.stringMatching(/^Evento \d+ · /),
        },
        { field: 'queuePosition', from: null, to: 1 },
      ],
    ]);
    expect(await moves(c)).toEqual([]);
    // The Registration e-mail of the new session (after the booking's), the Queue e-mail for the one waiting there.
    expect(await emailsOf('Registration', [a])).toEqual([a, a]);
    expect(await emailsOf('Queue', [b])).toEqual([b]);
    expect(await invariantProblems(app, source)).toEqual([]);
    expect(await invariantProblems(app, target)).toEqual([]);
  });

  it('moves a booking’s two people together or not at all', async () => {
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 4 });
    const roomy = await insertSession(app, eventId, { maxAttendees: 4 });
    const tight = await insertSession(app, eventId, { maxAttendees: 1, maxQueueSpots: 0 });
    const pair = await app.request('POST', `/api/events/sessions/${source}/bulk-registrations`, {
      body: { registrations: [attendee(++person), attendee(++person)].map((p) => ({ eventSessionId: source, ...p })) },
    });
    const [holder, companion] = pair.body.results.map((r: { registrationId: number }) => r.registrationId);
    const refused = await bulk('move', { registrationIds: [companion], targetSessionId: tight });
    expect(refused.body).toMatchObject({ total: 2, done: 0, skipped: 2 });
    expect((await states([holder, companion])).map((row: { session_id: number }) => row.session_id)).toEqual([
      source,
      source,
    ]);
    const moved = await bulk('move', { registrationIds: [companion], targetSessionId: roomy });
    expect(moved.body).toMatchObject({ total: 2, done: 2, skipped: 0 });
    // The holder came along unselected (not on the caller's page): the report names both.
    expect(
      moved.body.items.map((item: { registrationId: number; name: string }) => [item.registrationId, item.name]),
    ).toEqual([
      [holder, await nameOf(holder)],
      [companion, await nameOf(companion)],
    ]);
    expect((await states([holder, companion])).map((row: { session_id: number }) => row.session_id)).toEqual([
      roomy,
      roomy,
    ]);
    expect(await invariantProblems(app, source)).toEqual([]);
    expect(await invariantProblems(app, roomy)).toEqual([]);
  });

  it('two staff members moving people into one session at once never overfill it', async () => {
    const { eventId, sessionId: one } = await createSession(app, { maxAttendees: 5 });
    const two = await insertSession(app, eventId, { maxAttendees: 5 });
    const target = await insertSession(app, eventId, { maxAttendees: 3, maxQueueSpots: 2 });
    const fromOne = await book(one, 5);
    const fromTwo = await book(two, 5);
    const answers = await Promise.all([
      bulk('move', { registrationIds: fromOne, targetSessionId: target }, staffA),
      bulk('move', { registrationIds: fromTwo, targetSessionId: target }, staffB),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(answers[0].body.done + answers[1].body.done).toBe(5);
    expect(answers[0].body.skipped + answers[1].body.skipped).toBe(5);
    const [counts] = await app.sql(`SELECT online_registered, queue_count FROM event_sessions WHERE id = $1`, [target]);
    expect(counts).toEqual({ online_registered: 3, queue_count: 2 });
    expect((await waitingIds(app, target)).length).toBe(2);
    for (const id of [one, two, target]) expect(await invariantProblems(app, id)).toEqual([]);
  });

  it('a cancel racing a move follows the person to their new session: counters right in both', async () => {
    const { eventId, sessionId: source } = await createSession(app, { maxAttendees: 4 });
    const target = await insertSession(app, eventId, { maxAttendees: 4 });
    const people = await book(source, 4);
    const [moved, cancelled] = await Promise.all([
      bulk('move', { registrationIds: people, targetSessionId: target }, staffA),
      bulk('cancel', { registrationIds: [...people].reverse() }, staffB),
    ]);
    expect([moved.status, cancelled.status]).toEqual([200, 200]);
    expect(cancelled.body).toMatchObject({ done: 4, skipped: 0 });
    expect((await states(people)).map((row: { state: number }) => row.state)).toEqual([1, 1, 1, 1]);
    expect(await invariantProblems(app, source)).toEqual([]);
    expect(await invariantProblems(app, target)).toEqual([]);
  });

  it('notifies just the selection by e-mail and SMS (cost estimated), naming who is not active', async () => {
    const { sessionId } = await createSession(app);
    const [a, b, c] = await book(sessionId, 3);
    await bulk('cancel', { registrationIds: [c] });
    // Asked first (the confirmation's count and SMS estimate): who it reaches, per session, and nothing sent.
    const audience = await bulk('notify/audience', { registrationIds: [a, b, c, a] });
    expect(audience.status).toBe(200);
    const [session] = await app.sql(
      `SELECT e.title, to_char(s.start_date, 'YYYY-MM-DD') AS date, to_char(s.start_time, 'HH24:MI') AS time
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
      [sessionId],
    );
    expect(audience.body).toEqual({
      selected: 3,
      recipients: 2,
      sessions: [
        {
          eventTitle: session.title,
          startDate: session.date,
          startTime: session.time,
          isAllDay: false,
          recipients: 2,
          withPhone: 2,
        },
      ],
    });
    expect(await emailsOf('Notification', [a, b, c])).toEqual([]);
    expect((await bulk('notify/audience', { registrationIds: [] })).status).toBe(400);
    const email = await bulk('notify', { registrationIds: [a, c], type: 1, message: 'Cambio de sala' });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ totalRecipients: 1, successCount: 1, failedCount: 0, totalCost: 0 });
    expect(email.body.errors).toEqual([
      `${await nameOf(c)} (registro ${c}): No está activa: no se le envía la notificación`,
    ]);
    expect(await emailsOf('Notification', [a, b, c])).toEqual([a]);

    await app.request('PUT', '/api/smssettings', {
      token: admin,
      body: { smsEnabled: true, senderName: 'EVENTOS', netelipToken: 'tok' },
    });
    const sms = await bulk('notify', { registrationIds: [a, b], type: 0, message: 'Llegad pronto' });
    expect(sms.body).toMatchObject({
      totalRecipients: 2,
      successCount: 2,
      failedCount: 0,
      totalCost: expect.any(Number),
    });
    expect(sms.body.totalCost).toBeGreaterThan(0);
    const rows = await app.sql(
      `SELECT registration_id FROM sms_messages WHERE sms_type = 'Notification' AND session_id = $1 ORDER BY registration_id`,
      [sessionId],
    );
    expect(rows.map((row: { registration_id: number }) => row.registration_id)).toEqual([a, b]);
  });

  it('adds a selection to the blacklist, one entry per person in their session, with its message', async () => {
    const { eventId, sessionId } = await createSession(app);
    const [a, b] = await book(sessionId, 2);
    const res = await bulk('blacklist', { registrationIds: [a, b], blackListReason: 0, expiresAt: '2099-12-31' });
    expect(res.body).toMatchObject({ total: 2, done: 2, skipped: 0 });
    const entries = await app.sql(
      `SELECT event_id, event_session_id FROM blacklist_entries WHERE email IN (SELECT email FROM registrations WHERE id = ANY($1::int[]))`,
      [[a, b]],
    );
    expect(entries).toEqual([
      { event_id: eventId, event_session_id: sessionId },
      { event_id: eventId, event_session_id: sessionId },
    ]);
    // Each action needs its single version's permission.
    expect(
      (await bulk('blacklist', { registrationIds: [a], blackListReason: 0, expiresAt: '2099-12-31' }, staffA)).status,
    ).toBe(403);
    expect((await bulk('notify', { registrationIds: [a], type: 1, message: 'Hola' }, staffA)).status).toBe(403);
  });

  it('refuses bad selections with a Spanish 400 naming the field, writing nothing', async () => {
    const { sessionId } = await createSession(app);
    const other = await createSession(app);
    const [a] = await book(sessionId, 1);
    const empty = await bulk('cancel', { registrationIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ registrationIds: [M.idsRequired] });
    const tooMany = await bulk('cancel', { registrationIds: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.registrationIds).toContain(M.tooMany);
    const unknown = await bulk('cancel', { registrationIds: [a, 2_000_000_000] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ registrationIds: ['No existen las inscripciones: 2000000000'] });
    const elsewhere = await bulk('move', { registrationIds: [a], targetSessionId: other.sessionId });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual({ targetSessionId: [M.otherEvent] });
    expect(await states([a])).toEqual([{ id: a, session_id: sessionId, state: 0, queue_position: null }]);
  });
});
