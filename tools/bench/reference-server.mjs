// The reference server: what this machine can do through HTTP with the product's booking SQL and nothing else.
// Bare node:http + pg, no framework, no validation, no e-mail kick, no logging. It runs the same statements as
// the product's fast paths (hold: one statement; registration: one read, then one statement that takes the seats
// and writes the rows, consents, e-mails and webhook deliveries) and a plain slow path at the edge of capacity
// (lock, insert, seat or queue, or refuse), so the rush's invariants hold for it too; and the booking page's two
// reads, bare. An instrument for docs/performance.md, not product code: the ratio product / reference is how much
// the framework and the product's rules cost.
//
//   node tools/bench/reference-server.mjs <port> <databaseUrl> [poolSize]
import http from 'node:http';
import pg from 'pg';

const [portArg, databaseUrl, poolArg] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolArg ?? 8) });

const HOLD = {
  name: 'ref.hold',
  text: `WITH s AS (
           UPDATE event_sessions SET held_spots = held_spots + $3
            WHERE id = $1 AND is_registration_open AND starts_at > now()
              AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_id AND e.status = 1)
              AND NOT EXISTS (SELECT 1 FROM ticket_holds WHERE session_id = $1 AND token = $2)
              AND online_registered + held_spots + $3 <= max_attendees - reserved_spots
           RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT id, $2, $3, now() + make_interval(mins => coalesce((SELECT value::int FROM settings WHERE key = 'TicketHoldDurationMinutes'), 3)) FROM s
         RETURNING expires_at AS "expiresAt"`,
};
// The one read before a registration: the session's state and room, the blacklist and the people already in, as
// columns of one statement (the product's booking.session-info, less its refusal-limit column).
const CHECKS = {
  name: 'ref.checks',
  text: `SELECT e.status AS "eventStatus", s.is_registration_open AS "open", s.starts_at <= now() AS started,
                greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots) AS "freeOnline",
                s.max_queue_spots - s.queue_count AS "queueRoom",
                EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = $2 OR h.expires_at <= now())) AS uncertain,
                (SELECT array_agg(DISTINCT b.email) FROM blacklist_entries b WHERE b.email = ANY($3::text[]) AND b.expires_at > now()) AS blacklisted,
                (SELECT json_agg(p) FROM (SELECT email, user_tax_id FROM registrations WHERE session_id = $1 AND state IN (0, 2)
                                             AND (email = ANY($3::text[]) OR user_tax_id = ANY($4::text[]))) p) AS existing
           FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1`,
};
// Webhook deliveries of `events` (a SELECT of registration_id, session_id, data), none without an active webhook.
const webhooks = (events, type) => `WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (${events}) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND ${type}::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, ${type}::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND ${type}::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1`;
const iso = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const SESSION_JSON = `jsonb_build_object('id', s.id, 'startsAt', ${iso('s.starts_at')}, 'endsAt', ${iso('s.ends_at')},
  'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots, 'maxQueueSpots', s.max_queue_spots)`;
