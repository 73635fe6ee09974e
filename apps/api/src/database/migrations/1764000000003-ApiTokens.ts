import { MigrationInterface, QueryRunner } from 'typeorm';

/** Machine access (docs/domain.md, "API tokens"). Only the SHA-256 (hex) of a token is stored; the token itself
 * is answered once, when it is created. */
export class ApiTokens1764000000003 implements MigrationInterface {
  name = 'ApiTokens1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- permissions: what the token was given (names of the catalogue); in use it grants only those its creator
      -- still holds. Deleting the creator deletes their tokens. Revoking deletes the row. last_used_at is written
      -- at most once a minute (by the request that loads the token, in the same statement).
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        permissions text[] NOT NULL,
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX api_tokens_created_by_idx ON api_tokens (created_by);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_tokens`);
  }
}
