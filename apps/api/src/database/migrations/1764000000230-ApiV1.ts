import { MigrationInterface, QueryRunner } from 'typeorm';

/** The integrators' API, /api/v1 (docs/integrations.md, docs/domain.md "The integrators' API (v1)"): when each
 * event, session and registration last changed, the content system's own key of a session, and the tombstones
 * that let a full sync see deletions. */
export class ApiV11764000000230 implements MigrationInterface {
  name = 'ApiV11764000000230';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- updated_at: the added columns' default now() is stable, so PostgreSQL stores it once instead of rewriting
      -- the tables. events already had the column (kept by TypeORM's saves only); the trigger now keeps all three.
      ALTER TABLE event_sessions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
                                 ADD COLUMN external_id varchar(100);
      ALTER TABLE registrations ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

      -- A session's key in the organiser's content system: unique per event, another event may reuse it.
      CREATE UNIQUE INDEX event_sessions_external_id_key ON event_sessions (event_id, external_id)
        WHERE external_id IS NOT NULL;

      -- Keyset order of the updatedSince lists. Not on event_sessions: every booking writes its session's counters,
      -- and an index on updated_at would make each of those writes update every index of the row (no HOT update);
      -- sessions are few per event, so their list reads the table.
      CREATE INDEX registrations_updated_idx ON registrations (updated_at, id);
      CREATE INDEX events_updated_idx ON events (updated_at, id);

      -- One trigger per table keeps updated_at for every writer, the booking engine's raw SQL included. The WHEN
      -- clause compares the rows in C: an UPDATE that changes nothing (a lock taken as an update) neither calls
      -- the function nor moves the timestamp.
      CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.updated_at := now();
        RETURN NEW;
      END $$;
      CREATE TRIGGER events_touch BEFORE UPDATE ON events
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION touch_updated_at();
      CREATE TRIGGER event_sessions_touch BEFORE UPDATE ON event_sessions
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION touch_updated_at();
      CREATE TRIGGER registrations_touch BEFORE UPDATE ON registrations
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION touch_updated_at();

      -- Tombstones: what a full sync must delete. Ids only, never personal data (a GDPR erasure leaves just the
      -- registration's id). A waiting-list entry also ends when it leaves the list (promoted or cancelled): its
      -- registration lives on, the entry does not. Removed after the retention period (api-v1/deletions.service.ts).
      CREATE TABLE deleted_records (
        id bigserial PRIMARY KEY,
        resource varchar(30) NOT NULL
          CHECK (resource IN ('event', 'session', 'registration', 'waiting-list-entry')),
        resource_id int NOT NULL,
        event_id int,
        session_id int,
        deleted_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX deleted_records_deleted_idx ON deleted_records (deleted_at, id);

      CREATE FUNCTION record_event_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_records (resource, resource_id, event_id) VALUES ('event', OLD.id, OLD.id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER events_tombstone AFTER DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION record_event_deletion();

      CREATE FUNCTION record_session_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO deleted_records (resource, resource_id, event_id, session_id)
        VALUES ('session', OLD.id, OLD.event_id, OLD.id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER event_sessions_tombstone AFTER DELETE ON event_sessions
        FOR EACH ROW EXECUTE FUNCTION record_session_deletion();

      -- Registrations: deleted (staff deletion, GDPR erasure, a session's deletion) or, for a waiting-list entry,
      -- left the list. The session still exists when its registrations go (they are deleted before it).
      CREATE FUNCTION record_registration_end() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO deleted_records (resource, resource_id, event_id, session_id)
          SELECT 'registration', OLD.id, (SELECT event_id FROM event_sessions WHERE id = OLD.session_id), OLD.session_id;
        END IF;
        IF OLD.state = 2 THEN
          INSERT INTO deleted_records (resource, resource_id, event_id, session_id)
          SELECT 'waiting-list-entry', OLD.id, (SELECT event_id FROM event_sessions WHERE id = OLD.session_id), OLD.session_id;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER registrations_tombstone AFTER DELETE ON registrations
        FOR EACH ROW EXECUTE FUNCTION record_registration_end();
      CREATE TRIGGER registrations_left_queue AFTER UPDATE OF state ON registrations
        FOR EACH ROW WHEN (OLD.state = 2 AND NEW.state <> 2) EXECUTE FUNCTION record_registration_end();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER registrations_left_queue ON registrations;
      DROP TRIGGER registrations_tombstone ON registrations;
      DROP TRIGGER event_sessions_tombstone ON event_sessions;
      DROP TRIGGER events_tombstone ON events;
      DROP FUNCTION record_registration_end(), record_session_deletion(), record_event_deletion();
      DROP TABLE deleted_records;
      DROP TRIGGER registrations_touch ON registrations;
      DROP TRIGGER event_sessions_touch ON event_sessions;
      DROP TRIGGER events_touch ON events;
      DROP FUNCTION touch_updated_at();
      DROP INDEX events_updated_idx;
      ALTER TABLE registrations DROP COLUMN updated_at;
      ALTER TABLE event_sessions DROP COLUMN updated_at, DROP COLUMN external_id;
    `);
  }
}
