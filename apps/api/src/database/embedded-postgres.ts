import { Logger } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { EmbeddedControl } from './embedded-control';

/** The contrib extensions the migrations create (PeopleSearch: the accent-free search and its indexes), loaded
 * whenever PGlite opens the application's database. */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

/** The embedded default: PGlite (PostgreSQL compiled to WASM) persisted under DATA_DIR, reached through its
 * socket server with the ordinary `pg` driver. PGlite is one database session running one query at a time; the
 * socket server queues what its connections send. The application uses a single connection to it (see
 * DatabaseModule): with several, two connections' extended-protocol messages were seen to interleave on the
 * shared session ("unnamed prepared statement does not exist"). One connection also keeps transactions whole,
 * so row locks mean what they mean on a server. (A TypeORM driver that shares one PGlite instance between
 * pool connections interleaves transactions and silently ignores SELECT ... FOR UPDATE.) */
export class EmbeddedPostgres {
  private readonly logger = new Logger(EmbeddedPostgres.name);

  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    private readonly control: EmbeddedControl,
    readonly url: string,
  ) {}

  static async start(dataDir: string, maxConnections: number): Promise<EmbeddedPostgres> {
    const dir = join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    // Refused while another process owns DATA_DIR (its operation channel answers).
    await EmbeddedControl.ensureFree(dataDir);
    const db = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    let control: EmbeddedControl;
    try {
      control = await EmbeddedControl.start(db, dataDir);
    } catch (error) {
      await db.close();
      throw error;
    }
    const port = await freePort();
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections });
    await server.start();
    const embedded = new EmbeddedPostgres(db, server, control, `postgresql://postgres@127.0.0.1:${port}/postgres`);
    embedded.logger.log(`PostgreSQL embebido (PGlite) en ${dir}`);
    return embedded;
  }

  async stop(): Promise<void> {
    await this.control.stop();
    await this.server.stop();
    await this.db.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
