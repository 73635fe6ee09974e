import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { answers, controlSocketPath, EmbeddedControl } from './embedded-control';
import { PGLITE_EXTENSIONS } from './embedded-postgres';

/** A backup of the embedded database (docs/architecture.md, "Operation"): this first line, a JSON line (the
 * header), then the database files as PGlite's gzipped tarball. The generated APP_SECRET of DATA_DIR travels with
 * them (the sealed SMTP password, the Netelip token and every signed link depend on it): the file is as sensitive
 * as DATA_DIR itself and is written readable by its owner only. */
const MAGIC = 'EVREG-BACKUP 1\n';

interface BackupHeader {
  createdAt: string;
  /** DATA_DIR/app-secret at the time of the backup, when the process used a generated one. */
  appSecret: string | null;
  bytes: number;
}

export class OperationError extends Error {}

const pgdataOf = (dataDir: string) => join(dataDir, 'pgdata');
const appSecretOf = (dataDir: string) => join(dataDir, 'app-secret');
const stamp = (date = new Date()) => date.toISOString().replace(/[:.]/g, '-');

function hasDatabase(dataDir: string): boolean {
  const dir = pgdataOf(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Writes a backup of DATA_DIR's embedded database to `file` (default DATA_DIR/backups/evreg-<time>.backup) and
 * returns its path. While the application runs, the copy is taken by the application through its operation channel
 * (PGlite allows one process per data directory); when it is stopped, the database is opened here. */
export async function backupDataDir(dataDir: string, file?: string): Promise<{ file: string; online: boolean }> {
  if (!hasDatabase(dataDir)) throw new OperationError(`No hay base de datos embebida en ${dataDir} (DATA_DIR)`);
  const socket = controlSocketPath(dataDir);
  const online = await answers(socket);
  const tarball = online ? await askRunningProcess(socket) : await dumpStopped(dataDir);
  const secretFile = appSecretOf(dataDir);
  const header: BackupHeader = {
    createdAt: new Date().toISOString(),
    appSecret: existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : null,
    bytes: tarball.length,
  };
  const target = resolve(file ?? join(dataDir, 'backups', `evreg-${stamp()}.backup`));
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  writeFileSync(partial, Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), tarball]), {
    mode: 0o600,
  });
  renameSync(partial, target);
  return { file: target, online };
}

/** Restores a backup into DATA_DIR. Refused while the application runs on it, and when DATA_DIR already has a
 * database unless `force`; then the current database (and generated secret) are kept beside it, renamed
 * `pgdata.replaced-<time>`, never deleted. The copy is opened once before it takes the place of the old one. */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ replaced: string | null }> {
  const { header, tarball } = readBackup(file);
  const socket = controlSocketPath(dataDir);
  if (await answers(socket)) throw runningError(dataDir);
  if (hasDatabase(dataDir) && !options.force)
    throw new OperationError(
      `${dataDir} (DATA_DIR) ya tiene una base de datos: para sustituirla añade --force (la actual se conserva al lado)`,
    );
  mkdirSync(dataDir, { recursive: true });
  const now = stamp();
  const incoming = join(dataDir, `pgdata.restoring-${now}`);
  rmSync(incoming, { recursive: true, force: true });
  const db = await PGlite.create({
    dataDir: incoming,
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([new Uint8Array(tarball)], { type: 'application/x-gzip' }),
  });
  try {
    await db.query('SELECT count(*) FROM migrations');
  } catch (error) {
    await db.close();
    rmSync(incoming, { recursive: true, force: true });
    throw new OperationError(`La copia no contiene una base de datos de la aplicación: ${(error as Error).message}`);
  }
  await db.close();
  // Checked again just before the swap: an application started meanwhile keeps its database.
  if (await answers(socket)) {
    rmSync(incoming, { recursive: true, force: true });
    throw runningError(dataDir);
  }
  let replaced: string | null = null;
  if (existsSync(pgdataOf(dataDir))) {
    replaced = join(dataDir, `pgdata.replaced-${now}`);
    renameSync(pgdataOf(dataDir), replaced);
  }
  renameSync(incoming, pgdataOf(dataDir));
  const secretFile = appSecretOf(dataDir);
  if (header.appSecret !== null) {
    if (existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() !== header.appSecret)
      renameSync(secretFile, join(dataDir, `app-secret.replaced-${now}`));
    writeFileSync(secretFile, `${header.appSecret}\n`, { mode: 0o600 });
  }
  return { replaced };
}

function runningError(dataDir: string): OperationError {
  return new OperationError(`La aplicación está en marcha sobre ${dataDir} (DATA_DIR): detenla antes de restaurar`);
}

function readBackup(file: string): { header: BackupHeader; tarball: Buffer } {
  if (!existsSync(file)) throw new OperationError(`No existe el fichero ${file}`);
  const content = readFileSync(file);
  const notBackup = new OperationError(`${file} no es una copia de seguridad de esta aplicación`);
  if (content.subarray(0, MAGIC.length).toString('utf8') !== MAGIC) throw notBackup;
  const end = content.indexOf(0x0a, MAGIC.length);
  if (end < 0) throw notBackup;
  let header: BackupHeader;
  try {
    header = JSON.parse(content.subarray(MAGIC.length, end).toString('utf8')) as BackupHeader;
  } catch {
    throw notBackup;
  }
  const tarball = content.subarray(end + 1);
  if (tarball.length !== header.bytes) throw new OperationError(`${file} está incompleto (copia cortada)`);
  return { header, tarball };
}

/** The stopped case: the database is opened here, and the operation channel is held meanwhile, so that an
 * application starting on the same DATA_DIR refuses instead of opening it a second time. */
async function dumpStopped(dataDir: string): Promise<Buffer> {
  await EmbeddedControl.ensureFree(dataDir);
  const db = await PGlite.create({ dataDir: pgdataOf(dataDir), extensions: PGLITE_EXTENSIONS });
  const control = await EmbeddedControl.start(db, dataDir);
  try {
    return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await control.stop();
    await db.close();
  }
}

/** The running case: the application writes the copy onto the socket (a JSON line, then the bytes). */
function askRunningProcess(path: string): Promise<Buffer> {
  return new Promise((resolveDump, reject) => {
    const socket = connect(path);
    const chunks: Buffer[] = [];
    socket.once('connect', () => socket.write(`${JSON.stringify({ command: 'backup' })}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error) => reject(new OperationError(`Sin respuesta de la aplicación: ${error.message}`)));
    socket.once('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf(0x0a);
      let answer: { ok: boolean; bytes?: number; error?: string };
      try {
        answer = JSON.parse(all.subarray(0, end).toString('utf8'));
      } catch {
        return reject(new OperationError('Respuesta ilegible de la aplicación'));
      }
      if (!answer.ok)
        return reject(new OperationError(`La aplicación no pudo copiar la base de datos: ${answer.error}`));
      const tarball = all.subarray(end + 1);
      if (tarball.length !== answer.bytes)
        return reject(new OperationError('Copia incompleta recibida de la aplicación'));
      resolveDump(tarball);
    });
  });
}
