import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DataSource } from 'typeorm';
import { attendee } from '@evreg/testing';
import { TestApp } from '@evreg/testing';
import { backupDataDir, restoreDataDir } from '../src/database/backup';
import { snapshot, snapshotOfDataDir, type Snapshot } from './support/table-snapshot';

/** The embedded default: no DATABASE_URL, no REDIS_URL. PGlite under DATA_DIR and in-process jobs. */
const EMBEDDED = { DATABASE_URL: undefined, REDIS_URL: undefined };

describe('Embedded mode (PGlite in DATA_DIR, in-process jobs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'evreg-embedded-'));
  // Backup and restore (README, "Operación"): a copy of this app, restored into a fresh DATA_DIR.
  const restoredDir = mkdtempSync(join(tmpdir(), 'evreg-restored-'));
  const backupFile = join(tmpdir(), `evreg-copy-${process.pid}-${Date.now()}.backup`);
  let taken: Snapshot;
  let app: TestApp;
  let stopped = false;

  beforeAll(async () => {
    app = await TestApp.start({ env: EMBEDDED, dataDir });
  }, 180_000); // PGlite boots, migrates and seeds in ~25 s alone, several times that on a busy machine.
  afterAll(async () => {
    if (!stopped) await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(restoredDir, { recursive: true, force: true });
    rmSync(backupFile, { force: true });
  });

  it('runs the same API: health says embedded and in-process, the administrator signs in', async () => {
    const health = await app.request('GET', '/api/health');
    expect(health.body).toEqual({
      status: 'ok',
      database: { status: 'up', mode: 'embedded' },
      queue: { status: 'up', mode: 'in-process' },
    });
    const token = await app.adminToken();
    const created = await app.request('POST', '/api/department', { token, body: { name: 'Persistente' } });
    expect(created.status).toBe(201);
    // An API token: its one statement (load, note the use) runs on PGlite too (docs/domain.md, "API tokens").
    const apiToken = (
      await app.request('POST', '/api/api-tokens', { token, body: { name: 'Embebido', permissions: ['Events.Read'] } })
    ).body.token;
    expect((await app.request('GET', '/api/events', { token: apiToken })).status).toBe(200);
    expect((await app.request('GET', '/api/user', { token: apiToken })).status).toBe(403);
    const [listed] = (await app.request('GET', '/api/api-tokens', { token })).body;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses with a Spanish 409, not a 500, to delete what is still referenced (PostgreSQL 18 reports 23001)', async () => {
    const token = await app.adminToken();
    const department = await app.request('POST', '/api/department', { token, body: { name: 'Con gente' } });
    const roles = await app.request<{ id: string; name: string }[]>('GET', '/api/role', { token });
    const user = await app.request('POST', '/api/user', {
      token,
      body: {
        email: 'embebido@example.com',
        firstName: 'Elena',
        lastName: 'Embebida',
        departmentId: department.body.id,
        roleId: roles.body[0].id,
      },
    });
    expect(user.status).toBe(201);
    const refused = await app.request('DELETE', `/api/department/${department.body.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'El departamento tiene asignados a Elena Embebida: reasígnalos antes de eliminarlo',
    );
  });

  it('really locks rows: 50 concurrent "take a seat" transactions on 10 seats give exactly 10', async () => {
    const ds = app.running.app.get(DataSource);
    await ds.query(`CREATE TABLE lock_probe (id int PRIMARY KEY, taken int NOT NULL, capacity int NOT NULL)`);
    await ds.query(`INSERT INTO lock_probe VALUES (1, 0, 10)`);
    const attempts = Array.from({ length: 50 }, () =>
      ds.transaction(async (m) => {
        const [row] = await m.query(`SELECT taken, capacity FROM lock_probe WHERE id = 1 FOR UPDATE`);
        if (row.taken >= row.capacity) return false;
        await new Promise((resolve) => setTimeout(resolve, 1));
        await m.query(`UPDATE lock_probe SET taken = taken + 1 WHERE id = 1`);
        return true;
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(10);
    const [row] = await ds.query(`SELECT taken FROM lock_probe WHERE id = 1`);
    expect(row.taken).toBe(10);
  });

  it('books like the real server: concurrent holds and registrations on the embedded database', async () => {
    const token = await app.adminToken();
    expect(
      (
        await app.request('POST', '/api/events', {
          token,
          body: {
            id: 77,
            title: 'Taller',
            description: '<p>Taller</p>',
            city: 'Madrid',
            place: 'Sala 1',
            postalCode: '28001',
            organizerName: 'Ayto',
            eventCategoryId: 1,
            status: 1,
          },
        })
      ).status,
    ).toBe(201);
    const session = await app.request('POST', '/api/events/77/sessions', {
      token,
      body: {
        startDate: '2099-01-10',
        endDate: '2099-01-10',
        startTime: '10:00',
        endTime: '11:30',
        maxAttendees: 4,
        reservedSpots: 0,
        maxQueueSpots: 2,
      },
    });
    expect(session.status).toBe(201);
    const sessionId = session.body.id;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const sessionToken = `visitante-embebido-${i}`;
        await app.request('POST', '/api/ticketholds', {
          body: { eventSessionId: sessionId, sessionToken, numberOfSpots: 1 },
        });
        return app.request('POST', `/api/events/sessions/${sessionId}/registrations`, {
          body: { eventSessionId: sessionId, ...attendee(700 + i) },
          headers: { 'x-session-token': sessionToken },
        });
      }),
    );
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    const results = outcomes.filter((o) => o.status === 201).map((o) => o.body.queued);
    expect(results.filter((queued) => !queued)).toHaveLength(4);
    expect(results.filter((queued) => queued)).toHaveLength(2);
    const [view] = (await app.request('GET', '/api/events/77/sessions')).body;
    expect(view).toMatchObject({ registeredCount: 4, currentQueueCount: 2, availableSpots: 0 });
  });

  it("searches people without accents as the real server does (PGlite's unaccent and pg_trgm)", async () => {
    const token = await app.adminToken();
    const session = await app.request('POST', '/api/events/77/sessions', {
      token,
      body: { startDate: '2099-01-11', endDate: '2099-01-11', startTime: '10:00', endTime: '11:30', maxAttendees: 4 },
    });
    expect(session.status).toBe(201);
    const booked = await app.request('POST', `/api/events/sessions/${session.body.id}/registrations`, {
      body: { eventSessionId: session.body.id, ...attendee(790, { firstName: 'Íñigo', lastName: 'García Muñoz' }) },
    });
    expect(booked.status).toBe(201);
    for (const search of ['inigo garcia', 'IÑIGO', 'munoz']) {
      const found = await app.request('GET', `/api/events/registrations?search=${encodeURIComponent(search)}`, {
        token,
      });
      expect(found.status).toBe(200);
      expect(
        found.body.items.map((r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`),
      ).toEqual(['Íñigo García Muñoz']);
    }
  });

  it('is copied while it runs (npm run backup): the copy restored into a fresh DATA_DIR has every row', async () => {
    const ds = app.running.app.get(DataSource);
    taken = await snapshot((sql) => ds.query(sql));
    expect(taken.registrations.length).toBeGreaterThanOrEqual(6); // the bookings above
    const backup = await backupDataDir(dataDir, backupFile);
    expect(backup).toEqual({ file: backupFile, online: true });
    // The application kept serving.
    expect((await app.request('GET', '/api/events/77/sessions')).body[0]).toMatchObject({ registeredCount: 4 });
    // A restore is refused while the application runs on the DATA_DIR, even with --force.
    await expect(restoreDataDir(dataDir, backupFile, { force: true })).rejects.toThrow(
      `La aplicación está en marcha sobre ${dataDir} (DATA_DIR): detenla antes de restaurar`,
    );

    expect(await restoreDataDir(restoredDir, backupFile)).toEqual({ replaced: null });
    expect(await snapshotOfDataDir(restoredDir)).toEqual(taken);
    // The generated APP_SECRET travels with the copy (sealed credentials and signed links depend on it).
    expect(existsSync(join(restoredDir, 'app-secret'))).toBe(true);
  }, 120_000);

  it('keeps the data across a restart', async () => {
    await app.close();
    app = await TestApp.start({ env: EMBEDDED, dataDir });
    const token = await app.adminToken();
    const departments = await app.request('GET', '/api/department', { token });
    expect(departments.body.map((d: { name: string }) => d.name)).toContain('Persistente');
  }, 60_000);

  it('is copied when stopped; a restore replaces a database only with --force, and keeps the old one', async () => {
    await expect(restoreDataDir(restoredDir, backupFile)).rejects.toThrow(
      `${restoredDir} (DATA_DIR) ya tiene una base de datos: para sustituirla añade --force (la actual se conserva al lado)`,
    );
    await expect(restoreDataDir(restoredDir, join(dataDir, 'app-secret'))).rejects.toThrow(
      'no es una copia de seguridad de esta aplicación',
    );
    await app.close();
    stopped = true;
    const copy = await backupDataDir(dataDir);
    expect(copy.online).toBe(false);
    expect(copy.file.startsWith(join(dataDir, 'backups', 'evreg-'))).toBe(true);
    const { replaced } = await restoreDataDir(restoredDir, copy.file, { force: true });
    expect(readdirSync(restoredDir)).toEqual(expect.arrayContaining(['pgdata', basename(replaced!)]));
    expect((await snapshotOfDataDir(restoredDir)).registrations).toEqual(taken.registrations);
  }, 120_000);
});
