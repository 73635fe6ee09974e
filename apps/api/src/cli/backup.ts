import { backupDataDir } from '../database/backup';
import { dataDirFromEnv, POSTGRES_HINT, runOperation } from './operation';

/** `npm run backup [-- FILE]`: a consistent copy of the embedded database of DATA_DIR, taken while the application
 * runs (it writes the copy) or while it is stopped. Prints the file's path. */
runOperation(async () => {
  if (process.env.DATABASE_URL?.trim()) {
    process.stderr.write(`${POSTGRES_HINT}\n`);
    process.exit(2);
  }
  const { file, online } = await backupDataDir(dataDirFromEnv(), process.argv[2]);
  process.stdout.write(
    `Copia de seguridad ${online ? 'tomada por la aplicación en marcha' : 'tomada con la aplicación parada'}:\n${file}\n`,
  );
});
