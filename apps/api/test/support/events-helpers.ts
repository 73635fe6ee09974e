import type { TestApp } from '@evreg/testing';

/** Every row the events module writes or removes. Two equal snapshots mean nothing was written. */
export async function snapshot(app: TestApp) {
  return {
    events: await app.sql(`SELECT * FROM events ORDER BY id`),
    sessions: await app.sql(`SELECT * FROM event_sessions ORDER BY id`),
    registrations: await app.sql(`SELECT * FROM registrations ORDER BY id`),
    holds: await app.sql(`SELECT * FROM ticket_holds ORDER BY id`),
  };
}

/** Asserts a 400 whose `errors` are exactly these (one message per field), whose message is one of them, and
 * that nothing was written. */
export async function expectValidationRefusal(
  app: TestApp,
  token: string,
  method: string,
  path: string,
  body: unknown,
  errors: Record<string, string>,
) {
  const before = await snapshot(app);
  const res = await app.request(method, path, { token, body });
  expect({ body, status: res.status, code: res.body.code, errors: res.body.errors }).toEqual({
    body,
    status: 400,
    code: 'VALIDATION_FAILED',
    errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
  });
  expect(Object.values(errors)).toContain(res.body.message);
  expect(await snapshot(app)).toEqual(before);
}

/** A complete event form (docs/product.md §3, Event admin) for POST /api/events. */
export function eventBody(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: `Evento ${id}`,
    description: '<p>Una descripción con <strong>formato</strong>.</p>',
    eventCategoryId: 1,
    city: 'Madrid',
    address: 'Plaza Mayor 1',
    place: 'Auditorio municipal',
    postalCode: '28001',
    organizerName: 'Ayuntamiento',
    status: 1,
    ...overrides,
  };
}

/** The session form's defaults (docs/product.md §9): capacity 20, reserved 5, queue 10, 10:00-11:30. */
export function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    startDate: '2030-05-09',
    endDate: '2030-05-09',
    startTime: '10:00',
    endTime: '11:30',
    maxAttendees: 20,
    reservedSpots: 5,
    maxQueueSpots: 10,
    ...overrides,
  };
}

export async function createEvent(app: TestApp, token: string, id: number, overrides: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/api/events', { token, body: eventBody(id, overrides) });
  if (res.status !== 201) throw new Error(`createEvent ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createSession(
  app: TestApp,
  token: string,
  eventId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.request('POST', `/api/events/${eventId}/sessions`, { token, body: sessionBody(overrides) });
  if (res.status !== 201) throw new Error(`createSession ${eventId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
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
