import type { AppConfig } from '../config/app-config';
import type { DatabaseTarget } from './data-source';
import { EmbeddedPostgres } from './embedded-postgres';

/** DATABASE_URL when given; otherwise the embedded PostgreSQL under DATA_DIR, started here and stopped by the
 * returned `stop` after the application has closed its pool. */
export async function openDatabaseTarget(config: AppConfig): Promise<DatabaseTarget & { stop: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, mode: 'postgres', stop: async () => undefined };
  // One connection more than the pool, for the migration lock held while migrations run.
  const embedded = await EmbeddedPostgres.start(config.dataDir, config.dbPoolSize + 2);
  return { url: embedded.url, mode: 'embedded', stop: () => embedded.stop() };
}
