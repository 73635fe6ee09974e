import { MigrationInterface, QueryRunner } from 'typeorm';

/** The history of every change (docs/domain.md, "History"): one append-only table, written in the transaction of
 * the change it records. No foreign keys: an entry outlives a deleted session or registration (only a GDPR
 * erasure removes a person's entries). `changes` names the fields changed; values only for non-personal ones. */
export class History1764000000270 implements MigrationInterface {
  name = 'History1764000000270';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE history_entries (
        id bigserial PRIMARY KEY,
        subject_kind varchar(20) NOT NULL,
        subject_id int NOT NULL,
        event_id int,
        session_id int,
        action varchar(40) NOT NULL,
        actor_kind varchar(20) NOT NULL,
        actor_user_id uuid,
        actor_label varchar(250),
        changes jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT history_entries_subject_kind CHECK (subject_kind IN ('registration', 'event', 'session'))
      );
      CREATE INDEX history_entries_subject_idx ON history_entries (subject_kind, subject_id, id);
      CREATE INDEX history_entries_event_idx ON history_entries (event_id, id) WHERE subject_kind <> 'registration';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE history_entries`);
  }
}
