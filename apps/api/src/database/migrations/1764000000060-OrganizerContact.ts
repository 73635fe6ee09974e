import { MigrationInterface, QueryRunner } from 'typeorm';

/** The organiser's contact on each event (docs/domain.md, "Events and sessions"): shown on the booking page and
 * in every e-mail about the event. Optional: an event without them shows the organiser's name only. */
export class OrganizerContact1764000000060 implements MigrationInterface {
  name = 'OrganizerContact1764000000060';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE events
        ADD COLUMN organizer_email varchar(254),
        ADD COLUMN organizer_phone varchar(30),
        ADD COLUMN organizer_website varchar(500);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE events DROP COLUMN organizer_website, DROP COLUMN organizer_phone, DROP COLUMN organizer_email`,
    );
  }
}
