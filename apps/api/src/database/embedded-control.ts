import { Logger } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Unix socket paths are limited (~107 bytes): a long DATA_DIR gets its socket in the system's temporary directory,
 * named by a hash of the DATA_DIR. */
const MAX_SOCKET_PATH = 100;

/** Where the running process that owns DATA_DIR's embedded database answers the operation commands (backup). A
 * file-system socket, readable and writable by its owner only: no port, nothing reachable from the network. */
export function controlSocketPath(dataDir: string): string {
  const inDataDir = join(dataDir, 'evreg.sock');
  if (inDataDir.length <= MAX_SOCKET_PATH) return inDataDir;
  return join(tmpdir(), `evreg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

/** The running process's side: one command per connection, a JSON line; `backup` answers a JSON line
 * `{ ok: true, bytes }` followed by that many bytes, the database files as a gzipped tarball taken by PGlite while
 * no query runs (a crash-consistent copy: PostgreSQL replays its WAL when the copy is opened), or
 * `{ ok: false, error }`. */
export class EmbeddedControl {
  private readonly logger = new Logger('EmbeddedControl');

  private constructor(
    private readonly server: Server,
    private readonly path: string,
  ) {}

  /** Before opening the database: a socket left by a process that died is removed; one where a process listens
   * is a second process on the same DATA_DIR, which PGlite does not allow: refused. */
  static async ensureFree(dataDir: string): Promise<void> {
    const path = controlSocketPath(dataDir);
    if (!existsSync(path)) return;
    if (await answers(path)) throw new Error(`Otro proceso usa ya DATA_DIR (${dataDir}): detenlo primero`);
    unlinkSync(path);
  }

  static async start(db: PGlite, dataDir: string): Promise<EmbeddedControl> {
    const path = controlSocketPath(dataDir);
    const server = createServer((socket) => handle(db, socket));
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolveListen());
    });
    chmodSync(path, 0o600);
    return new EmbeddedControl(server, path);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolveClose) => this.server.close(() => resolveClose()));
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
    this.logger.debug('Canal de operación cerrado');
  }
}

function handle(db: PGlite, socket: Socket): void {
  let request = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: string) => {
    request += chunk;
    const end = request.indexOf('\n');
    if (end < 0) {
      if (request.length > 1_000) socket.destroy();
      return;
    }
    socket.removeAllListeners('data');
    void answer(db, request.slice(0, end), socket);
  });
}

async function answer(db: PGlite, line: string, socket: Socket): Promise<void> {
  let command: unknown;
  try {
    command = (JSON.parse(line) as { command?: unknown }).command;
  } catch {
    command = undefined;
  }
  if (command === 'ping') {
    socket.end(`${JSON.stringify({ ok: true })}\n`);
    return;
  }
  if (command !== 'backup') {
    socket.end(`${JSON.stringify({ ok: false, error: 'Orden desconocida' })}\n`);
    return;
  }
  try {
    const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    socket.write(`${JSON.stringify({ ok: true, bytes: tarball.length })}\n`);
    socket.end(tarball);
  } catch (error) {
    socket.end(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
  }
}

/** Whether a process listens on the socket: a connection accepted (the kernel accepts it even while the process is
 * busy) says yes; no socket file or a refused connection says no. Waiting without an answer counts as yes, the safe
 * side for a restore. */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect(path);
    const done = (alive: boolean) => {
      socket.destroy();
      resolveAnswer(alive);
    };
    socket.setTimeout(5_000, () => done(true));
    socket.once('error', () => done(false));
    socket.once('connect', () => done(true));
  });
}
