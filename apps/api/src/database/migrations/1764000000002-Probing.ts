import { MigrationInterface, QueryRunner } from 'typeorm';

/** What stops the public booking and the staff sign-in from being used to find out about people
 * (docs/domain.md, "Probing the blacklist and staff accounts"). No personal data: addresses, session tokens and
 * IP addresses only as HMAC-SHA256 (hex) under a key derived from APP_SECRET. */
export class Probing1764000000002 implements MigrationInterface {
  name = 'Probing1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- Public registration refusals that say something about a person (blacklisted, already registered), counted
      -- per e-mail address, session token and IP address. One row per key, updated by one atomic upsert, so the
      -- limit holds with any number of API instances.
      CREATE TABLE public_refusal_counters (
        key_hash char(64) PRIMARY KEY,
        window_start timestamptz NOT NULL,
        refusals int NOT NULL,
        max_refusals int NOT NULL,
        blocked_until timestamptz
      );
      CREATE INDEX public_refusal_counters_window_idx ON public_refusal_counters (window_start);

      -- When a blacklisted address was last sent the details after a refused registration: at most one such
      -- e-mail per address per day, so refusals can't be used to flood the person.
      CREATE TABLE blacklist_refusal_notices (
        email_hash char(64) PRIMARY KEY,
        sent_at timestamptz NOT NULL
      );

      -- Failed sign-ins for an address that has no account that can sign in with a password (unknown, or blocked
      -- by staff): counted and locked like users.access_failed_count / lockout_end, so the answers don't tell
      -- which accounts exist.
      CREATE TABLE login_failures (
        email_hash char(64) PRIMARY KEY,
        failed_count int NOT NULL DEFAULT 0,
        lockout_end timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX login_failures_updated_idx ON login_failures (updated_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_failures, blacklist_refusal_notices, public_refusal_counters`);
  }
}
