import { DataSource, DataSourceOptions, EntityManager, MigrationExecutor } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export type DatabaseMode = 'postgres' | 'embedded';

export interface DatabaseTarget {
  url: string;
  mode: DatabaseMode;
}

/** `connectTimeoutMs`: how long a query waits for a connection (a free one from the pool, or a new one), so that
 * with the database away a request fails (503) instead of waiting forever (docs/domain.md, "PostgreSQL away");
 * 0 waits as long as it takes. */
export function dataSourceOptions(url: string, poolSize: number, connectTimeoutMs = 5_000): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // A small pool beats a large one when bookings serialise on a session row (docs/performance.md).
    extra: { max: poolSize, idleTimeoutMillis: 30000, connectionTimeoutMillis: connectTimeoutMs },
    // Off: TypeORM would print failed queries with their parameters (e-mails, hashes). Errors still reach the
    // exception filter, which logs them without request data.
    logging: false,
  };
}

/** Arbitrary constant key for the advisory lock that serialises migrations and seeding across instances. */
const MIGRATION_LOCK_KEY = 7_204_511;

/** Applies pending migrations, then runs `afterMigrations` (the seed), holding an advisory lock so several
 * instances starting together do it once, one after the other. Everything runs on the one connection that
 * holds the lock (the embedded database runs with a single connection). */
export async function migrate(
  dataSource: DataSource,
  afterMigrations?: (db: EntityManager) => Promise<void>,
): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'each';
    await executor.executePendingMigrations();
    if (afterMigrations) await afterMigrations(runner.manager);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}
