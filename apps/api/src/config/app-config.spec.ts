import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'evreg-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the embedded database, in-process jobs, port 3000 and DATA_DIR ./.data', () => {
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      dataDir: join(dir, '.data'),
      publicBaseUrl: 'http://localhost:3000',
      adminEmail: 'admin@example.com',
      adminPassword: null,
    });
  });

  it('generates APP_SECRET once outside production and keeps it in DATA_DIR, readable only by the owner', () => {
    const first = loadConfig({ DATA_DIR: dir }, dir).appSecret;
    const again = loadConfig({ DATA_DIR: dir }, dir).appSecret;
    expect(first).toHaveLength(64);
    expect(again).toBe(first);
    const file = join(dir, 'app-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('requires APP_SECRET in production with DATABASE_URL (instances share it) and does not write one', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, DATABASE_URL: 'postgresql://localhost/evreg' }, dir),
    ).toThrow('APP_SECRET es obligatorio en producción con DATABASE_URL');
    expect(existsSync(join(dir, 'app-secret'))).toBe(false);
  });

  it('in production on the embedded database (npm start with NODE_ENV=production) keeps a generated one in DATA_DIR', () => {
    const secret = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }, dir).appSecret;
    expect(secret).toHaveLength(64);
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(secret);
  });

  it.each([
    ['PORT', 'abc', 'PORT debe ser un número entero entre 0 y 65535'],
    ['PORT', '70000', 'PORT debe ser un número entero entre 0 y 65535'],
    ['DATABASE_URL', 'mysql://localhost/db', 'DATABASE_URL debe ser una URL postgres:// o postgresql://'],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL debe ser una URL redis:// o rediss://'],
    ['APP_SECRET', 'corto', 'APP_SECRET debe tener al menos 32 caracteres'],
    ['ADMIN_EMAIL', 'no-es-email', 'ADMIN_EMAIL no es un email válido'],
    ['ADMIN_PASSWORD', '1234', 'ADMIN_PASSWORD debe tener al menos 8 caracteres'],
    ['PUBLIC_BASE_URL', 'ftp://x', 'PUBLIC_BASE_URL debe ser una URL http:// o https://'],
    ['RUN_WORKERS', 'quizá', 'RUN_WORKERS debe ser true o false'],
    ['NODE_ENV', 'staging', 'NODE_ENV debe ser development, production o test'],
  ])('stops on a wrong %s naming it', (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, [name]: value }, dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toContainEqual(expect.stringContaining(message));
  });

  it('drains 5 s before a shutdown in production, not at all in development, and bounds the whole stop at 30 s', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', APP_SECRET: secret }, dir)).toMatchObject({
      shutdownDrainMs: 5_000,
      shutdownTimeoutMs: 30_000,
    });
    expect(loadConfig({ DATA_DIR: dir }, dir)).toMatchObject({ shutdownDrainMs: 0, shutdownTimeoutMs: 30_000 });
    expect(loadConfig({ DATA_DIR: dir, SHUTDOWN_DRAIN_MS: '250', SHUTDOWN_TIMEOUT_MS: '5000' }, dir)).toMatchObject({
      shutdownDrainMs: 250,
      shutdownTimeoutMs: 5_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_DRAIN_MS: '30000' }, dir)).toThrow(
      'SHUTDOWN_DRAIN_MS (30000) debe ser menor que SHUTDOWN_TIMEOUT_MS (30000)',
    );
  });

  it('reuses public reads for a second by default, never longer, 0 to turn it off', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).publicReadCacheMs).toBe(1_000);
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_READ_CACHE_MS: '0' }, dir).publicReadCacheMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_READ_CACHE_MS: '5000' }, dir)).toThrow(
      /PUBLIC_READ_CACHE_MS debe ser un número entero entre 0 y 1000/,
    );
  });

  it('allows no private webhook destination by default; reads and normalises WEBHOOK_ALLOWED_DESTINATIONS', () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).webhookAllowedDestinations).toEqual([]);
    expect(
      loadConfig(
        {
          DATA_DIR: dir,
          WEBHOOK_ALLOWED_DESTINATIONS: ' 127.0.0.1, 10.0.0.0/8 ,[::1],fd00::/8, Receptor.Intranet., 127.0.0.1 ',
        },
        dir,
      ).webhookAllowedDestinations,
    ).toEqual(['127.0.0.1/32', '10.0.0.0/8', '::1/128', 'fd00::/8', 'receptor.intranet']);
    for (const wrong of ['http://receptor.intranet', 'receptor.intranet:8080', '10.0.0.0/33', 'a b', '*.intranet'])
      expect(() => loadConfig({ DATA_DIR: dir, WEBHOOK_ALLOWED_DESTINATIONS: wrong }, dir)).toThrow(
        `WEBHOOK_ALLOWED_DESTINATIONS contiene un destino no válido: "${wrong}"`,
      );
  });

  it('limits /api/v1 to 600 requests a minute, keeps Idempotency-Key answers 24 h, and allows no v1 origin by default', () => {
    const config = loadConfig({ DATA_DIR: dir }, dir);
    expect(config.apiV1RateLimit).toBe(600);
    expect(config.apiV1RateLimitWindowSeconds).toBe(60);
    expect(config.apiV1IdempotencyTtlHours).toBe(24);
    expect(config.apiV1CorsOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir, API_V1_CORS_ORIGINS: 'https://a.example, http://b.example:8080/' }, dir)
        .apiV1CorsOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ DATA_DIR: dir, API_V1_CORS_ORIGINS: '*' }, dir)).toThrow(
      'API_V1_CORS_ORIGINS contiene un origen no válido: "*"',
    );
    expect(() => loadConfig({ DATA_DIR: dir, API_V1_RATE_LIMIT: '0' }, dir)).toThrow('API_V1_RATE_LIMIT');
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'x', REDIS_URL: 'y' }, dir)).toThrow(/PORT[\s\S]*REDIS_URL/);
  });

  it('reads real services and the public URL', () => {
    const config = loadConfig(
      {
        DATA_DIR: dir,
        DATABASE_URL: 'postgresql://u@db:5432/evreg',
        REDIS_URL: 'redis://cache:6379',
        PUBLIC_BASE_URL: 'https://eventos.example.es/',
        CORS_ORIGINS: 'https://a.example, https://b.example',
      },
      dir,
    );
    expect(config.databaseUrl).toBe('postgresql://u@db:5432/evreg');
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.publicBaseUrl).toBe('https://eventos.example.es');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
