-- booking.batch: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH q AS (SELECT * FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS q(token, seats, n)),
              h AS MATERIALIZED (
                SELECT t.id, t.token, t.spots FROM ticket_holds t
                 WHERE t.session_id = $3 AND t.token = ANY($1::text[]) AND t.expires_at > now()
                 ORDER BY t.id
                   FOR UPDATE),
              l AS MATERIALIZED (
       SELECT s.id, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots AS free , s.max_queue_spots - s.queue_count AS "queueRoom", s.queue_count AS queued,
                   NOT EXISTS (SELECT 1 FROM ticket_holds x WHERE x.session_id = s.id AND x.expires_at <= now()) AS exact
         FROM event_sessions s
        WHERE s.id = $3 AND s.is_registration_open AND s.starts_at > now() AND (SELECT count(*) FROM h) >= 0
          FOR NO KEY UPDATE OF s),
              need AS (
                SELECT b.*, b.seats - b.released AS need FROM (
                  SELECT q.n, q.token, q.seats, coalesce((SELECT sum(h.spots) FROM h WHERE h.token = q.token), 0)::int AS released
                    FROM q) b),
              f AS (SELECT y.*, coalesce(max(y.running) OVER (ORDER BY y.n) <= (SELECT free FROM l), false) AS admitted
      FROM (SELECT x.*, sum(x.need) OVER (ORDER BY x.n) AS running FROM need x) y),
              ok AS MATERIALIZED (SELECT f.* FROM f WHERE f.admitted),
              rest AS (
                SELECT f.n, f.seats, f.released, sum(f.seats) OVER (ORDER BY f.n) AS waiting
                  FROM f WHERE NOT f.admitted),
              queue_end AS (
                SELECT coalesce(min(n), 2147483647) AS n FROM rest
                 WHERE rest.released > 0 OR rest.waiting > (SELECT "queueRoom" FROM l)),
              qok AS MATERIALIZED (
                SELECT rest.* FROM rest, l
                 WHERE rest.n < (SELECT n FROM queue_end) AND l.exact
                   AND l.free = coalesce((SELECT running FROM ok ORDER BY n DESC LIMIT 1), 0)),
              u AS (
                UPDATE event_sessions s
                   SET held_spots = s.held_spots - coalesce((SELECT sum(released) FROM ok), 0),
                       online_registered = s.online_registered + coalesce((SELECT sum(seats) FROM ok), 0),
                       queue_count = s.queue_count + coalesce((SELECT sum(seats) FROM qok), 0)
                 WHERE s.id = (SELECT id FROM l) AND (EXISTS (SELECT 1 FROM ok) OR EXISTS (SELECT 1 FROM qok))
                RETURNING s.*,
                          EXISTS (SELECT 1 FROM ok) AND s.online_registered >= s.max_attendees - s.reserved_spots AS filled,
                          EXISTS (SELECT 1 FROM qok) AND s.queue_count >= s.max_queue_spots AS "queueFilled"),
              d AS (
                DELETE FROM ticket_holds
                 WHERE id IN (SELECT h.id FROM h JOIN ok ON ok.token = h.token) AND EXISTS (SELECT 1 FROM u)),
              r_people AS MATERIALIZED (
      SELECT a.*, nextval('registrations_id_seq'::regclass)::int AS id, (u.id)::int AS session_id,
             ($4)::smallint AS state, (false)::boolean AS uses_reserved_spot,
             ($5)::varchar AS source, (NULL::int)::int AS queue_position
        FROM u CROSS JOIN unnest($9::text[], $10::text[], $6::text[], $11::text[], $12::text[], $13::text[], $8::int[]) WITH ORDINALITY
             AS a(first_name, last_name, email, user_tax_id, telephone_number, language, request, n)
       WHERE a.request IN (SELECT n FROM ok)
       ORDER BY a.n),
    r AS (
      INSERT INTO registrations (id, session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position, holder_registration_id, language)
      SELECT a.id, a.session_id, a.state, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, a.uses_reserved_spot, a.source, a.queue_position,
             coalesce((SELECT h.id FROM r_people h WHERE h.n < a.n AND h.request = a.request ORDER BY h.n LIMIT 1), NULL::int),
             a.language
        FROM r_people a
       ORDER BY a.n
      RETURNING id, email, first_name, last_name, user_tax_id, queue_position, state, version),
    c AS (
      INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
      SELECT id, email, 'PrivacyPolicy', true, (SELECT x.ip FROM unnest($6::text[], $7::text[]) AS x(email, ip) WHERE x.email = r.email) FROM r),
              rq_people AS MATERIALIZED (
      SELECT a.*, nextval('registrations_id_seq'::regclass)::int AS id, (u.id)::int AS session_id,
             ($14)::smallint AS state, (false)::boolean AS uses_reserved_spot,
             ($5)::varchar AS source, ((SELECT queued FROM l) + (row_number() OVER (ORDER BY a.n))::int)::int AS queue_position
        FROM u CROSS JOIN unnest($9::text[], $10::text[], $6::text[], $11::text[], $12::text[], $13::text[], $8::int[]) WITH ORDINALITY
             AS a(first_name, last_name, email, user_tax_id, telephone_number, language, request, n)
       WHERE a.request IN (SELECT n FROM qok)
       ORDER BY a.n),
    rq AS (
      INSERT INTO registrations (id, session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position, holder_registration_id, language)
      SELECT a.id, a.session_id, a.state, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, a.uses_reserved_spot, a.source, a.queue_position,
             coalesce((SELECT h.id FROM rq_people h WHERE h.n < a.n AND h.request = a.request ORDER BY h.n LIMIT 1), NULL::int),
             a.language
        FROM rq_people a
       ORDER BY a.n
      RETURNING id, email, first_name, last_name, user_tax_id, queue_position, state, version),
    cq AS (
      INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
      SELECT id, email, 'PrivacyPolicy', true, (SELECT x.ip FROM unnest($6::text[], $7::text[]) AS x(email, ip) WHERE x.email = rq.email) FROM rq),
              e AS (
                INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
         SELECT $15, r.id, (SELECT event_id FROM event_sessions WHERE id = $3), $3, r.email, r.first_name || ' ' || r.last_name, r.user_tax_id,
                CASE WHEN NULL::int IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('queuePosition', NULL::int) END
           FROM r),
              eq AS (
                INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
         SELECT $16, rq.id, (SELECT event_id FROM event_sessions WHERE id = $3), $3, rq.email, rq.first_name || ' ' || rq.last_name, rq.user_tax_id,
                CASE WHEN rq.queue_position::int IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('queuePosition', rq.queue_position::int) END
           FROM rq),
              w AS (
                WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (SELECT r.id AS registration_id, s.id AS session_id, jsonb_build_object(
    'registration', jsonb_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name,
                                       'email', r.email, 'queuePosition', NULL::int,
                                       'state', CASE r.state WHEN 0 THEN 'active' WHEN 2 THEN 'waiting' ELSE 'cancelled' END,
                                       'sequence', r.version,
                                       'updatedAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'event', jsonb_build_object('id', e.id, 'title', e.title), 'session', jsonb_build_object('id', s.id, 'sequence', s.counters_sequence, 'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'endsAt', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots,
  'maxQueueSpots', s.max_queue_spots, 'onlineRegistered', s.online_registered,
  'reservedRegistered', s.reserved_registered, 'registeredCount', s.online_registered + s.reserved_registered,
  'queueCount', s.queue_count, 'availableSpots', greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots))) AS data
       FROM r CROSS JOIN u s JOIN events e ON e.id = s.event_id) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND $17::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, $17::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND $17::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1),
              wq AS (
                WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (SELECT rq.id AS registration_id, s.id AS session_id, jsonb_build_object(
    'registration', jsonb_build_object('id', rq.id, 'firstName', rq.first_name, 'lastName', rq.last_name,
                                       'email', rq.email, 'queuePosition', rq.queue_position::int,
                                       'state', CASE rq.state WHEN 0 THEN 'active' WHEN 2 THEN 'waiting' ELSE 'cancelled' END,
                                       'sequence', rq.version,
                                       'updatedAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'event', jsonb_build_object('id', e.id, 'title', e.title), 'session', jsonb_build_object('id', s.id, 'sequence', s.counters_sequence, 'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'endsAt', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots,
  'maxQueueSpots', s.max_queue_spots, 'onlineRegistered', s.online_registered,
  'reservedRegistered', s.reserved_registered, 'registeredCount', s.online_registered + s.reserved_registered,
  'queueCount', s.queue_count, 'availableSpots', greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots))) AS data
       FROM rq CROSS JOIN u s JOIN events e ON e.id = s.event_id) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND $18::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, $18::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND $18::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1),
              fw AS (
                WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (SELECT NULL::int AS registration_id, s.id AS session_id,
            jsonb_build_object('event', jsonb_build_object('id', e.id, 'title', e.title), 'session', jsonb_build_object('id', s.id, 'sequence', s.counters_sequence, 'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'endsAt', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots,
  'maxQueueSpots', s.max_queue_spots, 'onlineRegistered', s.online_registered,
  'reservedRegistered', s.reserved_registered, 'registeredCount', s.online_registered + s.reserved_registered,
  'queueCount', s.queue_count, 'availableSpots', greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots))) AS data
       FROM u s JOIN events e ON e.id = s.event_id WHERE s.filled) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND $19::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, $19::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND $19::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1),
              fq AS (
                WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (SELECT NULL::int AS registration_id, s.id AS session_id,
            jsonb_build_object('event', jsonb_build_object('id', e.id, 'title', e.title), 'session', jsonb_build_object('id', s.id, 'sequence', s.counters_sequence, 'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'endsAt', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots,
  'maxQueueSpots', s.max_queue_spots, 'onlineRegistered', s.online_registered,
  'reservedRegistered', s.reserved_registered, 'registeredCount', s.online_registered + s.reserved_registered,
  'queueCount', s.queue_count, 'availableSpots', greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots))) AS data
       FROM u s JOIN events e ON e.id = s.event_id WHERE s."queueFilled") x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND $20::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, $20::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND $20::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1)
         SELECT x.id, x.email, x.queue_position,
                (SELECT count(*)::int FROM w) + (SELECT count(*)::int FROM wq) + (SELECT count(*)::int FROM fw) + (SELECT count(*)::int FROM fq) AS hooks
           FROM (SELECT id, email, queue_position FROM r UNION ALL SELECT id, email, queue_position FROM rq) x
          ORDER BY x.id
