import { MigrationInterface, QueryRunner } from 'typeorm';

/** SMS settings (one row; the Netelip token sealed with APP_SECRET), the SMS log that doubles as the outbox of
 * SMS to send, and the record of GDPR requests (no personal data: the e-mail only as an HMAC). */
export class SmsGdpr1764000000001 implements MigrationInterface {
  name = 'SmsGdpr1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sms_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        sms_enabled boolean NOT NULL DEFAULT false,
        sender_name varchar(15) NOT NULL DEFAULT '',
        netelip_token_sealed text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO sms_settings (id) VALUES (1);

      -- Written pending in the same transaction as what causes it (a notification, a blacklist entry), then a
      -- job claims the row (claimed_until, so one worker sends it) and records sent or failed.
      CREATE TABLE sms_messages (
        id bigserial PRIMARY KEY,
        sms_type varchar(20) NOT NULL,
        registration_id int REFERENCES registrations(id) ON DELETE SET NULL,
        event_id int REFERENCES events(id) ON DELETE SET NULL,
        session_id int REFERENCES event_sessions(id) ON DELETE SET NULL,
        -- The recipient's e-mail when known, so a GDPR erasure finds their SMS.
        email varchar(254),
        phone_number varchar(30) NOT NULL,
        message text NOT NULL,
        parts smallint NOT NULL CHECK (parts > 0),
        cost numeric(10, 2) NOT NULL DEFAULT 0 CHECK (cost >= 0),
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
        error_message text,
        provider_id varchar(100),
        sent_by varchar(260) NOT NULL DEFAULT 'Sistema',
        sent_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        attempts int NOT NULL DEFAULT 0,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX sms_messages_pending_idx ON sms_messages (created_at) WHERE status = 0;
      CREATE INDEX sms_messages_created_idx ON sms_messages (created_at DESC, id DESC);
      CREATE INDEX sms_messages_email_idx ON sms_messages (email);
      CREATE INDEX sms_messages_registration_idx ON sms_messages (registration_id);

      CREATE TABLE gdpr_requests (
        id bigserial PRIMARY KEY,
        action varchar(20) NOT NULL,
        email_hash char(64) NOT NULL,
        counts jsonb NOT NULL DEFAULT '{}',
        staff_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX gdpr_requests_email_hash_idx ON gdpr_requests (email_hash, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE gdpr_requests, sms_messages, sms_settings`);
  }
}
