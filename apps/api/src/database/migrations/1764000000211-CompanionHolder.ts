import { MigrationInterface, QueryRunner } from 'typeorm';

/** A companion's registration names the registration of the person who booked them (docs/domain.md, "Tickets"):
 * written by the booking's own INSERT, kept through promotion and cancellation, and cleared when the holder's row is
 * erased (GDPR), so the door can say 'acompañante de …'. Bookings made before this have none. */
export class CompanionHolder1764000000211 implements MigrationInterface {
  name = 'CompanionHolder1764000000211';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE registrations
        ADD COLUMN holder_registration_id int REFERENCES registrations (id) ON DELETE SET NULL;
      CREATE INDEX registrations_holder_idx ON registrations (holder_registration_id)
        WHERE holder_registration_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE registrations DROP COLUMN holder_registration_id`);
  }
}
