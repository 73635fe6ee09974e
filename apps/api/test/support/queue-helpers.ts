import { attendee } from '@evreg/testing';
import type { TestApp } from '@evreg/testing';

/** Registers people n, n+1, ... through the public booking API, one request each, in order: they fill the
 * free online seats, then the waiting list. Answers the registration ids. */
export async function registerPeople(app: TestApp, sessionId: number, from: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = from; n < from + count; n++) {
    const res = await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
      body: { eventSessionId: sessionId, ...attendee(n) },
    });
    if (res.status !== 201) throw new Error(`registerPeople ${n}: ${res.status} ${JSON.stringify(res.body)}`);
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
export async function snapshot(app: TestApp, sessionId: number) {
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

export function validationError(field: string, message: string) {
  return { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { [field]: [message] } };
}
