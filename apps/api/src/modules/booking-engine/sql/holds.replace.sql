-- holds.replace: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH s AS (
             UPDATE event_sessions SET held_spots = held_spots - $1 + $2
              WHERE id = $3 AND is_registration_open AND starts_at > now()
                AND online_registered + held_spots - $1 + $2 <= max_attendees - reserved_spots
             RETURNING id)
           UPDATE ticket_holds SET spots = $2,
                  expires_at = CASE WHEN expires_at > now() THEN expires_at ELSE now() + make_interval(mins => $4) END,
                  created_at = CASE WHEN expires_at > now() THEN created_at ELSE now() END
            WHERE id = $5 AND session_id = $3 AND token = $6 AND EXISTS (SELECT 1 FROM s) RETURNING id::text, expires_at AS "expiresAt"
