-- booking.session-info-batch: the text the code sends, written by booking-statements.spec.ts; do not edit.
SELECT q.n::int AS n, s.id, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
          greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots) AS "freeOnline",
          s.queue_count AS "queueCount", s.max_queue_spots AS "maxQueueSpots",
          EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = q.token OR h.expires_at <= now())) AS uncertain,
          (SELECT ceil(extract(epoch FROM max(c.blocked_until) - now()))::int FROM public_refusal_counters c
              WHERE c.key_hash = ANY((SELECT coalesce(array_agg(x.v), '{}') FROM unnest($4::text[], $5::int[]) AS x(v, n) WHERE x.n = q.n)::text[]::text[]) AND c.blocked_until > now()) AS "retryAfter",
          (SELECT array_agg(DISTINCT email) FROM blacklist_entries WHERE email = ANY((SELECT coalesce(array_agg(x.v), '{}') FROM unnest($1::text[], $2::int[]) AS x(v, n) WHERE x.n = q.n)::text[]::text[]) AND expires_at > now()) AS blacklisted,
          (SELECT json_agg(p) FROM (SELECT email, user_tax_id FROM registrations WHERE session_id = $3 AND state IN (0, 2) AND (email = ANY((SELECT coalesce(array_agg(x.v), '{}') FROM unnest($1::text[], $2::int[]) AS x(v, n) WHERE x.n = q.n)::text[]) OR user_tax_id = ANY((SELECT coalesce(array_agg(x.v), '{}') FROM unnest($6::text[], $2::int[]) AS x(v, n) WHERE x.n = q.n)::text[]))) p) AS existing
         FROM unnest($7::text[]) WITH ORDINALITY AS q(token, n)
         JOIN event_sessions s ON s.id = $3 JOIN events e ON e.id = s.event_id
