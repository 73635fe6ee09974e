import { MigrationInterface, QueryRunner } from 'typeorm';

/** 'Reenviar' once per click (docs/webhooks.md, "Redelivery"): the key of the click that last redelivered a
 * delivery, so the same click sent twice (a double click, a retried request) sends it only once. Nullable, no
 * default: adding it rewrites no row. */
export class WebhookRedeliverKey1764000000268 implements MigrationInterface {
  name = 'WebhookRedeliverKey1764000000268';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN redeliver_key uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN redeliver_key`);
  }
}
