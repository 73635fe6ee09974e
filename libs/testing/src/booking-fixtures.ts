import type { TestApp } from './test-app';

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A valid DNI for any number: the check letter computed as the rule says. */
export function dni(n: number): string {
  return `${String(n).padStart(8, '0')}${LETTERS[n % 23]}`;
}

export function attendee(n: number, overrides: Record<string, unknown> = {}) {
  const email = `persona${n}@example.com`;
  return {
    firstName: `Nombre${n}`,
    lastName: `Apellido ${n}`,
    email,
    confirmEmail: email,
    userTaxId: dni(n),
    telephoneNumber: '600123456',
    gdprConsent: true,
    ...overrides,
  };
}

let nextEventId = 1000;

export interface SessionOptions {
  maxAttendees?: number;
  reservedSpots?: number;
  maxQueueSpots?: number;
  eventStatus?: number;
  isRegistrationOpen?: boolean;
  startsInHours?: number;
}

/** A session of an existing event, straight into the database: starts `startsInHours` from now (72) and lasts an
 * hour and a half, 10 seats, none reserved, a waiting list of 5, open, unless the options say otherwise. */
export async function insertSession(
  app: TestApp,
  eventId: number,
  options: Omit<SessionOptions, 'eventStatus'> = {},
): Promise<number> {
  const hours = options.startsInHours ?? 72;
  const [session] = await app.sql(
    `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots, is_registration_open)
     VALUES ($1, (now() + make_interval(hours => $2))::date, (now() + make_interval(hours => $2))::date, '10:00', '11:30',
             now() + make_interval(hours => $2), now() + make_interval(hours => $2 + 1), $3, $4, $5, $6)
     RETURNING id`,
    [
      eventId,
      hours,
      options.maxAttendees ?? 10,
      options.reservedSpots ?? 0,
      options.maxQueueSpots ?? 5,
      options.isRegistrationOpen ?? true,
    ],
  );
  return session.id;
}

/** A Live event with one session, straight into the database (the events API has its own tests). */
export async function createSession(
  app: TestApp,
  options: SessionOptions = {},
): Promise<{ eventId: number; sessionId: number }> {
  const eventId = nextEventId++;
  await app.sql(
    `INSERT INTO events (id, title, description, city, status) VALUES ($1, $2, '<p>Descripción</p>', 'Madrid', $3)`,
    [eventId, `Evento ${eventId}`, options.eventStatus ?? 1],
  );
  return { eventId, sessionId: await insertSession(app, eventId, options) };
}

/** Every capacity invariant of docs/domain.md, checked against the rows themselves. Answers the problems found. */
export async function invariantProblems(app: TestApp, sessionId: number): Promise<string[]> {
  const [s] = await app.sql(
    `SELECT s.*,
       (SELECT count(*)::int FROM registrations WHERE session_id = s.id AND state = 0 AND NOT uses_reserved_spot) AS online_rows,
       (SELECT count(*)::int FROM registrations WHERE session_id = s.id AND state = 0 AND uses_reserved_spot) AS reserved_rows,
       (SELECT count(*)::int FROM registrations WHERE session_id = s.id AND state = 2) AS waiting_rows,
       (SELECT coalesce(sum(spots), 0)::int FROM ticket_holds WHERE session_id = s.id) AS held_rows,
       (SELECT coalesce(sum(spots), 0)::int FROM ticket_holds WHERE session_id = s.id AND expires_at > now()) AS live_held,
       (SELECT coalesce(array_agg(queue_position ORDER BY queue_position), '{}') FROM registrations WHERE session_id = s.id AND state = 2) AS positions,
       (SELECT count(*)::int FROM (SELECT email FROM registrations WHERE session_id = s.id AND state IN (0, 2) GROUP BY email HAVING count(*) > 1) d) AS dup_emails
     FROM event_sessions s WHERE s.id = $1`,
    [sessionId],
  );
  const problems: string[] = [];
  const online = s.max_attendees - s.reserved_spots;
  if (s.online_registered !== s.online_rows)
    problems.push(`online_registered ${s.online_registered} != rows ${s.online_rows}`);
  if (s.reserved_registered !== s.reserved_rows)
    problems.push(`reserved_registered ${s.reserved_registered} != rows ${s.reserved_rows}`);
  if (s.queue_count !== s.waiting_rows) problems.push(`queue_count ${s.queue_count} != rows ${s.waiting_rows}`);
  if (s.held_spots !== s.held_rows) problems.push(`held_spots ${s.held_spots} != rows ${s.held_rows}`);
  if (s.online_rows + s.live_held > online)
    problems.push(`online ${s.online_rows} + held ${s.live_held} > capacity ${online}`);
  if (s.reserved_rows > s.reserved_spots) problems.push('reserved overused');
  if (s.online_rows + s.reserved_rows > s.max_attendees) problems.push('above maxAttendees');
  if (s.waiting_rows > s.max_queue_spots) problems.push('queue above max');
  const expected = Array.from({ length: s.waiting_rows }, (_, i) => i + 1);
  if (JSON.stringify(s.positions) !== JSON.stringify(expected))
    problems.push(`positions ${JSON.stringify(s.positions)}`);
  if (s.dup_emails > 0) problems.push('same person twice');
  return problems;
}

