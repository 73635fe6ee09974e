import { MigrationInterface, QueryRunner } from 'typeorm';

/** Refusals decided without the database (docs/domain.md, "Refusals without a round trip"): every instance keeps a
 * snapshot of a full session's room and drops it when told that the room may have grown. The telling is done
 * here, by triggers, so no writer of a session (the booking engine, staff screens, the integrators' API, a hold's
 * sweep, a deletion) can forget it: a NOTIFY on channel `session_room` with the session's id, sent at the commit
 * of the transaction that made the change. Only changes that can turn a refusal into an acceptance notify (more
 * room online or on the waiting list, registration opened or closed, the start moved, the event's status
 * changed, the session deleted), so a booking, which only takes room, sends none. Adds no column. */
export class SessionRoomNotify1764000000310 implements MigrationInterface {
  name = 'SessionRoomNotify1764000000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION session_room_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('session_room', OLD.id::text);
        ELSIF NEW.max_attendees - NEW.reserved_spots - NEW.online_registered - NEW.held_spots
                > OLD.max_attendees - OLD.reserved_spots - OLD.online_registered - OLD.held_spots
           OR NEW.max_queue_spots - NEW.queue_count > OLD.max_queue_spots - OLD.queue_count
           OR NEW.is_registration_open IS DISTINCT FROM OLD.is_registration_open
           OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
           OR NEW.event_id IS DISTINCT FROM OLD.event_id THEN
          PERFORM pg_notify('session_room', NEW.id::text);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER session_room_changed AFTER UPDATE OR DELETE ON event_sessions
                     FOR EACH ROW EXECUTE FUNCTION session_room_changed()`);
    await q.query(`
      CREATE FUNCTION event_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status THEN
          PERFORM pg_notify('session_room', s.id::text) FROM event_sessions s WHERE s.event_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER event_status_changed AFTER UPDATE OF status ON events
                     FOR EACH ROW EXECUTE FUNCTION event_status_changed()`);
    // A snapshot decides only until the first expiry of the holds it saw, which the engine never brings forward (a
    // replacement keeps an unexpired hold's deadline). Whatever does (a statement by hand, a test moving time) notifies.
    await q.query(`
      CREATE FUNCTION hold_expiry_brought_forward() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('session_room', NEW.session_id::text);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER hold_expiry_brought_forward AFTER UPDATE OF expires_at ON ticket_holds
                     FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at) EXECUTE FUNCTION hold_expiry_brought_forward()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER hold_expiry_brought_forward ON ticket_holds`);
    await q.query(`DROP FUNCTION hold_expiry_brought_forward()`);
    await q.query(`DROP TRIGGER event_status_changed ON events`);
    await q.query(`DROP FUNCTION event_status_changed()`);
    await q.query(`DROP TRIGGER session_room_changed ON event_sessions`);
    await q.query(`DROP FUNCTION session_room_changed()`);
  }
}
