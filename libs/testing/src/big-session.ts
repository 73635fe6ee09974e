// A session at real size (issue 23): 1,500 people registered and 300 waiting, written in one SQL statement so a
// browser test or a benchmark has it in well under a second. Imports nothing, so tools/bench/big-lists.mjs can load
// this same file (transpiled) and measure the screens on the data the browser tests check.

/** Anything that runs one SQL statement with positional parameters: a TestApp, or a benchmark's client. */
export interface SqlRunner {
  sql(query: string, params?: unknown[]): Promise<any[]>;
}

export interface BigSessionOptions {
  /** The event's id (events take their id from outside); the default is one above the highest. */
  eventId?: number;
  title?: string;
  /** Active registrations, all on online seats (the session has exactly this many seats): 1,500. */
  registered?: number;
  /** Waiting entries, positions 1..n (the list is full: max_queue_spots = n): 300. */
  waiting?: number;
}

export interface BigSession {
  eventId: number;
  sessionId: number;
  registered: number;
  waiting: number;
}

/** Who the fixture's person n is: Spanish names that repeat (searches meet many near matches), an e-mail and a valid
 * DNI that do not. Registered people are 1..registered, waiting ones follow on. */
export function bigSessionPerson(n: number) {
  return {
    firstName: FIRST_NAMES[n % FIRST_NAMES.length],
    lastName: `${SURNAMES[(n * 7) % SURNAMES.length]} ${SURNAMES[(n * 13 + Math.floor(n / 50)) % SURNAMES.length]}`,
    email: `persona${String(n).padStart(5, '0')}@grande.example`,
    userTaxId: `${String(n).padStart(8, '0')}${DNI_LETTERS[n % 23]}`,
  };
}

/** A Live event with one session tomorrow, full, with `registered` active registrations and `waiting` people on a full
 * waiting list, with the session's counters (online_registered, queue_count) set to match, in one statement: the
 * rows are what the booking engine would have written (invariantProblems finds nothing). */
export async function bigSession(db: SqlRunner, options: BigSessionOptions = {}): Promise<BigSession> {
  const registered = options.registered ?? 1500;
  const waiting = options.waiting ?? 300;
  const [row] = await db.sql(
    `WITH ev AS (
       INSERT INTO events (id, title, description, city, status)
       VALUES (coalesce($1::int, (SELECT coalesce(max(id), 0) + 1 FROM events)), $2, '<p>Sesión grande</p>', 'Madrid', 1)
       RETURNING id
     ), s AS (
       INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at,
                                   max_attendees, reserved_spots, max_queue_spots, online_registered, queue_count)
       SELECT ev.id, (now() + interval '1 day')::date, (now() + interval '1 day')::date, '10:00', '11:30',
              now() + interval '1 day', now() + interval '1 day 1 hour', $3, 0, $4, $3, $4
         FROM ev
       RETURNING id, event_id
     ), people AS (
       SELECT n, n > $3 AS waits,
              ($5::text[])[1 + n % cardinality($5::text[])] AS first_name,
              ($6::text[])[1 + (n * 7) % cardinality($6::text[])] || ' ' ||
                ($6::text[])[1 + (n * 13 + n / 50) % cardinality($6::text[])] AS last_name,
              'persona' || lpad(n::text, 5, '0') || '@grande.example' AS email,
              lpad(n::text, 8, '0') || substr($7, n % 23 + 1, 1) AS tax_id
         FROM generate_series(1, $3 + $4) AS n
     ), r AS (
       INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number,
                                  queue_position, registered_at)
       SELECT s.id, CASE WHEN p.waits THEN 2 ELSE 0 END, p.first_name, p.last_name, p.email, p.tax_id,
              '6' || lpad((n * 7919 % 100000000)::text, 8, '0'),
              CASE WHEN p.waits THEN n - $3 END, now() - make_interval(mins => $3 + $4 - n)
         FROM s CROSS JOIN people p
       RETURNING 1
     )
     SELECT s.event_id AS "eventId", s.id AS "sessionId", (SELECT count(*)::int FROM r) AS written FROM s`,
    [
      options.eventId ?? null,
      options.title ?? 'Sesión grande',
      registered,
      waiting,
      FIRST_NAMES,
      SURNAMES,
      DNI_LETTERS,
    ],
  );
  if (row.written !== registered + waiting) throw new Error(`bigSession wrote ${row.written} registrations`);
  return { eventId: row.eventId, sessionId: row.sessionId, registered, waiting };
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
// prettier-ignore
const FIRST_NAMES = [
  'María', 'José', 'Antonio', 'Carmen', 'Ana', 'Manuel', 'Laura', 'Francisco', 'Isabel', 'David', 'Lucía', 'Javier',
  'Marta', 'Daniel', 'Elena', 'Pablo', 'Cristina', 'Sergio', 'Pilar', 'Alejandro', 'Rosa', 'Carlos', 'Paula',
  'Miguel', 'Raquel', 'Jorge', 'Nuria', 'Álvaro', 'Silvia', 'Rubén', 'Beatriz', 'Iñigo', 'Ainhoa', 'Óscar', 'Noelia',
];
// prettier-ignore
const SURNAMES = [
  'García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro',
  'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez',
];
