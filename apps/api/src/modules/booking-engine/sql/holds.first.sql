-- holds.first: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH s AS (
           UPDATE event_sessions SET held_spots = held_spots + $1
            WHERE id = $2 AND is_registration_open AND starts_at > now()
              AND EXISTS (SELECT 1 FROM events e WHERE e.id = event_id AND e.status = $3)
              AND NOT EXISTS (SELECT 1 FROM ticket_holds WHERE session_id = $2 AND token = $4)
              AND online_registered + held_spots + $1 <= max_attendees - reserved_spots
           RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT id, $4, $1, now() + make_interval(mins => coalesce((SELECT value::int FROM settings WHERE key = $5), $6)) FROM s
         RETURNING id::text, expires_at AS "expiresAt"
