import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap, type Type } from '@nestjs/common';
import { type Job, UnrecoverableError, type Worker } from 'bullmq';
import { JobHandlerRegistry } from './job-handler.registry';
import { JOBS_QUEUE_NAME } from './queue.constants';

const REPEATED_ERROR_LOG_MS = 60_000;

/**
 * BullMQ worker for the "jobs" queue: hands each job to its @JobHandler. Registered by
 * QueueModule only in processes that run workers; use createBullmqJobsProcessor() to get the
 * @Processor-decorated class.
 */
@Injectable()
export class BullmqJobsProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private lastError: { message: string; at: number } | null = null;

  constructor(private readonly registry: JobHandlerRegistry) {
    super();
  }

  async process(job: Job): Promise<void> {
    if (!this.registry.has(job.name)) {
      this.logger.error(`Job "${job.name}" (${job.id}) failed: no @JobHandler registered for it`);
      // Unrecoverable: skip the retries, the job goes straight to the failed set.
      throw new UnrecoverableError(`No @JobHandler registered for job "${job.name}"`);
    }
    await this.registry.dispatch(job.name, job.data as never);
  }

  /**
   * The worker is created with autorun off and started here, once every module has initialised:
   * jobs already waiting in Redis must not reach handlers whose providers are not ready yet.
   */
  onApplicationBootstrap(): void {
    this.worker.run().catch((error: unknown) => {
      this.logger.error(`Worker stopped: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /**
   * Finish active jobs before onApplicationShutdown, where the database and other resources the
   * handlers use are closed. @nestjs/bullmq only closes workers in onApplicationShutdown.
   * Graceful close waits for the active jobs; a process killed meanwhile leaves them stalled,
   * and BullMQ hands stalled jobs to another worker.
   */
  async beforeApplicationShutdown(): Promise<void> {
    let worker: Worker;
    try {
      worker = this.worker;
    } catch {
      return; // Never created: boot failed before @nestjs/bullmq registered the worker.
    }
    await worker.close();
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    if (error instanceof UnrecoverableError || job.attemptsMade >= attempts) {
      this.logger.error(
        `Job "${job.name}" (${job.id}) failed after ${job.attemptsMade} attempt(s): ${error.message}`,
        error.stack,
      );
    } else {
      this.logger.warn(
        `Job "${job.name}" (${job.id}) attempt ${job.attemptsMade}/${attempts} failed, will retry: ${error.message}`,
      );
    }
  }

  /** A lost Redis repeats the same error at every reconnection attempt (every 2 s, queue.module.ts): the same
   * message is logged once a minute at most (docs/domain.md, "Redis away"). */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    const now = Date.now();
    if (this.lastError?.message === error.message && now - this.lastError.at < REPEATED_ERROR_LOG_MS) return;
    this.lastError = { message: error.message, at: now };
    this.logger.error(`Worker error: ${error.message}`);
  }
}

/**
 * Worker options come from @Processor metadata, which is static, while concurrency is runtime
 * config: so each QueueModule.forRoot() gets its own decorated subclass. The decorator is applied
 * as a call, not with @, so no compiler-emitted design:paramtypes can shadow the parent constructor's.
 */
export function createBullmqJobsProcessor(concurrency: number): Type<BullmqJobsProcessor> {
  class ConfiguredBullmqJobsProcessor extends BullmqJobsProcessor {}
  Processor(JOBS_QUEUE_NAME, { concurrency, autorun: false })(ConfiguredBullmqJobsProcessor);
  return ConfiguredBullmqJobsProcessor;
}
