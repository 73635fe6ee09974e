import { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed webhooks (docs/domain.md, "Webhooks"): the staff-configured endpoints and their outbox. */
export class Webhooks1764000000004 implements MigrationInterface {
  name = 'Webhooks1764000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- The secret signs each body (HMAC-SHA256); kept sealed with APP_SECRET (common/crypto/secret-box), shown once.
      CREATE TABLE webhooks (
        id serial PRIMARY KEY,
        url text NOT NULL,
        events text[] NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- The outbox: one row per event and subscribed webhook, written in the transaction of the change (WebhookOutbox)
      -- and delivered by the job queue (WebhookDeliveryService). status 0 pending, 1 delivered, 2 failed. event_id is
      -- the X-Webhook-Id (the same on every try, and for every webhook told of the same event). payload is the body's
      -- "data": the registration's names and e-mail, no tax ID or phone; a GDPR erasure deletes the person's rows.
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        webhook_id int NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        registration_id int,
        session_id int,
        payload jsonb NOT NULL,
        status smallint NOT NULL DEFAULT 0,
        attempts int NOT NULL DEFAULT 0,
        last_status_code int,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz
      );
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, id) WHERE status = 0;
      CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id);
      CREATE INDEX webhook_deliveries_registration_idx ON webhook_deliveries (registration_id) WHERE registration_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries, webhooks`);
  }
}
