import { MigrationInterface, QueryRunner } from 'typeorm';

/** A promotion used to overwrite the registration date with its own (docs/domain.md, "Waiting list"): both were set
 * to the same now(). Gives those rows back the moment they registered (created_at, which nothing else changes);
 * `promoted_at` keeps the promotion's. */
export class PromotionKeepsRegistrationDate1764000000440 implements MigrationInterface {
  name = 'PromotionKeepsRegistrationDate1764000000440';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE registrations SET registered_at = created_at
        WHERE promoted_at IS NOT NULL AND registered_at = promoted_at AND created_at < registered_at`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: the dates it restores are the right ones under either version.
  }
}
