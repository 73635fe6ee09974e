import { MigrationInterface, QueryRunner } from 'typeorm';

/** The day of the event (docs/domain.md, "Tickets" and "Check-in at the door"): each registration's random ticket
 * value, the check-ins, and the per-session door links. */
export class CheckIn1764000000200 implements MigrationInterface {
  name = 'CheckIn1764000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- The random half of the ticket code, made by the column default in the booking engine's own INSERT (no extra
      -- statement there). The code shown is a MAC of it under a key derived from APP_SECRET, so a copy of the
      -- database alone hands out no valid code (modules/checkin/ticket-code.ts).
      ALTER TABLE registrations ADD COLUMN ticket_secret uuid NOT NULL DEFAULT gen_random_uuid();

      -- A per-session link for door volunteers without an account: the token is stored as its SHA-256 only.
      CREATE TABLE door_links (
        id serial PRIMARY KEY,
        session_id int NOT NULL REFERENCES event_sessions (id) ON DELETE CASCADE,
        label varchar(60) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX door_links_session_idx ON door_links (session_id);

      -- One row per valid scan. At most one live (not undone) check-in per registration: two doors at the same
      -- instant meet this index and exactly one wins. The client's nonce is unique per session, so a re-sent scan
      -- finds its first answer. Who: a staff member (by_user_id), an API token (by_api_token_id) or a door link
      -- (by_door_link_id); by_label is the name shown to the next door. Deleted with the registration (GDPR).
      CREATE TABLE check_ins (
        id serial PRIMARY KEY,
        registration_id int NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
        session_id int NOT NULL REFERENCES event_sessions (id) ON DELETE CASCADE,
        nonce varchar(64) NOT NULL,
        checked_in_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        door varchar(60),
        by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        by_api_token_id uuid REFERENCES api_tokens (id) ON DELETE SET NULL,
        by_door_link_id int REFERENCES door_links (id) ON DELETE SET NULL,
        by_label varchar(200),
        undone_at timestamptz
      );
      CREATE UNIQUE INDEX check_ins_live_key ON check_ins (registration_id) WHERE undone_at IS NULL;
      CREATE UNIQUE INDEX check_ins_nonce_key ON check_ins (session_id, nonce);
      CREATE INDEX check_ins_session_idx ON check_ins (session_id) WHERE undone_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE check_ins, door_links; ALTER TABLE registrations DROP COLUMN ticket_secret`);
  }
}
