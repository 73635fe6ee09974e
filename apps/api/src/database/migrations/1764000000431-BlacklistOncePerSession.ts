import { MigrationInterface, QueryRunner } from 'typeorm';

/** A person is on the blacklist at most once per session (docs/domain.md, "Blacklist"): the unique rule that makes
 * the single entry, the bulk action and the no-shows flow skip someone already listed there, even when two staff
 * members act at once. Existing repeats (written by the bulk action before this rule) are folded first: of each
 * person's entries for one session the one that expires last stays (the first written on a tie), since it is the
 * decision in force; the others go. Entries whose session was deleted (null) are not concerned. */
export class BlacklistOncePerSession1764000000431 implements MigrationInterface {
  name = 'BlacklistOncePerSession1764000000431';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM blacklist_entries b
       USING blacklist_entries k
       WHERE k.event_session_id = b.event_session_id AND k.email = b.email AND k.id <> b.id
         AND (k.expires_at > b.expires_at OR (k.expires_at = b.expires_at AND k.id < b.id))`);
    await q.query(
      `CREATE UNIQUE INDEX blacklist_entries_session_email_key ON blacklist_entries (event_session_id, email)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX blacklist_entries_session_email_key`);
  }
}
