import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobHandlerRegistry } from './job-handler.registry';
import type { JobMap, JobName } from './job-map';
import { DEFAULT_JOB_ATTEMPTS, DEFAULT_JOB_BACKOFF_MS, JobQueue, type JobOptions } from './job-queue';
import { QUEUE_MODULE_OPTIONS, type ResolvedQueueModuleOptions } from './queue.constants';

interface InProcessJob {
  name: JobName;
  payload: unknown;
  jobId?: string;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
}

/**
 * Embedded-mode driver (no Redis): runs handlers in this process, with bounded concurrency,
 * setTimeout delays, exponential-backoff retries and jobId dedupe.
 *
 * Nothing is durable. Jobs still waiting, delayed or retrying are lost when the process stops;
 * features must not rely on the queue alone: their periodic sweeps (e.g. expiring overdue holds)
 * pick up whatever was lost after a restart.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly mode = 'in-process' as const;

  private readonly logger = new Logger('JobQueue');
  private readonly ready: InProcessJob[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  /** jobIds of jobs not finished yet; the dedupe window. */
  private readonly unfinishedJobIds = new Set<string>();
  private idleWaiters: Array<() => void> = [];
  /** Handlers only run once every module has initialised (the registry is filled at init). */
  private started = false;
  private closing = false;

  constructor(
    private readonly registry: JobHandlerRegistry,
    @Inject(QUEUE_MODULE_OPTIONS) private readonly options: ResolvedQueueModuleOptions,
  ) {
    super();
    if (!options.runWorkers) {
      this.logger.warn(
        'runWorkers is off but no Redis is configured: jobs still run in this process (nobody else can)',
      );
    }
  }

  async add<N extends JobName>(name: N, payload: JobMap[N], options: JobOptions = {}): Promise<void> {
    if (this.closing) {
      this.logger.warn(`Shutting down: dropped job "${name}" (periodic sweeps recover the work)`);
      return;
    }
    if (options.jobId !== undefined) {
      if (this.unfinishedJobIds.has(options.jobId)) return;
      this.unfinishedJobIds.add(options.jobId);
    }
    const job: InProcessJob = {
      name,
      // Same serialisation as the Redis driver, so embedded mode cannot hide a non-JSON payload.
      payload: JSON.parse(JSON.stringify(payload ?? null)) as unknown,
      jobId: options.jobId,
      attempts: Math.max(1, options.attempts ?? DEFAULT_JOB_ATTEMPTS),
      backoffMs: Math.max(0, options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS),
      attemptsMade: 0,
    };
    this.schedule(job, options.delayMs ?? 0);
  }

  /** Nothing to wait for here: add() schedules in memory at once. Errors (a payload that isn't JSON) are logged. */
  addSoon<N extends JobName>(name: N, payload: JobMap[N], options: JobOptions = {}): void {
    this.add(name, payload, options).catch((error: Error) =>
      this.logger.warn(`Job "${name}" not queued: ${error.message}`),
    );
  }

  async ping(): Promise<boolean> {
    return !this.closing;
  }

  /** Resolves when nothing is running, ready or scheduled. For tests and embedded-mode tooling. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  onApplicationBootstrap(): void {
    this.started = true;
    this.pump();
  }

  /**
   * Drains before onApplicationShutdown, where other modules (e.g. the database) close the
   * resources handlers need. Waits for running handlers at most shutdownTimeoutMs.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    const dropped = this.ready.length + this.timers.size;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    if (dropped > 0) {
      this.logger.warn(`Shutting down: dropped ${dropped} pending job(s) (periodic sweeps recover the work)`);
    }
    if (this.running.size === 0) return this.notifyIfIdle();

    let timeout: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.allSettled([...this.running]).then(() => false),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(true), this.options.shutdownTimeoutMs);
      }),
    ]);
    clearTimeout(timeout);
    if (timedOut) {
      this.logger.warn(
        `Shutting down: ${this.running.size} job(s) still running after ${this.options.shutdownTimeoutMs} ms, not waiting any longer`,
      );
    }
  }

  private schedule(job: InProcessJob, delayMs: number): void {
    if (this.closing) return;
    if (delayMs <= 0) {
      this.ready.push(job);
      this.pump();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.timers.add(timer);
  }

  private pump(): void {
    if (!this.started || this.closing) return;
    while (this.running.size < this.options.concurrency && this.ready.length > 0) {
      const job = this.ready.shift() as InProcessJob;
      const run: Promise<void> = this.run(job).finally(() => {
        this.running.delete(run);
        this.pump();
        this.notifyIfIdle();
      });
      this.running.add(run);
    }
  }

  private async run(job: InProcessJob): Promise<void> {
    job.attemptsMade += 1;
    if (!this.registry.has(job.name)) {
      // Retrying cannot help: the handler is missing from this build.
      this.logger.error(`Job "${job.name}" failed: no @JobHandler registered for it`);
      return this.finish(job);
    }
    try {
      await this.registry.dispatch(job.name, job.payload as JobMap[typeof job.name]);
      this.finish(job);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (job.attemptsMade >= job.attempts) {
        this.logger.error(
          `Job "${job.name}" failed after ${job.attemptsMade} attempt(s): ${reason}`,
          error instanceof Error ? error.stack : undefined,
        );
        return this.finish(job);
      }
      const delayMs = job.backoffMs * 2 ** (job.attemptsMade - 1);
      this.logger.warn(
        `Job "${job.name}" attempt ${job.attemptsMade}/${job.attempts} failed, retrying in ${delayMs} ms: ${reason}`,
      );
      this.schedule(job, delayMs);
    }
  }

  private finish(job: InProcessJob): void {
    if (job.jobId !== undefined) this.unfinishedJobIds.delete(job.jobId);
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.ready.length === 0 && this.timers.size === 0;
  }

  private notifyIfIdle(): void {
    if (!this.isIdle() || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
