import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhooks an integrator can mirror from (docs/domain.md, "Webhooks", "Ordering"): each registration's `version`,
 * 1 when inserted and raised by one by every statement that changes it in a way a webhook event announces
 * (cancellation, promotion, check-in, deletion by staff). Every registration event carries it as `sequence`, read in
 * the transaction of the change under the row's lock, so a receiver sorts a registration's events by it however
 * they arrive. A constant default: adding the column rewrites no row. */
export class WebhookSequence1764000000240 implements MigrationInterface {
  name = 'WebhookSequence1764000000240';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registrations ADD COLUMN version int NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registrations DROP COLUMN version`);
  }
}
