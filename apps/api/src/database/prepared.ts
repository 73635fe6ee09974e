import { DataSource, EntityManager } from 'typeorm';

/** Data sources whose connections are real PostgreSQL sessions, where named prepared statements are safe. The
 * embedded PGlite socket server multiplexes all pool connections onto one database session, where two
 * connections preparing the same name collide, so there the statements run unprepared. */
const namedStatementSources = new WeakSet<DataSource>();

export function enableNamedStatements(dataSource: DataSource): void {
  namedStatementSources.add(dataSource);
}

/** Runs a named prepared statement: PostgreSQL parses and plans it once per connection instead of at every
 * call. For the hot paths of a rush (holds, registrations, the booking page's reads), where planning the same
 * statements again and again was a large share of the database's CPU. Inside a transaction pass its manager. */
export async function preparedQuery<T = Record<string, unknown>>(
  db: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const own = db instanceof DataSource;
  const dataSource = own ? db : db.connection;
  if (!namedStatementSources.has(dataSource)) return db.query(text, values);
  const runner = own ? db.createQueryRunner() : db.queryRunner;
  if (!runner) throw new Error('preparedQuery needs a transaction manager or the data source');
  const client = (await runner.connect()) as {
    query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: T[] }>;
  };
  try {
    return (await client.query({ name, text, values })).rows;
  } finally {
    if (own) await runner.release();
  }
}
