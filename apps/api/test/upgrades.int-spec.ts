import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TestApp, TEST_SERVER_URL, databaseUrl, testRunId } from '@evreg/testing';
import { MIGRATIONS } from '../src/database/migrations';

/** Several instances starting at once on a database (a rolling upgrade, a scale-out): the migrations run once,
 * under the advisory lock, and every instance starts (docs/architecture.md, "Operation"). */
describe('Instances starting together on a fresh database', () => {
  const name = `evreg_t_${testRunId()}_up_${randomBytes(3).toString('hex')}`;
  const apps: TestApp[] = [];

  async function onServer(sql: string): Promise<void> {
    const admin = new Client({ connectionString: TEST_SERVER_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  }

  beforeAll(() => onServer(`CREATE DATABASE "${name}"`));
  afterAll(async () => {
    for (const app of apps) await app.close();
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('applies each migration once and seeds once; both instances start and serve', async () => {
    // An external database to TestApp: both use it as is and neither drops it.
    const started = await Promise.all([0, 1].map(() => TestApp.start({ databaseUrl: databaseUrl(name) })));
    apps.push(...started);
    const [first] = started;
    const applied = await first.sql<{ name: string; times: number }>(
      `SELECT name, count(*)::int AS times FROM migrations GROUP BY name ORDER BY name`,
    );
    expect(applied).toHaveLength(MIGRATIONS.length);
    expect(applied.filter((m) => m.times !== 1)).toEqual([]);
    expect(await first.sql(`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 1 }]);
    for (const app of started) expect((await app.request('GET', '/api/health')).status).toBe(200);
  }, 120_000);
});
