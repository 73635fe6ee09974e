import { MigrationInterface, QueryRunner } from 'typeorm';

/** Events, sessions, holds, registrations (active, cancelled and waiting in one table), consents, blacklist
 * and the e-mail log that doubles as the outbox of messages to send. The session row carries counters kept
 * in the same transaction as the rows they count; CHECK constraints make the capacity invariants hold even
 * against a bug in the application. */
export class BookingEngine1763856000000 implements MigrationInterface {
  name = 'BookingEngine1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_categories (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL
      );
      CREATE UNIQUE INDEX event_categories_name_key ON event_categories (lower(name));
      INSERT INTO event_categories (name) VALUES ('Cultura'), ('Deporte'), ('Formación'), ('Ocio'), ('Infantil'), ('Música'), ('Teatro'), ('Exposición');

      CREATE TABLE events (
        id int PRIMARY KEY CHECK (id > 0),
        title varchar(300) NOT NULL,
        description text NOT NULL,
        event_category_id int REFERENCES event_categories(id) ON DELETE SET NULL,
        country varchar(100) NOT NULL DEFAULT 'Spain',
        city varchar(100) NOT NULL,
        address varchar(300) NOT NULL DEFAULT '',
        place varchar(200) NOT NULL DEFAULT '',
        postal_code varchar(20) NOT NULL DEFAULT '',
        status smallint NOT NULL DEFAULT 0,
        is_public boolean NOT NULL DEFAULT true,
        price numeric(10, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
        organizer_name varchar(200) NOT NULL DEFAULT '',
        organizer_id int,
        time_zone varchar(64) NOT NULL DEFAULT 'Europe/Madrid',
        image_url varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX events_status_idx ON events (status);

      CREATE TABLE event_sessions (
        id serial PRIMARY KEY,
        event_id int NOT NULL REFERENCES events(id) ON DELETE RESTRICT,
        start_date date NOT NULL,
        end_date date NOT NULL,
        start_time time NOT NULL,
        end_time time NOT NULL,
        is_all_day boolean NOT NULL DEFAULT false,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        max_attendees int NOT NULL CHECK (max_attendees > 0),
        reserved_spots int NOT NULL DEFAULT 0 CHECK (reserved_spots >= 0),
        max_queue_spots int NOT NULL DEFAULT 0 CHECK (max_queue_spots >= 0),
        is_promotion_locked boolean NOT NULL DEFAULT false,
        is_registration_open boolean NOT NULL DEFAULT true,
        online_registered int NOT NULL DEFAULT 0 CHECK (online_registered >= 0),
        reserved_registered int NOT NULL DEFAULT 0 CHECK (reserved_registered >= 0),
        held_spots int NOT NULL DEFAULT 0 CHECK (held_spots >= 0),
        queue_count int NOT NULL DEFAULT 0 CHECK (queue_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_sessions_dates CHECK (end_date >= start_date),
        CONSTRAINT event_sessions_reserved_within CHECK (reserved_spots <= max_attendees),
        CONSTRAINT event_sessions_online_capacity CHECK (online_registered + held_spots <= max_attendees - reserved_spots),
        CONSTRAINT event_sessions_reserved_capacity CHECK (reserved_registered <= reserved_spots),
        CONSTRAINT event_sessions_queue_capacity CHECK (queue_count <= max_queue_spots)
      );
      CREATE INDEX event_sessions_event_idx ON event_sessions (event_id, starts_at);

      CREATE TABLE ticket_holds (
        id bigserial PRIMARY KEY,
        session_id int NOT NULL REFERENCES event_sessions(id) ON DELETE CASCADE,
        token varchar(100) NOT NULL,
        spots smallint NOT NULL CHECK (spots BETWEEN 1 AND 2),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX ticket_holds_session_token_key ON ticket_holds (session_id, token);
      CREATE INDEX ticket_holds_expires_idx ON ticket_holds (expires_at);
      CREATE INDEX ticket_holds_token_idx ON ticket_holds (token);

      CREATE TABLE registrations (
        id serial PRIMARY KEY,
        session_id int NOT NULL REFERENCES event_sessions(id) ON DELETE RESTRICT,
        state smallint NOT NULL,
        first_name varchar(100) NOT NULL,
        last_name varchar(150) NOT NULL,
        email varchar(254) NOT NULL,
        user_tax_id varchar(30) NOT NULL,
        telephone_number varchar(30),
        uses_reserved_spot boolean NOT NULL DEFAULT false,
        queue_position int,
        source varchar(10) NOT NULL DEFAULT 'public',
        registered_at timestamptz NOT NULL DEFAULT now(),
        promoted_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT registrations_state CHECK (state IN (0, 1, 2)),
        CONSTRAINT registrations_queue_position CHECK ((state = 2) = (queue_position IS NOT NULL))
      );
      -- One person, one place per session: active (0) or waiting (2), by e-mail and by tax ID.
      CREATE UNIQUE INDEX registrations_person_email_key ON registrations (session_id, email) WHERE state IN (0, 2);
      CREATE UNIQUE INDEX registrations_person_tax_id_key ON registrations (session_id, user_tax_id) WHERE state IN (0, 2);
      CREATE INDEX registrations_session_state_idx ON registrations (session_id, state, queue_position);
      CREATE INDEX registrations_email_idx ON registrations (email);
      CREATE INDEX registrations_registered_at_idx ON registrations (registered_at);

      CREATE TABLE consents (
        id bigserial PRIMARY KEY,
        registration_id int REFERENCES registrations(id) ON DELETE SET NULL,
        email varchar(254) NOT NULL,
        consent_type varchar(50) NOT NULL,
        is_consented boolean NOT NULL,
        consent_date timestamptz NOT NULL DEFAULT now(),
        ip_address varchar(64)
      );
      CREATE INDEX consents_email_idx ON consents (email);

      CREATE TABLE blacklist_entries (
        id serial PRIMARY KEY,
        event_id int REFERENCES events(id) ON DELETE SET NULL,
        event_session_id int REFERENCES event_sessions(id) ON DELETE SET NULL,
        email varchar(254) NOT NULL,
        first_name varchar(100) NOT NULL DEFAULT '',
        last_name varchar(150) NOT NULL DEFAULT '',
        phone_number varchar(30),
        reason smallint NOT NULL CHECK (reason IN (0, 1, 2)),
        reason_desc varchar(500),
        notification_type smallint NOT NULL DEFAULT 1 CHECK (notification_type IN (0, 1)),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL
      );
      CREATE INDEX blacklist_entries_email_idx ON blacklist_entries (email, expires_at);

      -- The e-mail log, and the outbox: a message is written here (pending) in the same transaction as the
      -- booking that causes it, then a job delivers it and records sent or failed.
      CREATE TABLE email_messages (
        id bigserial PRIMARY KEY,
        email_type varchar(20) NOT NULL,
        registration_id int REFERENCES registrations(id) ON DELETE SET NULL,
        event_id int REFERENCES events(id) ON DELETE SET NULL,
        session_id int REFERENCES event_sessions(id) ON DELETE SET NULL,
        email_address varchar(254) NOT NULL,
        recipient_name varchar(260) NOT NULL DEFAULT '',
        user_tax_id varchar(30),
        data jsonb NOT NULL DEFAULT '{}',
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
        error_message text,
        attempts int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX email_messages_pending_idx ON email_messages (created_at) WHERE status = 0;
      CREATE INDEX email_messages_email_idx ON email_messages (email_address);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE email_messages, blacklist_entries, consents, registrations, ticket_holds, event_sessions, events, event_categories`,
    );
  }
}
