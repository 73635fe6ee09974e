-- booking.session-info: the text the code sends, written by booking-statements.spec.ts; do not edit.
SELECT s.id, e.status AS "eventStatus", s.is_registration_open AS "isRegistrationOpen", s.starts_at <= now() AS started,
          greatest(0, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots) AS "freeOnline",
          s.queue_count AS "queueCount", s.max_queue_spots AS "maxQueueSpots",
          EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = s.id AND (h.token = $2 OR h.expires_at <= now())) AS uncertain,
          (SELECT ceil(extract(epoch FROM max(c.blocked_until) - now()))::int FROM public_refusal_counters c
              WHERE c.key_hash = ANY($3::text[]) AND c.blocked_until > now()) AS "retryAfter",
          (SELECT array_agg(DISTINCT email) FROM blacklist_entries WHERE email = ANY($4::text[]) AND expires_at > now()) AS blacklisted,
          (SELECT json_agg(p) FROM (SELECT email, user_tax_id FROM registrations WHERE session_id = $1 AND state IN (0, 2) AND (email = ANY($4) OR user_tax_id = ANY($5))) p) AS existing
         FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = $1
