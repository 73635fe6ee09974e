import { SESSION_TOKEN_HEADER } from '@evreg/contracts';
import { APP_CONFIG, cancellationToken, type AppConfig } from '@evreg/api/src/testing';
import { attendee, dni, insertSession, type TestApp } from '@evreg/testing';

export { attendee, dni };

/** A small 3:1 banner as a data: URL (allowed by the page's CSP), so the event card looks as organisers use it. */
const BANNER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><defs><linearGradient id="g" x1="0" x2="1">' +
      '<stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>' +
      '<rect width="900" height="300" fill="url(#g)"/><circle cx="760" cy="80" r="120" fill="#ffffff22"/></svg>',
  );

let nextEventId = 7000;

export interface EventOptions {
  title?: string;
  /** 0 Draft, 1 Live. */
  status?: number;
  description?: string;
  banner?: boolean;
  /** Banner address as stored (default: a data: URL that loads). */
  imageUrl?: string;
  /** Euros; 0 (default) is free. */
  price?: number;
  /** As stored: free text, default 'Spain' (the spec's default country). */
  country?: string;
  /** The organiser's contact (default: name, e-mail, phone and web). */
  organizer?: { name: string; email: string | null; phone: string | null; website: string | null };
}

export const ORGANIZER = {
  name: 'Asociación Cultural Los Austrias',
  email: 'info@losaustrias.example',
  phone: '+34 910 00 00 00',
  website: 'https://losaustrias.example',
};

/** A Live event (no sessions yet), straight into this file's database. */
export async function createEvent(app: TestApp, options: EventOptions = {}): Promise<number> {
  const id = nextEventId++;
  await app.sql(
    `INSERT INTO events (id, title, description, city, address, place, postal_code, country, status, image_url, price,
                         organizer_name, organizer_email, organizer_phone, organizer_website)
     VALUES ($1, $2, $3, 'Madrid', 'Calle de Alcalá 42', 'Centro Cultural', '28014', $6, $4, $5, $7, $8, $9, $10, $11)`,
    [
      id,
      options.title ?? 'Visita guiada al Madrid de los Austrias',
      options.description ??
        '<p>Recorrido a pie de <strong>dos horas</strong> por el casco histórico con una guía oficial.</p><ul><li>Punto de encuentro: Plaza Mayor</li><li>Calzado cómodo</li></ul>',
      options.status ?? 1,
      options.banner === false ? null : (options.imageUrl ?? BANNER),
      options.country ?? 'Spain',
      options.price ?? 0,
      (options.organizer ?? ORGANIZER).name,
      (options.organizer ?? ORGANIZER).email,
      (options.organizer ?? ORGANIZER).phone,
      (options.organizer ?? ORGANIZER).website,
    ],
  );
  return id;
}

export interface SessionOptions {
  maxAttendees?: number;
  reservedSpots?: number;
  maxQueueSpots?: number;
  isRegistrationOpen?: boolean;
  /** Start this many hours from now (default 72; sessions are listed by start). */
  startsInHours?: number;
  /** People already seated online (rows and counters), leaving maxAttendees - reservedSpots - registered free. */
  registered?: number;
  /** People already on the waiting list (positions 1..n). */
  queued?: number;
  /** Started this many minutes ago and still running (startsInHours is then ignored). */
  startedMinutesAgo?: number;
}

let occupant = 0;

/** A session of the event, with its seats and waiting list already partly taken by other people. */
export async function addSession(app: TestApp, eventId: number, options: SessionOptions = {}): Promise<number> {
  const sessionId = await insertSession(app, eventId, options);
  if (options.startedMinutesAgo !== undefined)
    await app.sql(
      `UPDATE event_sessions SET start_date = (now() - make_interval(mins => $2))::date, end_date = (now() - make_interval(mins => $2))::date,
              starts_at = now() - make_interval(mins => $2), ends_at = now() + interval '2 hours' WHERE id = $1`,
      [sessionId, options.startedMinutesAgo],
    );
  const registered = options.registered ?? 0;
  const queued = options.queued ?? 0;
  for (let i = 0; i < registered + queued; i++) {
    const n = ++occupant;
    const waiting = i >= registered;
    await app.sql(
      `INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, queue_position)
       VALUES ($1, $2::int, 'Ocupante', $3, $4, $5, $6)`,
      [
        sessionId,
        waiting ? 2 : 0,
        `Número ${n}`,
        `ocupante${n}@example.com`,
        dni(900_000 + n),
        waiting ? i - registered + 1 : null,
      ],
    );
  }
  if (registered || queued) {
    await app.sql(`UPDATE event_sessions SET online_registered = $2, queue_count = $3 WHERE id = $1`, [
      sessionId,
      registered,
      queued,
    ]);
  }
  return sessionId;
}

/** An event with one session: the common case. */
export async function eventWithSession(app: TestApp, session: SessionOptions = {}, event: EventOptions = {}) {
  const eventId = await createEvent(app, event);
  const sessionId = await addSession(app, eventId, session);
  return { eventId, sessionId };
}

let nextPerson = 100;
/** A person no other test of the file uses (valid DNI, own e-mail): attendee(n) of the API's fixtures. */
export function newPerson(overrides: Record<string, unknown> = {}) {
  const n = nextPerson++;
  return attendee(n, { firstName: `Lucía${n}`, lastName: `García Pérez ${n}`, ...overrides }) as ReturnType<
    typeof attendee
  > & {
    firstName: string;
    lastName: string;
    email: string;
    confirmEmail: string;
    userTaxId: string;
    telephoneNumber: string;
  };
}

/** Registers people through the public API (as another visitor would, with a session token of the API's format:
 * 16 to 100 characters), answering the response body. */
export async function registerViaApi(app: TestApp, sessionId: number, people: ReturnType<typeof newPerson>[]) {
  const res =
    people.length === 1
      ? await app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: people[0],
          headers: { [SESSION_TOKEN_HEADER]: `e2e-api-visitor-${sessionId}` },
        })
      : await app.request('POST', `/api/events/sessions/${sessionId}/bulk-registrations`, {
          body: { registrations: people },
          headers: { [SESSION_TOKEN_HEADER]: `e2e-api-visitor-${sessionId}` },
        });
  if (res.status !== 201) throw new Error(`registerViaApi: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function registrationsOf(app: TestApp, sessionId: number) {
  return app.sql<{ id: number; email: string; state: number; queue_position: number | null; first_name: string }>(
    `SELECT id, email, state, queue_position, first_name FROM registrations WHERE session_id = $1 AND email NOT LIKE 'ocupante%' ORDER BY id`,
    [sessionId],
  );
}

export async function holdsOf(app: TestApp, sessionId: number) {
  return app.sql<{ token: string; spots: number; expires_at: Date }>(
    `SELECT token, spots, expires_at FROM ticket_holds WHERE session_id = $1`,
    [sessionId],
  );
}

/** An active blacklist entry for this e-mail (as the back office would write it). */
export async function blacklist(app: TestApp, email: string, days = 30) {
  await app.sql(
    `INSERT INTO blacklist_entries (email, first_name, last_name, reason, expires_at) VALUES ($1, 'Persona', 'Bloqueada', 0, now() + make_interval(days => $2))`,
    [email.toLowerCase(), days],
  );
}

/** The link of the cancellation e-mail, with the token computed as the API computes it (its APP_SECRET). */
export function cancelPath(app: TestApp, registrationId: number): string {
  const { appSecret } = app.running.app.get<AppConfig>(APP_CONFIG);
  return `/cancel?token=${encodeURIComponent(cancellationToken(appSecret, registrationId))}`;
}
