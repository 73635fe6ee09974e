\set t random(1, 1000000000)
WITH s AS (UPDATE ceiling_sessions SET used = used + 1 WHERE id = 1 AND used < capacity RETURNING id) INSERT INTO ceiling_holds (session_id, token, spots, expires_at) SELECT id, 'tok' || :t, 1, now() + interval '3 minutes' FROM s;
WITH h AS (DELETE FROM ceiling_holds WHERE session_id = 1 AND token = 'tok' || :t RETURNING session_id) INSERT INTO ceiling_registrations (session_id, email, tax_id) SELECT session_id, 'p' || :t || '@example.com', 'x' || :t FROM h;
