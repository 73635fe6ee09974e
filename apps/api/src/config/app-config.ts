import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { isValidEmail } from '@evreg/contracts';
import ipaddr from 'ipaddr.js';

/** The whole configuration, read once from the environment and validated: the only place that reads
 * process.env. A wrong value stops the boot with a message naming the variable. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  redisUrl: string | null;
  queuePrefix: string;
  runWorkers: boolean;
  appSecret: string;
  adminEmail: string;
  adminPassword: string | null;
  publicBaseUrl: string;
  corsOrigins: string[] | true;
  dbPoolSize: number;
  /** How long a query waits for a database connection before the request answers 503. */
  dbConnectTimeoutMs: number;
  demoData: boolean;
  refreshTokenTtlDays: number;
  loginMaxFailures: number;
  loginLockoutMinutes: number;
  /** Failed sign-ins allowed per (e-mail address, IP) in a minute; refreshes per refresh token in a minute
   * (docs/domain.md, "Staff accounts", rate limit). */
  loginRateLimitPerMinute: number;
  refreshRateLimitPerMinute: number;
  /** Public registration refusals that say something about a person (blacklisted, already registered) allowed
   * per e-mail address, session token and IP address within publicRefusalWindowMinutes; then that key's
   * attempts answer 429 for a window (docs/domain.md, "Probing the blacklist and staff accounts"). */
  publicRefusalsPerAddress: number;
  publicRefusalsPerToken: number;
  publicRefusalsPerIp: number;
  publicRefusalWindowMinutes: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Folder holding the built front ends (booking/dist, admin/dist). */
  appsDir: string;
  trustProxy: boolean;
  /** Expired holds are deleted (their seats given back, the waiting list promoted) by a sweep on every instance
   * this often; no job per hold (docs/domain.md, "Redis away"). */
  holdSweepIntervalMs: number;
  /** The reminder sweep runs this often on every instance and queues, per transaction, at most reminderBatchSize
   * reminders (docs/domain.md, "Reminders"). */
  reminderSweepIntervalMs: number;
  reminderBatchSize: number;
  /** E-mail delivery: a sweep re-queues pending messages every `emailSweepIntervalMs`; a failed try is retried
   * after emailRetryBaseMs, 2x, 4x... up to emailMaxAttempts tries; a worker's claim on a message lasts
   * emailLeaseMs and is renewed every third of it while the send goes on, so a dead worker's message is free
   * again within one lease (docs/domain.md, "Messages after a worker crash"). */
  emailSweepIntervalMs: number;
  emailRetryBaseMs: number;
  emailMaxAttempts: number;
  emailLeaseMs: number;
  smtpTimeoutMs: number;
  /** Netelip's SMS endpoint (a local stand-in in tests) and how long to wait for its answer. */
  netelipBaseUrl: string;
  netelipTimeoutMs: number;
  /** A worker's claim on an SMS, renewed like the e-mail one (emailLeaseMs); a sweep every smsSweepIntervalMs
   * queues again the pending SMS whose job was lost. */
  smsLeaseMs: number;
  smsSweepIntervalMs: number;
  /** The outboxes (e-mail, webhooks) gather the wake-ups of this many milliseconds into one dispatch job. */
  outboxDispatchWindowMs: number;
  /** Webhooks (docs/domain.md, "Webhooks"): each try waits webhookTimeoutMs for the answer; a failed one is retried
   * after webhookRetryBaseMs, doubling up to webhookRetryMaxMs, until webhookRetryWindowMs after the event (then
   * failed); claims last webhookLeaseMs (renewed while the request goes on); a sweep every webhookSweepIntervalMs. */
  webhookTimeoutMs: number;
  webhookRetryBaseMs: number;
  webhookRetryMaxMs: number;
  webhookRetryWindowMs: number;
  webhookLeaseMs: number;
  webhookSweepIntervalMs: number;
  /** Delivered and failed deliveries, with their tries, are removed this many days after their event (or their last
   * redelivery), by an hourly job on every instance. */
  webhookDeliveryRetentionDays: number;
  /** Webhook destinations allowed although not public (an on-premise receiver; docs/domain.md, "Webhooks",
   * "Destinations"): host names (lower case, that host whatever it resolves to) and networks as CIDR
   * (`10.1.2.3/32`, `fd00::/8`: those addresses whatever name led there). Empty by default: only public addresses. */
  webhookAllowedDestinations: string[];
  /** Graceful shutdown on SIGTERM/SIGINT (docs/domain.md, "Restarts and graceful shutdown"): readiness answers 503
   * for shutdownDrainMs while the instance still serves, so a load balancer stops sending it traffic; then the
   * listener closes and in-flight requests, jobs and pools finish. After shutdownTimeoutMs from the signal the
   * process exits anyway. */
  shutdownDrainMs: number;
  shutdownTimeoutMs: number;
  /** How long an instance reuses its answer to a public read (the booking page's event and sessions) before
   * asking the database again: at most a second, 0 turns the micro-cache off (docs/architecture.md, "Reads a CDN
   * can carry"). */
  publicReadCacheMs: number;
  /** The integrators' API under /api/v1 (docs/integrations-http.md): requests allowed per API token (per IP without
   * one) in each window of apiV1RateLimitWindowSeconds, counted in Redis when there is one; browser origins allowed
   * by its CORS (none by default: the spec's /api keeps CORS_ORIGINS); how long an Idempotency-Key's answer is kept,
   * and how long a first request holds its key before an instance that died is presumed gone. */
  apiV1RateLimit: number;
  apiV1RateLimitWindowSeconds: number;
  apiV1CorsOrigins: string[];
  apiV1IdempotencyTtlHours: number;
  apiV1IdempotencyLeaseSeconds: number;
  /** Observability (docs/architecture.md, "Metrics, logs and traces"): log lines as JSON or human-readable
   * (`pretty` by default only in development); `/api/metrics` answers only a bearer equal to metricsToken (404 while
   * unset); metricsPort, when set, is a separate listener on metricsHost (loopback by default) serving `/metrics`
   * without a token, for the worker and for a scraper on the same host or private network. */
  logFormat: 'json' | 'pretty';
  metricsToken: string | null;
  metricsPort: number | null;
  metricsHost: string;
  /** How long the gauges read from the database and Redis (outboxes, queue) are reused between scrapes. */
  metricsCacheMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} debe ser un número entero entre ${min} y ${max} (valor: "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    problems.push(`${name} debe ser true o false (valor: "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error();
      return raw;
    } catch {
      problems.push(`${name} debe ser una URL ${protocols.map((p) => p.replace(':', '://')).join(' o ')}`);
      return null;
    }
  };

  const nodeEnvRaw = read('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV debe ser development, production o test (valor: "${nodeEnvRaw}")`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const dataDirRaw = read('DATA_DIR') ?? './.data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);

  const adminEmail = read('ADMIN_EMAIL') ?? 'admin@example.com';
  if (!isValidEmail(adminEmail)) problems.push(`ADMIN_EMAIL no es un email válido`);
  const adminPassword = read('ADMIN_PASSWORD') ?? null;
  if (adminPassword !== null && adminPassword.length < 8)
    problems.push('ADMIN_PASSWORD debe tener al menos 8 caracteres');

  const port = int('PORT', 3000, 0, 65535);
  const publicBaseUrl = (url('PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const corsRaw = read('CORS_ORIGINS');
  let corsOrigins: AppConfig['corsOrigins'] = [publicBaseUrl];
  if (corsRaw === '*') corsOrigins = true;
  else if (corsRaw) {
    corsOrigins = corsRaw
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    for (const origin of corsOrigins) {
      if (!/^https?:\/\/[^/]+$/.test(origin)) problems.push(`CORS_ORIGINS contiene un origen no válido: "${origin}"`);
    }
  }

  const logLevel = (read('LOG_LEVEL') ?? 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel))
    problems.push('LOG_LEVEL debe ser error, warn, log o debug');

  const appSecret = read('APP_SECRET') ?? null;
  if (appSecret !== null && appSecret.length < 32) problems.push('APP_SECRET debe tener al menos 32 caracteres');
  // Instances sharing a database must share the secret (tokens, sealed settings): in production with DATABASE_URL
  // it is given. The embedded database is one process's own, in DATA_DIR: the secret generated there beside it is
  // as safe as the data, so `npm start` works whatever the shell's NODE_ENV.
  if (appSecret === null && nodeEnv === 'production' && read('DATABASE_URL'))
    problems.push('APP_SECRET es obligatorio en producción con DATABASE_URL');

  const config: AppConfig = {
    nodeEnv,
    port,
    host: read('HOST') ?? '0.0.0.0',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    queuePrefix: read('QUEUE_PREFIX') ?? 'evreg',
    runWorkers: bool('RUN_WORKERS', true),
    appSecret: '',
    adminEmail,
    adminPassword,
    publicBaseUrl,
    corsOrigins,
    dbPoolSize: int('DB_POOL_SIZE', 10, 1, 200),
    dbConnectTimeoutMs: int('DB_CONNECT_TIMEOUT_MS', 5_000, 100, 120_000),
    demoData: bool('DEMO_DATA', false),
    refreshTokenTtlDays: int('REFRESH_TOKEN_TTL_DAYS', 7, 1, 90),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5, 1, 100),
    loginLockoutMinutes: int('LOGIN_LOCKOUT_MINUTES', 15, 1, 1440),
    loginRateLimitPerMinute: int('LOGIN_RATE_LIMIT_PER_MINUTE', 10, 1, 10000),
    refreshRateLimitPerMinute: int('REFRESH_RATE_LIMIT_PER_MINUTE', 60, 1, 100000),
    publicRefusalsPerAddress: int('PUBLIC_REFUSALS_PER_ADDRESS', 5, 1, 1_000_000),
    publicRefusalsPerToken: int('PUBLIC_REFUSALS_PER_TOKEN', 10, 1, 1_000_000),
    publicRefusalsPerIp: int('PUBLIC_REFUSALS_PER_IP', 60, 1, 1_000_000),
    publicRefusalWindowMinutes: int('PUBLIC_REFUSAL_WINDOW_MINUTES', 60, 1, 1440),
    logLevel,
    appsDir: read('APPS_DIR') ?? resolve(__dirname, '../../..'),
    trustProxy: bool('TRUST_PROXY', false),
    emailSweepIntervalMs: int('EMAIL_SWEEP_INTERVAL_MS', 30_000, 100, 3_600_000),
    holdSweepIntervalMs: int('HOLD_SWEEP_INTERVAL_MS', 5_000, 100, 300_000),
    reminderSweepIntervalMs: int('REMINDER_SWEEP_INTERVAL_MS', 60_000, 100, 3_600_000),
    reminderBatchSize: int('REMINDER_BATCH_SIZE', 200, 1, 10_000),
    emailRetryBaseMs: int('EMAIL_RETRY_BASE_MS', 60_000, 10, 86_400_000),
    emailMaxAttempts: int('EMAIL_MAX_ATTEMPTS', 6, 1, 50),
    emailLeaseMs: int('EMAIL_LEASE_MS', 30_000, 1_000, 3_600_000),
    smtpTimeoutMs: int('SMTP_TIMEOUT_MS', 30_000, 100, 600_000),
    netelipBaseUrl: url('NETELIP_BASE_URL', ['http:', 'https:']) ?? 'https://api.netelip.com/v1/sms/api.php',
    netelipTimeoutMs: int('NETELIP_TIMEOUT_MS', 10_000, 100, 120_000),
    smsLeaseMs: int('SMS_LEASE_MS', 30_000, 1_000, 3_600_000),
    smsSweepIntervalMs: int('SMS_SWEEP_INTERVAL_MS', 30_000, 100, 3_600_000),
    outboxDispatchWindowMs: int('OUTBOX_DISPATCH_WINDOW_MS', 250, 10, 10_000),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookRetryBaseMs: int('WEBHOOK_RETRY_BASE_MS', 30_000, 10, 86_400_000),
    webhookRetryMaxMs: int('WEBHOOK_RETRY_MAX_MS', 3_600_000, 10, 86_400_000),
    webhookRetryWindowMs: int('WEBHOOK_RETRY_WINDOW_MS', 72 * 3_600_000, 1_000, 30 * 86_400_000),
    webhookLeaseMs: int('WEBHOOK_LEASE_MS', 30_000, 1_000, 3_600_000),
    webhookSweepIntervalMs: int('WEBHOOK_SWEEP_INTERVAL_MS', 30_000, 100, 3_600_000),
    webhookDeliveryRetentionDays: int('WEBHOOK_DELIVERY_RETENTION_DAYS', 30, 1, 3_650),
    webhookAllowedDestinations: allowedDestinations(read('WEBHOOK_ALLOWED_DESTINATIONS'), problems),
    // A developer's Ctrl-C has no load balancer to warn.
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', nodeEnv === 'production' ? 5_000 : 0, 0, 600_000),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
    publicReadCacheMs: int('PUBLIC_READ_CACHE_MS', 1_000, 0, 1_000),
    apiV1RateLimit: int('API_V1_RATE_LIMIT', 600, 1, 1_000_000),
    apiV1RateLimitWindowSeconds: int('API_V1_RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400),
    apiV1CorsOrigins: origins('API_V1_CORS_ORIGINS', read('API_V1_CORS_ORIGINS'), problems),
    apiV1IdempotencyTtlHours: int('API_V1_IDEMPOTENCY_TTL_HOURS', 24, 1, 720),
    apiV1IdempotencyLeaseSeconds: int('API_V1_IDEMPOTENCY_LEASE_SECONDS', 300, 5, 86_400),
    logFormat: logFormat(read('LOG_FORMAT'), nodeEnv, problems),
    metricsToken: read('METRICS_TOKEN') ?? null,
    metricsPort: read('METRICS_PORT') === undefined ? null : int('METRICS_PORT', 0, 0, 65535),
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1',
    metricsCacheMs: int('METRICS_CACHE_MS', 5_000, 0, 60_000),
  };
  if (config.metricsToken !== null && config.metricsToken.length < 16)
    problems.push('METRICS_TOKEN debe tener al menos 16 caracteres');
  if (config.shutdownDrainMs >= config.shutdownTimeoutMs)
    problems.push(
      `SHUTDOWN_DRAIN_MS (${config.shutdownDrainMs}) debe ser menor que SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs})`,
    );
  if (problems.length) throw new ConfigError(problems);

  config.appSecret = appSecret ?? developmentSecret(dataDir);
  return config;
}

