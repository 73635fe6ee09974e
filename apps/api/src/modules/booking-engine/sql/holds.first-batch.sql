-- holds.first-batch: the text the code sends, written by booking-statements.spec.ts; do not edit.
WITH q AS (SELECT * FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS q(token, spots, n)),
              l AS MATERIALIZED (
       SELECT s.id, s.max_attendees - s.reserved_spots - s.online_registered - s.held_spots AS free 
         FROM event_sessions s
        WHERE s.id = $3 AND s.is_registration_open AND s.starts_at > now() AND EXISTS (SELECT 1 FROM events e WHERE e.id = s.event_id AND e.status = $4)
          FOR NO KEY UPDATE OF s),
              need AS (
                SELECT q.token, q.spots, q.n, q.spots AS need
                  FROM q
                 WHERE NOT EXISTS (SELECT 1 FROM ticket_holds h WHERE h.session_id = (SELECT id FROM l) AND h.token = q.token)),
              f AS (SELECT y.*, coalesce(max(y.running) OVER (ORDER BY y.n) <= (SELECT free FROM l), false) AS admitted
      FROM (SELECT x.*, sum(x.need) OVER (ORDER BY x.n) AS running FROM need x) y),
              ok AS MATERIALIZED (SELECT f.* FROM f WHERE f.admitted),
              u AS (
                UPDATE event_sessions SET held_spots = held_spots + (SELECT sum(spots) FROM ok)
                 WHERE id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM ok)
                RETURNING id)
         INSERT INTO ticket_holds (session_id, token, spots, expires_at)
         SELECT u.id, ok.token, ok.spots, now() + make_interval(mins => coalesce((SELECT value::int FROM settings WHERE key = $5), $6))
           FROM u CROSS JOIN ok
         RETURNING token, id::text, expires_at AS "expiresAt"
