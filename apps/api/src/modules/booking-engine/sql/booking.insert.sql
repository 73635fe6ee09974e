-- booking.insert: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH r_people AS MATERIALIZED (
      SELECT a.*, nextval('registrations_id_seq'::regclass)::int AS id, ($1)::int AS session_id,
             ($2)::smallint AS state, ($3)::boolean AS uses_reserved_spot,
             ($4)::varchar AS source, ($5)::int AS queue_position
        FROM unnest($8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[]) WITH ORDINALITY
             AS a(first_name, last_name, email, user_tax_id, telephone_number, language, n)
       
       ORDER BY a.n),
    r AS (
      INSERT INTO registrations (id, session_id, state, first_name, last_name, email, user_tax_id, telephone_number, uses_reserved_spot, source, queue_position, holder_registration_id, language)
      SELECT a.id, a.session_id, a.state, a.first_name, a.last_name, a.email, a.user_tax_id, a.telephone_number, a.uses_reserved_spot, a.source, a.queue_position,
             coalesce((SELECT h.id FROM r_people h WHERE h.n < a.n  ORDER BY h.n LIMIT 1), $7::int),
             a.language
        FROM r_people a
       ORDER BY a.n
      RETURNING id, email, first_name, last_name, user_tax_id, queue_position, state, version),
    c AS (
      INSERT INTO consents (registration_id, email, consent_type, is_consented, ip_address)
      SELECT id, email, 'PrivacyPolicy', true, $6 FROM r),
       e AS (
         INSERT INTO email_messages (email_type, registration_id, event_id, session_id, email_address, recipient_name, user_tax_id, data)
         SELECT $14, r.id, (SELECT event_id FROM event_sessions WHERE id = $1), $1, r.email, r.first_name || ' ' || r.last_name, r.user_tax_id,
                CASE WHEN $5::int IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('queuePosition', $5::int) END
           FROM r),
       w AS (
         WITH ev AS MATERIALIZED (
      SELECT x.registration_id, x.session_id, x.data, gen_random_uuid() AS event_id FROM (SELECT r.id AS registration_id, s.id AS session_id, jsonb_build_object(
    'registration', jsonb_build_object('id', r.id, 'firstName', r.first_name, 'lastName', r.last_name,
                                       'email', r.email, 'queuePosition', $5::int,
                                       'state', CASE r.state WHEN 0 THEN 'active' WHEN 2 THEN 'waiting' ELSE 'cancelled' END,
                                       'sequence', r.version,
                                       'updatedAt', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'event', jsonb_build_object('id', e.id, 'title', e.title), 'session', jsonb_build_object('id', s.id, 'sequence', s.counters_sequence, 'startsAt', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'endsAt', to_char(s.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'maxAttendees', s.max_attendees, 'reservedSpots', s.reserved_spots,
  'maxQueueSpots', s.max_queue_spots, 'onlineRegistered', s.online_registered,
  'reservedRegistered', s.reserved_registered, 'registeredCount', s.online_registered + s.reserved_registered,
  'queueCount', s.queue_count, 'availableSpots', greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots))) AS data
       FROM r CROSS JOIN (SELECT * FROM event_sessions WHERE id = $1) s JOIN events e ON e.id = s.event_id) x
       WHERE EXISTS (SELECT 1 FROM webhooks WHERE is_active AND $15::text = ANY (events)))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, registration_id, session_id, payload)
    SELECT w.id, ev.event_id, $15::text, ev.registration_id, ev.session_id, ev.data
      FROM ev JOIN webhooks w ON w.is_active AND $15::text = ANY (w.events)
     ORDER BY ev.registration_id, w.id
    RETURNING 1)
       SELECT id, (SELECT count(*)::int FROM w) AS hooks FROM r ORDER BY id
