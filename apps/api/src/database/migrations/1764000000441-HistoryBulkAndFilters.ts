import { MigrationInterface, QueryRunner } from 'typeorm';

/** The history's bulk operations and filters (docs/domain.md, "History"): `bulk_id` ties the entries one bulk action
 * wrote (shown as one group, with who and how many); the indexes serve the filtered, newest-first list. */
export class HistoryBulkAndFilters1764000000441 implements MigrationInterface {
  name = 'HistoryBulkAndFilters1764000000441';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE history_entries ADD COLUMN bulk_id uuid;
      CREATE INDEX history_entries_bulk_idx ON history_entries (bulk_id, action) WHERE bulk_id IS NOT NULL;
      CREATE INDEX history_entries_session_idx ON history_entries (session_id, id);
      CREATE INDEX history_entries_actor_idx ON history_entries (actor_user_id, id) WHERE actor_user_id IS NOT NULL;
      CREATE INDEX history_entries_created_idx ON history_entries (created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX history_entries_created_idx;
      DROP INDEX history_entries_actor_idx;
      DROP INDEX history_entries_session_idx;
      DROP INDEX history_entries_bulk_idx;
      ALTER TABLE history_entries DROP COLUMN bulk_id;
    `);
  }
}