// The registration's common case in one statement (the product's booking.at-once): the caller's hold locked, the
// seat-taking gate, the hold deleted, and only from the gate's RETURNING the rows, consents, e-mails and webhook
// deliveries (session.full when the last seat went). The gate matching nothing writes nothing and answers no row.
const AT_ONCE = {
  name: 'ref.at-once',
  text: `WITH h AS MATERIALIZED (SELECT id, spots FROM ticket_holds WHERE session_id = $1 AND token = $2 AND expires_at > now() FOR UPDATE),
              released AS (SELECT coalesce(sum(spots), 0)::int AS spots FROM h),
              u AS (UPDATE event_sessions s
                       SET held_spots = s.held_spots - released.spots, online_registered = s.online_registered + $3
                      FROM released
                     WHERE s.id = $1 AND s.is_registration_open AND s.starts_at > now()
                       AND s.online_registered + s.held_spots - released.spots + $3 <= s.max_attendees - s.reserved_spots
                    RETURNING s.*, s.online_registered >= s.max_attendees - s.reserved_spots AS filled),
              d AS (DELETE FROM ticket_holds WHERE id IN (SELECT id FROM h) AND EXISTS (SELECT 1 FROM u)),
              r AS (INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position)
                    SELECT u.id, 0, a.first_name, a.last_name, a.email, a.user_tax_id, NULL, false, 'public', NULL
                      FROM u CROSS JOIN unnest($4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS a(first_name, last_name, email, user_tax_id, n)
                     ORDER BY a.n
                    RETURNING id, email, first_name, last_name, user_tax_id),
              c AS (INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
                    SELECT id, email, 'PrivacyPolicy', true, $8 FROM r),
              e AS (INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
                    SELECT 'Registration', r.id, (SELECT event_id FROM event_sessions WHERE id = $1), $1, r.email,
                           r.first_name || ' ' || r.last_name, r.user_tax_id, '{}'::jsonb FROM r),
              w AS (${webhooks(
                `SELECT r.id AS registration_id, s.id AS session_id,
                        jsonb_build_object('registration', jsonb_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name,
                                           'email', r.email, 'queuePosition', NULL::int),
                                           'event', jsonb_build_object('id', e.id, 'title', e.title), 'session', ${SESSION_JSON}) AS data
                   FROM r JOIN event_sessions s ON s.id = $1 JOIN events e ON e.id = s.event_id`,
                `'registration.created'`,
              )}),
              f AS (${webhooks(
                `SELECT NULL::int AS registration_id, s.id AS session_id,
                        jsonb_build_object('event', jsonb_build_object('id', e.id, 'title', e.title), 'session', ${SESSION_JSON} ||
                          jsonb_build_object('onlineRegistered', s.online_registered, 'reservedRegistered', s.reserved_registered,
                                             'queueCount', s.queue_count)) AS data
                   FROM u s JOIN events e ON e.id = s.event_id WHERE s.filled`,
                `'session.full'`,
              )})
         SELECT id FROM r ORDER BY id`,
};
// The locked way's insert (the product's booking.insert, less its webhook part).
const INSERT = {
  name: 'ref.insert',
  text: `WITH r AS (
           INSERT INTO registrations (session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position)
           SELECT $1, 0, a.first_name, a.last_name, a.email, a.user_tax_id, NULL, false, 'public', NULL
             FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS a(first_name, last_name, email, user_tax_id, n)
            ORDER BY a.n
           RETURNING id, email, first_name, last_name, user_tax_id),
         c AS (INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
               SELECT id, email, 'PrivacyPolicy', true, $6 FROM r),
         e AS (INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
               SELECT 'Registration', r.id, (SELECT event_id FROM event_sessions WHERE id = $1), $1, r.email,
                      r.first_name || ' ' || r.last_name, r.user_tax_id, '{}'::jsonb FROM r)
         SELECT id FROM r ORDER BY id`,
};
// The booking page's two reads, bare: one prepared query per request (the sessions' with the event's), no cache,
// no ETag, no compression. The `reads` workload's yardstick.
const EVENT = {
  name: 'ref.event',
  text: `SELECT id, title, description, image_url AS "imageUrl", address, city, country, place,
                CASE status WHEN 0 THEN 'Draft' WHEN 1 THEN 'Live' ELSE 'Cancelled' END AS status,
                CASE status WHEN 0 THEN 'Borrador' WHEN 1 THEN 'Publicado' ELSE 'Cancelado' END AS "statusText",
                price::float8 AS price, time_zone AS "timeZone"
           FROM events WHERE id = $1`,
};
const SESSIONS = {
  name: 'ref.sessions',
  text: `SELECT s.id, s.event_id AS "eventId",
                to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
                to_char(s.start_time, 'HH24:MI:SS') AS "startTime", to_char(s.end_time, 'HH24:MI:SS') AS "endTime",
                s.is_all_day AS "isAllDay", s.max_attendees AS "maxAttendees", s.reserved_spots AS "reservedSpots",
                s.reserved_registered AS "usedReservedSpots", s.max_queue_spots AS "maxQueueSpots",
                s.online_registered + s.reserved_registered AS "registeredCount",
                greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - h.held_by_others) AS "availableSpots",
                h.held AS "activeHoldsCount", s.queue_count AS "currentQueueCount",
                s.is_promotion_locked AS "isPromotionLocked", s.is_registration_open AS "isRegistrationOpen"
           FROM event_sessions s
          CROSS JOIN LATERAL (
                SELECT coalesce(sum(th.spots), 0)::int AS held,
                       coalesce(sum(th.spots) FILTER (WHERE th.token IS DISTINCT FROM $2::text), 0)::int AS held_by_others
                  FROM ticket_holds th WHERE th.session_id = s.id AND th.expires_at > now()) h
          WHERE s.event_id = $1
          ORDER BY s.starts_at, s.id`,
};

async function readEvent(id) {
  const { rows } = await pool.query({ ...EVENT, values: [id] });
  return rows.length ? [200, rows[0]] : [404, { code: 'NOT_FOUND' }];
}

