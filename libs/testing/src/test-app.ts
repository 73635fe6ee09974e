import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { LoginResponse, PermissionName } from '@evreg/contracts';
import { createHttpApp, loadConfig, type RunningApp } from '@evreg/api/src/testing';
import {
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  TEST_REDIS_URL,
  TEST_SERVER_URL,
  databaseUrl,
  templateDatabase,
  testRunId,
} from './test-env';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed or oversized bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One API instance listening on a random port, on its own database cloned from the migrated template. */
export class TestApp {
  private constructor(
    readonly running: RunningApp,
    readonly baseUrl: string,
    readonly databaseName: string | null,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    private readonly externalDatabaseUrl: string | null = null,
  ) {}

  /** `databaseUrl`: a database of its own (e.g. a throwaway server's, for fault tests), used as is: nothing is
   * created or dropped on the shared server, and `sql()` runs there. */
  static async start(
    options: {
      env?: Record<string, string | undefined>;
      databaseName?: string;
      dataDir?: string;
      databaseUrl?: string;
      /** Nest modules added to the app (a test's own controller, e.g. under /api/v1). */
      modules?: NonNullable<Parameters<typeof createHttpApp>[1]>['extraModules'];
    } = {},
  ): Promise<TestApp> {
    const embedded = options.env && 'DATABASE_URL' in options.env && options.env.DATABASE_URL === undefined;
    const databaseName =
      embedded || options.databaseUrl ? null : (options.databaseName ?? (await createTestDatabase()));
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'evreg-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? (databaseName ? databaseUrl(databaseName) : undefined),
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `evreg-test-${randomBytes(4).toString('hex')}`,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      DB_POOL_SIZE: '5',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // Every test books from 127.0.0.1 and many refuse the same person on purpose: the refusal limits are tested
      // with their own values (probing.int-spec.ts).
      PUBLIC_REFUSALS_PER_ADDRESS: '1000000',
      PUBLIC_REFUSALS_PER_TOKEN: '1000000',
      PUBLIC_REFUSALS_PER_IP: '1000000',
      // Tests read the booking page's counts right after changing them: the one-second micro-cache of public reads
      // is tested with its own value (http-cache.int-spec.ts).
      PUBLIC_READ_CACHE_MS: '0',
      ...options.env,
    });
    const running = await createHttpApp(config, { extraModules: options.modules });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return new TestApp(
      running,
      `http://127.0.0.1:${port}`,
      databaseName,
      dataDir,
      !options.dataDir,
      options.databaseUrl ?? null,
    );
  }

  async close(): Promise<void> {
    await this.running.close();
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
    if (this.databaseName) await dropDatabase(this.databaseName);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    if (/^application\/(?:[\w.+-]+\+)?json/.test(response.headers.get('content-type') ?? '') && text)
      parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async login(email = TEST_ADMIN_EMAIL, password = TEST_ADMIN_PASSWORD): Promise<LoginResponse> {
    const response = await this.request<LoginResponse>('POST', '/api/auth/login', { body: { email, password } });
    if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async adminToken(): Promise<string> {
    return (await this.login()).accessToken;
  }

  /** A staff member holding exactly these permissions (through a fresh role), signed in, password changed. */
  async staffWith(
    permissions: PermissionName[],
  ): Promise<{ token: string; userId: string; email: string; password: string }> {
    const admin = await this.adminToken();
    const all = (await this.request<{ id: number; name: string }[]>('GET', '/api/permissions', { token: admin })).body;
    const suffix = randomBytes(4).toString('hex');
    const role = await this.request('POST', '/api/role', {
      token: admin,
      body: {
        name: `Rol ${suffix}`,
        permissionIds: all.filter((p) => permissions.includes(p.name as PermissionName)).map((p) => p.id),
      },
    });
    const department = await this.request('POST', '/api/department', {
      token: admin,
      body: { name: `Depto ${suffix}` },
    });
    const email = `staff-${suffix}@example.com`;
    const created = await this.request('POST', '/api/user', {
      token: admin,
      body: { email, firstName: 'Personal', lastName: suffix, departmentId: department.body.id, roleId: role.body.id },
    });
    if (created.status !== 201) throw new Error(`staffWith: ${created.status} ${JSON.stringify(created.body)}`);
    const first = await this.login(email, created.body.temporaryPassword);
    const password = `Nueva-${suffix}`;
    await this.request('PUT', '/api/user/change-password', {
      token: first.accessToken,
      body: { currentPassword: created.body.temporaryPassword, newPassword: password, confirmPassword: password },
    });
    const session = await this.login(email, password);
    return { token: session.accessToken, userId: created.body.id, email, password };
  }

  /** Direct SQL on this app's database, for asserting what was (not) written. */
  async sql<T = any>(query: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({
      connectionString: this.externalDatabaseUrl ?? databaseUrl(this.databaseName ?? 'postgres'),
    });
    await client.connect();
    try {
      return (await client.query(query, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
}

export async function createTestDatabase(): Promise<string> {
  const name = `evreg_t_${testRunId()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
  } finally {
    await admin.end();
  }
  return name;
}

/** Drops a database made by createTestDatabase (it may still have connections). */
export async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
