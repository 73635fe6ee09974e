import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';

/** Every row of every table of the public schema, as sorted JSON texts per table: two databases hold the same data
 * when their snapshots are equal. */
export type Snapshot = Record<string, string[]>;

export async function snapshot(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Snapshot> {
  const tables = await query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const result: Snapshot = {};
  for (const { name } of tables)
    result[name as string] = (await query(`SELECT to_jsonb(t)::text AS row FROM "${name as string}" t`))
      .map((r) => r.row as string)
      .sort();
  return result;
}

/** The snapshot of the embedded database of a DATA_DIR no process has open. */
export async function snapshotOfDataDir(dataDir: string): Promise<Snapshot> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
  try {
    return await snapshot(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await db.close();
  }
}