function logFormat(raw: string | undefined, nodeEnv: AppConfig['nodeEnv'], problems: string[]): AppConfig['logFormat'] {
  if (raw === undefined) return nodeEnv === 'development' ? 'pretty' : 'json';
  if (raw === 'json' || raw === 'pretty') return raw;
  problems.push(`LOG_FORMAT debe ser json o pretty (valor: "${raw}")`);
  return 'json';
}

/** A comma-separated list of browser origins (`https://host[:port]`, no path, no `*`). */
function origins(name: string, raw: string | undefined, problems: string[]): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[^/*\s]+$/.test(origin)) problems.push(`${name} contiene un origen no válido: "${origin}"`);
  }
  return [...new Set(list)];
}

/** WEBHOOK_ALLOWED_DESTINATIONS, comma-separated host names, IP addresses and CIDR networks, normalised: a name as
 * a URL's host reads it (lower case, punycode), an address as its /32 or /128 network. */
function allowedDestinations(raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const normalised: string[] = [];
  for (const entry of entries) {
    const network = destinationNetwork(entry);
    if (network) normalised.push(network);
    else
      problems.push(
        `WEBHOOK_ALLOWED_DESTINATIONS contiene un destino no válido: "${entry}" (nombres de host, direcciones IP o redes CIDR separados por comas)`,
      );
  }
  return [...new Set(normalised)];
}

function destinationNetwork(entry: string): string | null {
  const bare = entry.replace(/^\[(.*)\](\/\d+)?$/, '$1$2');
  if (bare.includes('/')) {
    if (!ipaddr.isValidCIDR(bare)) return null;
    const [address, bits] = ipaddr.parseCIDR(bare);
    return `${address.toString()}/${bits}`;
  }
  if (ipaddr.IPv6.isValid(bare)) return `${ipaddr.IPv6.parse(bare).toString()}/128`;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return `${bare}/32`;
  if (!/^[a-z0-9.-]+$/i.test(bare) || !URL.canParse(`http://${bare}`)) return null;
  const host = new URL(`http://${bare}`).hostname.replace(/\.$/, '');
  // The URL parser reads '127.1' or '2130706433' as an address: kept as one, never as a name.
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return `${host}/32`;
  return host || null;
}

/** Without DATABASE_URL, or outside production, a missing APP_SECRET is generated once and kept in DATA_DIR, so
 * tokens and encrypted settings survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
