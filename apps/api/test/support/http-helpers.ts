import type { TestApp } from '@evreg/testing';

/** Every row the events module writes or removes. Two equal snapshots mean nothing was written. */
export async function snapshotEventTables(app: TestApp) {
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
  const before = await snapshotEventTables(app);
  const res = await app.request(method, path, { token, body });
  expect({ body, status: res.status, code: res.body.code, errors: res.body.errors }).toEqual({
    body,
    status: 400,
    code: 'VALIDATION_FAILED',
    errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
  });
  expect(Object.values(errors)).toContain(res.body.message);
  expect(await snapshotEventTables(app)).toEqual(before);
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

export async function postEvent(app: TestApp, token: string, id: number, overrides: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/api/events', { token, body: eventBody(id, overrides) });
  if (res.status !== 201) throw new Error(`postEvent ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function postSession(
  app: TestApp,
  token: string,
  eventId: number,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.request('POST', `/api/events/${eventId}/sessions`, { token, body: sessionBody(overrides) });
  if (res.status !== 201) throw new Error(`postSession ${eventId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function validationError(field: string, message: string) {
  return { statusCode: 400, code: 'VALIDATION_FAILED', message, errors: { [field]: [message] } };
}

/** A session's day as the e-mails write it in `locale` (Madrid time). */
export const longDate = (locale: string, date: Date) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Europe/Madrid',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
