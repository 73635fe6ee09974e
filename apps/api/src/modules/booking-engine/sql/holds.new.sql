-- holds.new: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH s AS (
             UPDATE event_sessions SET held_spots = held_spots - $1 + $2
              WHERE id = $3 AND is_registration_open AND starts_at > now()
                AND online_registered + held_spots - $1 + $2 <= max_attendees - reserved_spots
             RETURNING id)
           INSERT INTO ticket_holds (session_id, token, spots, expires_at)
           SELECT $3, $4, $2, now() + make_interval(mins => $5) FROM s RETURNING id::text, expires_at AS "expiresAt"
