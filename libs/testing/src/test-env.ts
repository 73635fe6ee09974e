/** Where the integration tests find PostgreSQL and Redis: the environment's DATABASE_URL / REDIS_URL (CI sets
 * them), else the local services of a development machine. */
export const TEST_SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Each jest run has its own id (set by global-setup), so runs on one server never touch each other's databases. */
export function testRunId(): string {
  const id = process.env.EVREG_TEST_RUN;
  if (!id) throw new Error('EVREG_TEST_RUN no definido: ¿falta el globalSetup de jest?');
  return id;
}
export const templateDatabase = () => `evreg_tpl_${testRunId()}`;
export const TEST_ADMIN_EMAIL = 'admin@pruebas.example.com';
export const TEST_ADMIN_PASSWORD = 'Admin-Pruebas-2026';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
