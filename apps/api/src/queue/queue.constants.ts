/** The single BullMQ queue every job goes through; job names route to handlers. */
export const JOBS_QUEUE_NAME = 'jobs';

/** DI token for the resolved QueueModule options. */
export const QUEUE_MODULE_OPTIONS = Symbol('QUEUE_MODULE_OPTIONS');

export const DEFAULT_QUEUE_CONCURRENCY = 4;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface QueueModuleOptions {
  /** Set: BullMQ on this Redis. Unset: embedded mode, jobs run in this process. */
  redisUrl?: string;
  /**
   * Whether this process executes jobs. Only meaningful with Redis (an API instance can leave it
   * off while a separate worker process runs them). Without Redis there is nobody else to run
   * them, so the in-process driver always runs jobs.
   */
  runWorkers: boolean;
  /** Redis key prefix (BullMQ's default, "bull", when unset). */
  prefix?: string;
  /** Jobs run at the same time in this process. Default 4. */
  concurrency?: number;
  /** In-process driver: how long shutdown waits for running handlers. Default 10 s. */
  shutdownTimeoutMs?: number;
}

export interface ResolvedQueueModuleOptions {
  redisUrl?: string;
  runWorkers: boolean;
  prefix?: string;
  concurrency: number;
  shutdownTimeoutMs: number;
  /** True when handlers will be dispatched in this process. */
  workersEnabled: boolean;
}

export function resolveQueueModuleOptions(options: QueueModuleOptions): ResolvedQueueModuleOptions {
  const concurrency = options.concurrency ?? DEFAULT_QUEUE_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`QueueModule: concurrency must be a positive integer, got ${String(options.concurrency)}`);
  }
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
  if (!(shutdownTimeoutMs >= 0)) {
    throw new Error(`QueueModule: shutdownTimeoutMs must be >= 0, got ${String(options.shutdownTimeoutMs)}`);
  }
  // An empty string from an unset env var means "no Redis", not "connect to localhost".
  const redisUrl = options.redisUrl?.trim() ? options.redisUrl.trim() : undefined;
  return {
    redisUrl,
    runWorkers: options.runWorkers,
    prefix: options.prefix?.trim() ? options.prefix.trim() : undefined,
    concurrency,
    shutdownTimeoutMs,
    workersEnabled: redisUrl === undefined ? true : options.runWorkers,
  };
}
