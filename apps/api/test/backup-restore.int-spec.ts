import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { attendee, TestApp } from '@evreg/testing';
import { backupDataDir, restoreDataDir } from '../src/database/backup';

/** Embedded mode's backup and restore (README, "Operación"): a copy taken from the running application with
 * bookings, restored into a fresh DATA_DIR, holds every row of every table. */
const EMBEDDED = { DATABASE_URL: undefined, REDIS_URL: undefined };

type Snapshot = Record<string, string[]>;

/** Every row of every table, as sorted JSON texts per table. */
async function snapshot(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Snapshot> {
  const tables = await query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const result: Snapshot = {};
  for (const { name } of tables)
    result[name as string] = (await query(`SELECT to_jsonb(t)::text AS row FROM "${name as string}" t`))
      .map((r) => r.row as string)
      .sort();
  return result;
}

async function snapshotOf(dataDir: string): Promise<Snapshot> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
  try {
    return await snapshot(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await db.close();
  }
}

describe('Backup and restore of the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'evreg-backup-'));
  const restoredDir = mkdtempSync(join(tmpdir(), 'evreg-restored-'));
  let app: TestApp | undefined;
  let taken: Snapshot;
  const backupFile = join(tmpdir(), `evreg-copy-${process.pid}-${Date.now()}.backup`);

  beforeAll(async () => {
    app = await TestApp.start({ env: EMBEDDED, dataDir });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoredDir, { recursive: true, force: true });
    rmSync(backupFile, { force: true });
  });

  it('copies the running application with its bookings; the copy restored into a fresh DATA_DIR has every row', async () => {
    const ds = app!.running.app.get(DataSource);
    await ds.query(
      `INSERT INTO events (id, title, description, city, status) VALUES (91, 'Copia', '<p>x</p>', 'Madrid', 1)`,
    );
    const [session] = await ds.query(
      `INSERT INTO event_sessions (event_id, start_date, end_date, start_time, end_time, starts_at, ends_at, max_attendees, reserved_spots, max_queue_spots, is_registration_open)
       VALUES (91, '2099-03-01', '2099-03-01', '10:00', '11:00', '2099-03-01 09:00Z', '2099-03-01 10:00Z', 4, 0, 5, true) RETURNING id`,
    );
    const booked = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app!.request('POST', `/api/events/sessions/${session.id}/registrations`, {
          body: { eventSessionId: session.id, ...attendee(900 + i) },
        }),
      ),
    );
    expect(booked.map((b) => b.status)).toEqual([201, 201, 201, 201, 201, 201]);

    taken = await snapshot((sql) => ds.query(sql));
    const backup = await backupDataDir(dataDir, backupFile);
    expect(backup.file).toBe(backupFile);
    expect(backup.online).toBe(true);
    // The application kept serving while and after it wrote the copy.
    expect((await app!.request('GET', `/api/events/91/sessions`)).body[0]).toMatchObject({ registeredCount: 4 });

    // Refused while the application runs on the DATA_DIR, even with --force.
    await expect(restoreDataDir(dataDir, backupFile, { force: true })).rejects.toThrow(
      `La aplicación está en marcha sobre ${dataDir} (DATA_DIR): detenla antes de restaurar`,
    );

    await restoreDataDir(restoredDir, backupFile);
    const restored = await snapshotOf(restoredDir);
    expect(Object.keys(restored).sort()).toEqual(Object.keys(taken).sort());
    expect(restored.registrations).toHaveLength(6);
    expect(restored).toEqual(taken);
    // The generated APP_SECRET travels with the copy (sealed credentials and signed links depend on it).
    expect(existsSync(join(restoredDir, 'app-secret'))).toBe(true);
  }, 180_000);

  it('refuses to overwrite a DATA_DIR with a database unless forced, and then keeps the old one beside it', async () => {
    await expect(restoreDataDir(restoredDir, backupFile)).rejects.toThrow(
      `${restoredDir} (DATA_DIR) ya tiene una base de datos: para sustituirla añade --force (la actual se conserva al lado)`,
    );
    await expect(restoreDataDir(restoredDir, join(dataDir, 'app-secret'))).rejects.toThrow(
      'no es una copia de seguridad de esta aplicación',
    );

    // With the application stopped, the copy is taken by opening DATA_DIR directly.
    await app!.close();
    app = undefined;
    const stopped = await backupDataDir(dataDir);
    expect(stopped.online).toBe(false);
    expect(stopped.file.startsWith(join(dataDir, 'backups', 'evreg-'))).toBe(true);

    const { replaced } = await restoreDataDir(restoredDir, stopped.file, { force: true });
    expect(replaced).not.toBeNull();
    expect(readdirSync(restoredDir)).toEqual(expect.arrayContaining(['pgdata', replaced!.split('/').pop()]));
    const restored = await snapshotOf(restoredDir);
    expect(restored.registrations).toEqual(taken.registrations);
    expect(restored.event_sessions).toEqual(taken.event_sessions);
  }, 180_000);
});
