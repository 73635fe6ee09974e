import { Client } from 'pg';
import { TEST_SERVER_URL, testRunId } from './test-env';

/** Drops this run's template and any test database a crashed test file left behind. */
export default async function globalTeardown(): Promise<void> {
  const run = testRunId();
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname IN ($1) OR datname LIKE $2`, [
      `evreg_tpl_${run}`,
      `evreg_t_${run}_%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
