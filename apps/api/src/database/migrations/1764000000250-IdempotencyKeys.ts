import { MigrationInterface, QueryRunner } from 'typeorm';

/** The integrators' Idempotency-Key on /api/v1 (docs/integrations-http.md, http-v1/idempotency.ts): one row per
 * (credential, key), claimed by INSERT ... ON CONFLICT before the request runs, holding its answer once it has one. */
export class IdempotencyKeys1764000000250 implements MigrationInterface {
  name = 'IdempotencyKeys1764000000250';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        -- HMAC of the bearer credential sent (no token stored), so two clients' keys never meet.
        scope char(64) NOT NULL,
        key varchar(255) NOT NULL,
        -- SHA-256 of method, path and body: the same key with another request is refused.
        fingerprint char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        -- While the first request runs: until when its claim holds (an instance that died frees it then).
        claimed_until timestamptz,
        -- The first answer, replayed to a repeat: null while in flight.
        status smallint,
        headers jsonb,
        body text,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
