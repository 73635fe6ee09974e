-- The database's own ceiling for one hot session (tools/bench/run.mjs): a session row with a seat counter, holds
-- and registrations, nothing else. Each booking is the product's design reduced to its two one-statement steps:
-- take a seat on the counter while there is room and insert the hold; turn the hold into a registration.
DROP TABLE IF EXISTS ceiling_holds, ceiling_registrations, ceiling_sessions;
CREATE TABLE ceiling_sessions (id int PRIMARY KEY, capacity int NOT NULL, used int NOT NULL DEFAULT 0);
CREATE TABLE ceiling_registrations (id bigserial PRIMARY KEY, session_id int NOT NULL REFERENCES ceiling_sessions(id),
  email text NOT NULL, tax_id text NOT NULL, state smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON ceiling_registrations (session_id, state);
CREATE TABLE ceiling_holds (id bigserial PRIMARY KEY, session_id int NOT NULL REFERENCES ceiling_sessions(id),
  token text NOT NULL, spots int NOT NULL, expires_at timestamptz NOT NULL);
CREATE INDEX ON ceiling_holds (session_id, token);
INSERT INTO ceiling_sessions VALUES (1, 100000000, 0);
