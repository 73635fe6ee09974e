import { isAbsolute, resolve } from 'node:path';
import { OperationError } from '../database/backup';

/** DATA_DIR as the application resolves it (relative to the working directory, default ./.data), read without
 * loading the whole configuration: that would generate a secret in an empty DATA_DIR before a restore. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATA_DIR?.trim() || './.data';
  return isAbsolute(raw) ? raw : resolve(process.cwd(), raw);
}

/** With DATABASE_URL the database is a real PostgreSQL: its own tools copy it (README, "Operación"). */
export const POSTGRES_HINT = [
  'Con DATABASE_URL la base de datos es un PostgreSQL propio: usa sus herramientas.',
  '  Copia:       pg_dump --format=custom --file=evreg.dump "$DATABASE_URL"',
  '  Restaurar:   pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" evreg.dump',
].join('\n');

/** Runs an operation command: its Spanish error on stderr and exit code 1, never a stack trace for a known case. */
export function runOperation(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const known = error instanceof OperationError;
    process.stderr.write(
      `${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
