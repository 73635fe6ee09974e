import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate, seedBase } from '@evreg/api/src/testing';
import { randomBytes } from 'node:crypto';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TEST_SERVER_URL, databaseUrl, templateDatabase } from './test-env';

/** Once per run: a migrated and seeded template database; every test file clones it (CREATE DATABASE ...
 * TEMPLATE), which takes milliseconds and isolates the files from each other. */
export default async function globalSetup(): Promise<void> {
  process.env.EVREG_TEST_RUN = randomBytes(4).toString('hex');
  const TEMPLATE_DB = templateDatabase();
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const ds = await new DataSource(dataSourceOptions(databaseUrl(TEMPLATE_DB), 2)).initialize();
  try {
    await migrate(ds, (d) => seedBase(d, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: TEST_ADMIN_PASSWORD }));
  } finally {
    await ds.destroy();
  }
}
