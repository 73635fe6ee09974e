import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Throwaway PostgreSQL and Redis servers for fault tests: each on its own free port and data directory, so a
 * test can stop, kill and restart them without touching the machine's shared services (which other test files
 * and CI use at the same time). */

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: no responde tras ${timeoutMs} ms`);
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function portClosed(port: number): Promise<boolean> {
  return portAnswers(port).then((open) => !open);
}

/** A Redis server of our own (no persistence), stoppable and restartable on the same port. */
export class ThrowawayRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.resume();
    return redis;
  }

  /** Starts (again) on the same port. */
  async resume(): Promise<void> {
    if (this.process) return;
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => portAnswers(this.port), `redis-server :${this.port}`);
  }

  /** Kills the server at once (SIGKILL): clients see their connections drop, as in a crash. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await waitFor(() => portClosed(this.port), `redis-server :${this.port} parado`);
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}

const PG_BIN = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
})();

/** PostgreSQL refuses to run as root: the server runs as the `postgres` system user when the tests run as root. */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };
}

function run(command: string, args: string[]): void {
  const c = asPostgres(command, args);
  execFileSync(c.command, c.args, { stdio: 'pipe' });
}

/** A PostgreSQL cluster of our own in a temporary directory (trust auth, user postgres), stoppable and
 * restartable on the same port with its data kept. */
export class ThrowawayPostgres {
  private running = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** URL of a database on this server (`postgres` exists from the start). */
  url(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async start(): Promise<ThrowawayPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'evreg-pg-'));
    chmodSync(dir, 0o777);
    const pg = new ThrowawayPostgres(await freePort(), dir);
    run(join(PG_BIN, 'initdb'), [
      '-D',
      pg.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await pg.resume();
    return pg;
  }

  async resume(): Promise<void> {
    if (this.running) return;
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    run(join(PG_BIN, 'pg_ctl'), ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
    this.running = true;
    await waitFor(() => portAnswers(this.port), `postgres :${this.port}`);
  }

  /** Stops at once (`-m immediate`: no checkpoint, clients' connections cut), as in a crash or a failover. */
  async kill(): Promise<void> {
    if (!this.running) return;
    run(join(PG_BIN, 'pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    this.running = false;
    await waitFor(() => portClosed(this.port), `postgres :${this.port} parado`);
  }

  /** Stops and deletes the cluster. */
  async destroy(): Promise<void> {
    await this.kill().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
