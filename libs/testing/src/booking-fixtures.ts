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