async function readSessions(eventId, token, withEvent) {
  const [event, sessions] = await Promise.all([
    pool.query({ ...EVENT, values: [eventId] }),
    pool.query({ ...SESSIONS, values: [eventId, token] }),
  ]);
  if (!event.rows.length) return [404, { code: 'NOT_FOUND' }];
  return [200, withEvent ? sessions.rows.map((s) => ({ ...s, event: event.rows[0] })) : sessions.rows];
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function hold(body) {
  const { rows } = await pool.query({ ...HOLD, values: [body.eventSessionId, body.sessionToken, body.numberOfSpots] });
  if (!rows.length) return [409, { success: false, message: 'No hay plazas', expiresAt: null }];
  return [200, { success: true, message: 'Plazas retenidas', expiresAt: rows[0].expiresAt }];
}

async function register(sessionId, body, token) {
  const people = body.attendees ?? [body];
  const emails = people.map((p) => p.email.trim().toLowerCase());
  const taxIds = people.map((p) => p.userTaxId.toUpperCase());
  const { rows: info } = await pool.query({ ...CHECKS, values: [sessionId, token, emails, taxIds] });
  const session = info[0];
  if (!session) return [404, { code: 'SESSION_NOT_FOUND' }];
  if (session.eventStatus !== 1 || !session.open || session.started) return [409, { code: 'REGISTRATION_CLOSED' }];
  const seatedAtMost = Math.min(people.length, session.freeOnline);
  if (!session.uncertain && people.length - seatedAtMost > session.queueRoom) return [409, { code: 'FULL' }];
  if (session.blacklisted) return [403, { code: 'BLACKLISTED' }];
  if (session.existing) return [409, { code: 'DUPLICATE_REGISTRATION' }];

  const names = [people.map((p) => p.firstName), people.map((p) => p.lastName), emails, taxIds];
  try {
    const { rows: seated } = await pool.query({
      ...AT_ONCE,
      values: [sessionId, token, people.length, ...names, null],
    });
    if (seated.length) return created(seated.map((r) => ({ id: r.id, queuePosition: null })));
  } catch (error) {
    if (error.code === '23505') return [409, { code: 'DUPLICATE_REGISTRATION' }];
    throw error;
  }

  // The edge of capacity: lock the row, reclaim expired holds, insert, give the caller's hold back, seat who fits,
  // queue the rest or refuse.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: locked } = await client.query(
      `SELECT max_attendees - reserved_spots AS capacity, online_registered, held_spots, queue_count, max_queue_spots
         FROM event_sessions WHERE id = $1 FOR NO KEY UPDATE`,
      [sessionId],
    );
    const { rows: inserted } = await client.query({ ...INSERT, values: [sessionId, ...names, null] });
    const ids = inserted.map((r) => r.id);
    const { rows: released } = await client.query(
      `WITH d AS (DELETE FROM ticket_holds WHERE session_id = $1 AND (expires_at <= now() OR token = $2) RETURNING spots)
       SELECT coalesce(sum(spots), 0)::int AS spots FROM d`,
      [sessionId, token],
    );
    const s = locked[0];
    const held = s.held_spots - released[0].spots;
    const seated = Math.min(ids.length, Math.max(0, s.capacity - s.online_registered - held));
    const queued = ids.length - seated;
    if (queued > 0 && s.queue_count + queued > s.max_queue_spots) {
      await client.query('ROLLBACK');
      return [409, { code: 'FULL' }];
    }
    const placed = ids.map((id, i) => ({ id, queuePosition: i < seated ? null : s.queue_count + i - seated + 1 }));
    await client.query(
      `UPDATE event_sessions SET held_spots = $2, online_registered = online_registered + $3, queue_count = queue_count + $4 WHERE id = $1`,
      [sessionId, held, seated, queued],
    );
    for (const p of placed.filter((x) => x.queuePosition !== null)) {
      await client.query(`UPDATE registrations SET state = 2, queue_position = $2 WHERE id = $1`, [
        p.id,
        p.queuePosition,
      ]);
    }
    await client.query('COMMIT');
    return created(placed);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error.code === '23505') return [409, { code: 'DUPLICATE_REGISTRATION' }];
    throw error;
  } finally {
    client.release();
  }
}

function created(placed) {
  const results = placed.map((p) => ({
    success: true,
    registrationId: p.id,
    queued: p.queuePosition !== null,
    queuePosition: p.queuePosition,
  }));
  return [201, { ...results[0], id: results[0].registrationId, results }];
}

async function route(req, body) {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'GET' && url.pathname === '/api/health') return [200, { status: 'ok' }];
  if (req.method === 'POST' && url.pathname === '/api/ticketholds') return hold(body);
  const read = /^\/api\/events\/(\d+)(\/sessions)?$/.exec(url.pathname);
  if (req.method === 'GET' && read)
    return read[2]
      ? readSessions(
          Number(read[1]),
          req.headers['x-session-token'] ?? null,
          url.searchParams.get('showEventDetails') === 'true',
        )
      : readEvent(Number(read[1]));
  const registration = /^\/api\/events\/sessions\/(\d+)\/registrations$/.exec(url.pathname);
  if (req.method === 'POST' && registration)
    return register(Number(registration[1]), body, String(req.headers['x-session-token'] ?? ''));
  return [404, { code: 'NOT_FOUND' }];
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
      route(req, body).then(
        ([status, answer]) => send(res, status, answer),
        (error) => send(res, 500, { code: 'INTERNAL_ERROR', message: error.message }),
      );
    });
  })
  .listen(Number(portArg), '127.0.0.1');
