import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import type { JobMap, JobName } from './job-map';
import {
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  JOB_ADD_TIMEOUT_MS,
  JobQueue,
  MAX_DEFERRED_JOBS,
  type JobOptions,
} from './job-queue';
import { JOBS_QUEUE_NAME } from './queue.constants';

/** Finished jobs kept in Redis for inspection; older ones are trimmed as new ones finish. */
export const KEEP_COMPLETED_JOBS = 1000;
export const KEEP_FAILED_JOBS = 5000;
const PING_TIMEOUT_MS = 1000;
/** addSoon() commands sent and not answered yet: beyond this (a Redis that accepts connections and doesn't answer)
 * jobs are kept in memory like during an outage, so nothing piles up without bound. */
const MAX_IN_FLIGHT = 500;

/** What this driver reads of the ioredis client behind the queue. */
interface RedisClientState {
  status: string;
  on(event: 'ready', listener: () => void): unknown;
}

interface DeferredJob {
  name: JobName;
  payload: unknown;
  options: JobOptions;
  /** When it should run (now + delayMs at the time of addSoon). */
  dueAt: number;
}

/** add() without Redis: the caller gets this within JOB_ADD_TIMEOUT_MS instead of waiting for Redis. */
export class JobQueueUnavailableError extends Error {
  constructor(reason: string) {
    super(`La cola de trabajos (Redis) no está disponible: ${reason}`);
    this.name = 'JobQueueUnavailableError';
  }
}

/**
 * Redis driver: adds jobs to the BullMQ queue "jobs". Whether this process also runs them is the
 * processor's business (registered only when workers run here).
 *
 * Nothing waits for Redis for long (docs/domain.md, "Redis away"): ioredis would keep a command issued while
 * disconnected in its offline queue until Redis is back, so commands are only issued while the connection is
 * ready. addSoon() keeps what it can't send yet in memory and sends it in one batch on reconnection; add() waits
 * at most JOB_ADD_TIMEOUT_MS.
 */
@Injectable()
export class BullmqJobQueue extends JobQueue implements OnApplicationShutdown {
  readonly mode = 'redis' as const;
  private readonly logger = new Logger('JobQueue');
  /** The ioredis client behind the queue, once it has connected a first time. */
  private client: RedisClientState | null = null;
  /** addSoon() jobs waiting for Redis, by jobId (a second one with the same id is ignored) or a sequence number. */
  private readonly deferred = new Map<string, DeferredJob>();
  private sequence = 0;
  /** Jobs dropped during the current outage because MAX_DEFERRED_JOBS were already waiting (for the log). */
  private dropped = 0;
  private inFlight = 0;
  private flushing = false;
  /** An outage is under way: its start and end are logged once, not every reconnection attempt. */
  private away = false;
  private closing = false;

  constructor(@InjectQueue(JOBS_QUEUE_NAME) private readonly queue: Queue) {
    super();
    // Without a listener, connection errors end up on console.error instead of our logs.
    this.queue.on('error', (error: Error) => this.onError(error));
    // Resolves once connected the first time (never, when closed before that).
    this.queue
      .getBackend()
      .client.then((client) => {
        this.client = client as unknown as RedisClientState;
        this.client.on('ready', () => this.onReady());
        this.onReady();
      })
      .catch(() => undefined);
  }

