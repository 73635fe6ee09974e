import { restoreDataDir } from '../database/backup';
import { dataDirFromEnv, POSTGRES_HINT, runOperation } from './operation';

/** `npm run restore -- FILE [--force]`: brings a backup back into DATA_DIR, with the application stopped. An existing
 * database is replaced only with --force, and kept beside it. */
runOperation(async () => {
  if (process.env.DATABASE_URL?.trim()) {
    process.stderr.write(`${POSTGRES_HINT}\n`);
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) {
    process.stderr.write('Uso: npm run restore -- FICHERO [--force]\n');
    process.exit(2);
  }
  const dataDir = dataDirFromEnv();
  const { replaced } = await restoreDataDir(dataDir, file, { force });
  process.stdout.write(
    `Restaurada en ${dataDir}${replaced ? `; la base de datos anterior se conserva en ${replaced}` : ''}.\n` +
      'Arranca la aplicación: aplica las migraciones que falten.\n',
  );
});
