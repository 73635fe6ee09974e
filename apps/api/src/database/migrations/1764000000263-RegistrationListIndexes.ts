import { MigrationInterface, QueryRunner } from 'typeorm';

/** The orders and the state filter of Registros, the staff search over every registration (docs/domain.md,
 * "Registros: finding and slicing people"): each sortable column with the id as tie-break, so a page of tens of
 * thousands of rows is read from an index instead of sorting them all. Text columns without case. */
export class RegistrationListIndexes1764000000263 implements MigrationInterface {
  name = 'RegistrationListIndexes1764000000263';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX registrations_registered_list_idx ON registrations (registered_at, id);
      CREATE INDEX registrations_state_list_idx ON registrations (state, registered_at, id);
      CREATE INDEX registrations_last_name_list_idx ON registrations (lower(last_name), id);
      CREATE INDEX registrations_email_list_idx ON registrations (lower(email), id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX registrations_email_list_idx;
      DROP INDEX registrations_last_name_list_idx;
      DROP INDEX registrations_state_list_idx;
      DROP INDEX registrations_registered_list_idx;
    `);
  }
}
