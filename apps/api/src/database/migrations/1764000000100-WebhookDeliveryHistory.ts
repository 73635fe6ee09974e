import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every try of a webhook delivery kept (docs/domain.md, "Webhooks", "History, redelivery, retention"): its time,
 * the HTTP status and our Spanish reason, never wiped once delivered. `redelivered_at` starts the retry window again
 * when staff or an integrator asks for another delivery; retention removes settled deliveries by the later of it and
 * `created_at`. The tries made before keep only their last one, which the delivery row still holds. */
export class WebhookDeliveryHistory1764000000100 implements MigrationInterface {
  name = 'WebhookDeliveryHistory1764000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        status_code int,
        error text
      );
      CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, id);
      ALTER TABLE webhook_deliveries ADD COLUMN redelivered_at timestamptz;
      CREATE INDEX webhook_deliveries_settled_idx ON webhook_deliveries ((coalesce(redelivered_at, created_at)))
        WHERE status <> 0;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX webhook_deliveries_settled_idx;
      ALTER TABLE webhook_deliveries DROP COLUMN redelivered_at;
      DROP TABLE webhook_delivery_attempts;
    `);
  }
}
