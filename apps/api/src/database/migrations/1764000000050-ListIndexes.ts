import { MigrationInterface, QueryRunner } from 'typeorm';

/** The orders of the paged users and events lists (docs/domain.md, "Lists at real sizes"): each sortable
 * column with the list's tie-break, so a page is read from an index instead of sorting every row. The text
 * columns sort without case. The public list reads only Live, public events. */
export class ListIndexes1764000000050 implements MigrationInterface {
  name = 'ListIndexes1764000000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX users_created_list_idx ON users (created_at, email);
      CREATE INDEX users_last_name_list_idx ON users (lower(last_name), id);
      CREATE INDEX users_first_name_list_idx ON users (lower(first_name), id);
      CREATE INDEX events_created_list_idx ON events (created_at, id);
      CREATE INDEX events_title_list_idx ON events (lower(title), id);
      CREATE INDEX events_city_list_idx ON events (lower(city), id);
      CREATE INDEX events_public_list_idx ON events (id) WHERE status = 1 AND is_public;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX events_public_list_idx;
      DROP INDEX events_city_list_idx;
      DROP INDEX events_title_list_idx;
      DROP INDEX events_created_list_idx;
      DROP INDEX users_first_name_list_idx;
      DROP INDEX users_last_name_list_idx;
      DROP INDEX users_created_list_idx;
    `);
  }
}
