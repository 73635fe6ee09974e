import { MigrationInterface, QueryRunner } from 'typeorm';

/** A session's counters get a version of their own (docs/webhooks.md, "Ordering"): `counters_sequence`, raised by one
 * by a BEFORE UPDATE trigger whenever a counter or a capacity of the row changes, whoever writes it (the booking
 * engine's SQL, the capacity service, a fix in psql). The trigger runs under the row's lock, in the writing
 * transaction, so concurrent changes get distinct numbers in their commit order, and a number always goes with the
 * same counters. Webhook bodies carry it as `session.sequence`. The WHEN clause is evaluated in C: an update of
 * other columns calls nothing. A constant default: adding the column rewrites no row. */
export class SessionCountersSequence1764000000450 implements MigrationInterface {
  name = 'SessionCountersSequence1764000000450';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE event_sessions ADD COLUMN counters_sequence bigint NOT NULL DEFAULT 1;
      CREATE FUNCTION raise_counters_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.counters_sequence := OLD.counters_sequence + 1;
        RETURN NEW;
      END $$;
      CREATE TRIGGER event_sessions_counters_sequence BEFORE UPDATE ON event_sessions
        FOR EACH ROW WHEN (
          (OLD.online_registered, OLD.reserved_registered, OLD.queue_count, OLD.held_spots,
           OLD.max_attendees, OLD.reserved_spots, OLD.max_queue_spots)
          IS DISTINCT FROM
          (NEW.online_registered, NEW.reserved_registered, NEW.queue_count, NEW.held_spots,
           NEW.max_attendees, NEW.reserved_spots, NEW.max_queue_spots))
        EXECUTE FUNCTION raise_counters_sequence();`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER event_sessions_counters_sequence ON event_sessions;
      DROP FUNCTION raise_counters_sequence();
      ALTER TABLE event_sessions DROP COLUMN counters_sequence;`);
  }
}