let person = 0;

/** A registration row as the booking engine would write it, with the session's counters moved to match
 * (state 0 active, 1 cancelled, 2 waiting at the end of the list). */
export async function addRegistration(
  app: TestApp,
  sessionId: number,
  state: 0 | 1 | 2,
  options: { reserved?: boolean; registeredAt?: string } = {},
) {
  const n = ++person;
  const reserved = options.reserved ?? false;
  const [row] = await app.sql(
    `INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, uses_reserved_spot, queue_position, registered_at)
     VALUES ($1, $2::int, 'Nombre', 'Apellido', $3, $4, $5,
             CASE WHEN $2::int = 2 THEN (SELECT queue_count + 1 FROM event_sessions WHERE id = $1) END, coalesce($6::timestamptz, now()))
     RETURNING id`,
    [
      sessionId,
      state,
      `persona${n}@example.com`,
      `${String(n).padStart(8, '0')}X`,
      reserved,
      options.registeredAt ?? null,
    ],
  );
  if (state === 0) {
    await app.sql(
      `UPDATE event_sessions SET online_registered = online_registered + $2, reserved_registered = reserved_registered + $3 WHERE id = $1`,
      [sessionId, reserved ? 0 : 1, reserved ? 1 : 0],
    );
  }
  if (state === 2) await app.sql(`UPDATE event_sessions SET queue_count = queue_count + 1 WHERE id = $1`, [sessionId]);
  return row.id as number;
}

/** A hold row expiring `minutes` from now (negative: already expired, not yet deleted), with held_spots moved to match. */
export async function addHold(app: TestApp, sessionId: number, token: string, spots: 1 | 2, minutes: number) {
  await app.sql(
    `INSERT INTO ticket_holds (session_id, token, spots, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [sessionId, token, spots, minutes],
  );
  await app.sql(`UPDATE event_sessions SET held_spots = held_spots + $2 WHERE id = $1`, [sessionId, spots]);
}

/** Registers people n, n+1, ... through the public booking API, one request each, in order: they fill the
 * free online seats, then the waiting list. Answers the registration ids. */
export async function registerOnline(app: TestApp, sessionId: number, from: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = from; n < from + count; n++) {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });
    if (res.status !== 201) throw new Error(`registerOnline ${n}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return ids;
}

/** Waiting entries' ids in position order, straight from the rows. */
export async function waitingIds(app: TestApp, sessionId: number): Promise<number[]> {
  const rows = await app.sql<{ id: number }>(
    `SELECT id FROM registrations WHERE session_id = $1 AND state = 2 ORDER BY queue_position`,
    [sessionId],
  );
  return rows.map((row) => row.id);
}

/** Everything a staff change on a session could write: the session row, its registrations, its e-mails and
 * holds. Two equal snapshots mean nothing was written. */
export async function snapshotSession(app: TestApp, sessionId: number) {
  const [session] = await app.sql(`SELECT * FROM event_sessions WHERE id = $1`, [sessionId]);
  const registrations = await app.sql(`SELECT * FROM registrations WHERE session_id = $1 ORDER BY id`, [sessionId]);
  const emails = await app.sql(
    `SELECT id, email_type, registration_id FROM email_messages WHERE session_id = $1 ORDER BY id`,
    [sessionId],
  );
  const holds = await app.sql(`SELECT id, spots, expires_at FROM ticket_holds WHERE session_id = $1 ORDER BY id`, [
    sessionId,
  ]);
  return { session, registrations, emails, holds };
}

/** Promotion e-mails recorded for the session, as registration ids in ascending order (one promotion batch
 * records its e-mails in no particular order). */
export async function promotionEmails(app: TestApp, sessionId: number): Promise<number[]> {
  const rows = await app.sql<{ registration_id: number }>(
    `SELECT registration_id FROM email_messages WHERE session_id = $1 AND email_type = 'Promotion' ORDER BY registration_id`,
    [sessionId],
  );
  return rows.map((row) => row.registration_id);
}