  async add<N extends JobName>(name: N, payload: JobMap[N], options: JobOptions = {}): Promise<void> {
    const deadline = Date.now() + JOB_ADD_TIMEOUT_MS;
    while (!this.isReady()) {
      if (this.closing) throw new JobQueueUnavailableError('cerrando');
      if (Date.now() >= deadline) throw new JobQueueUnavailableError('sin conexión');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add(name, payload, this.jobsOptions(options)),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(
            () => reject(new JobQueueUnavailableError('no responde')),
            Math.max(0, deadline - Date.now()),
          );
        }),
      ]);
    } finally {
      clearTimeout(timeout);
    }
  }

  addSoon<N extends JobName>(name: N, payload: JobMap[N], options: JobOptions = {}): void {
    const job: DeferredJob = { name, payload, options, dueAt: Date.now() + Math.max(0, options.delayMs ?? 0) };
    if (this.isReady() && this.inFlight < MAX_IN_FLIGHT && !this.flushing) this.send(job);
    else this.defer(job);
  }

  async ping(): Promise<boolean> {
    if (this.client && !this.isReady()) return false;
    let timeout: NodeJS.Timeout | undefined;
    try {
      // The client promise only settles once connected, and commands queue while Redis is down:
      // bound both so the health check answers quickly.
      return await Promise.race([
        this.sendPing(),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  onApplicationShutdown(): void {
    this.closing = true;
    const lost = this.deferred.size + this.dropped;
    if (lost > 0)
      this.logger.warn(`Cierre sin Redis: ${lost} trabajo(s) sin encolar (los barridos periódicos rehacen su trabajo)`);
    this.deferred.clear();
  }

  private async sendPing(): Promise<boolean> {
    // BullMQ 6 removed Queue#client; the raw client now hangs off the Redis backend. Its
    // IRedisClient type does not declare PING, but the ioredis client behind it has it.
    const client = (await this.queue.getBackend().client) as unknown as { ping(): Promise<string> };
    return (await client.ping()) === 'PONG';
  }

  private jobsOptions(options: JobOptions): JobsOptions {
    return {
      attempts: Math.max(1, options.attempts ?? DEFAULT_JOB_ATTEMPTS),
      backoff: { type: 'exponential', delay: Math.max(0, options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS) },
      delay: options.delayMs && options.delayMs > 0 ? options.delayMs : undefined,
      // BullMQ deduplication rather than a custom jobId: a custom jobId also blocks re-adding for
      // as long as the finished job is kept (removeOnComplete/removeOnFail), so a job that failed
      // for good could never be enqueued again. The dedup key is released when the job finishes.
      deduplication: options.jobId !== undefined ? { id: options.jobId } : undefined,
      removeOnComplete: { count: KEEP_COMPLETED_JOBS },
      removeOnFail: { count: KEEP_FAILED_JOBS },
    };
  }

  private isReady(): boolean {
    return !this.closing && this.client?.status === 'ready';
  }

  private send(job: DeferredJob): void {
    this.inFlight += 1;
    this.queue
      .add(job.name, job.payload as never, this.jobsOptions({ ...job.options, delayMs: job.dueAt - Date.now() }))
      .then(
        // Answered again after a stall: what was kept meanwhile can go.
        () => this.flush(),
        (error: Error) => {
          // Refused by a connected Redis: not an outage, and retrying would not help; the sweeps redo the work.
          if (this.isReady()) this.logger.warn(`Job "${job.name}" not queued: ${error.message}`);
          // The connection went away with the command: kept for the reconnection. (Redis may have stored it
          // already; a second run finds nothing to do, every handler checks its rows.)
          else this.defer(job);
        },
      )
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  private defer(job: DeferredJob): void {
    if (this.closing) return;
    const key = job.options.jobId !== undefined ? `id:${job.options.jobId}` : `seq:${++this.sequence}`;
    if (this.deferred.has(key)) return;
    if (this.deferred.size >= MAX_DEFERRED_JOBS) {
      this.dropped += 1;
      return;
    }
    this.deferred.set(key, job);
  }

  /** Everything kept while Redis was away, in one round trip. */
  private flush(): void {
    if (this.flushing || this.deferred.size === 0 || !this.isReady()) return;
    const jobs = [...this.deferred.values()];
    this.deferred.clear();
    this.flushing = true;
    const now = Date.now();
    this.queue
      .addBulk(
        jobs.map((job) => ({
          name: job.name,
          data: job.payload,
          opts: this.jobsOptions({ ...job.options, delayMs: job.dueAt - now }),
        })),
      )
      .then(
        () => {
          this.flushing = false;
          // Kept while this batch was on its way.
          this.flush();
        },
        (error: Error) => {
          this.flushing = false;
          // Tried again at the next reconnection or the next job Redis accepts.
          for (const job of jobs) this.defer(job);
          this.logger.warn(`No se pudieron encolar los trabajos retenidos: ${error.message}`);
        },
      );
  }

  private onReady(): void {
    if (this.away) {
      this.away = false;
      this.logger.warn(
        `Redis disponible de nuevo: se encolan ${this.deferred.size} trabajo(s) retenido(s)` +
          (this.dropped > 0 ? `; ${this.dropped} descartado(s), los barridos periódicos rehacen su trabajo` : ''),
      );
    }
    this.dropped = 0;
    this.flush();
  }

  /** Connection errors repeat at every reconnection attempt: one line per outage. */
  private onError(error: Error): void {
    if (this.client?.status === 'ready') {
      this.logger.error(`Redis queue error: ${error.message}`);
      return;
    }
    if (this.away) return;
    this.away = true;
    this.logger.error(
      `Redis no disponible: ${error.message}. Nadie espera por ello: los trabajos se encolan al volver (docs/domain.md, "Redis away")`,
    );
  }
}
