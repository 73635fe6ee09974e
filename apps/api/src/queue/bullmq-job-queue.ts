import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { JobMap, JobName } from './job-map';
import { DEFAULT_JOB_ATTEMPTS, DEFAULT_JOB_BACKOFF_MS, JobQueue, type JobOptions } from './job-queue';
import { JOBS_QUEUE_NAME } from './queue.constants';

/** Finished jobs kept in Redis for inspection; older ones are trimmed as new ones finish. */
export const KEEP_COMPLETED_JOBS = 1000;
export const KEEP_FAILED_JOBS = 5000;
const PING_TIMEOUT_MS = 1000;

/**
 * Redis driver: adds jobs to the BullMQ queue "jobs". Whether this process also runs them is the
 * processor's business (registered only when workers run here).
 */
@Injectable()
export class BullmqJobQueue extends JobQueue {
  readonly mode = 'redis' as const;
  private readonly logger = new Logger('JobQueue');

  constructor(@InjectQueue(JOBS_QUEUE_NAME) private readonly queue: Queue) {
    super();
    // Without a listener, connection errors end up on console.error instead of our logs.
    this.queue.on('error', (error: Error) => this.logger.error(`Redis queue error: ${error.message}`));
  }

  async add<N extends JobName>(name: N, payload: JobMap[N], options: JobOptions = {}): Promise<void> {
    await this.queue.add(name, payload, {
      attempts: Math.max(1, options.attempts ?? DEFAULT_JOB_ATTEMPTS),
      backoff: { type: 'exponential', delay: Math.max(0, options.backoffMs ?? DEFAULT_JOB_BACKOFF_MS) },
      delay: options.delayMs && options.delayMs > 0 ? options.delayMs : undefined,
      // BullMQ deduplication rather than a custom jobId: a custom jobId also blocks re-adding for
      // as long as the finished job is kept (removeOnComplete/removeOnFail), so a job that failed
      // for good could never be enqueued again. The dedup key is released when the job finishes.
      deduplication: options.jobId !== undefined ? { id: options.jobId } : undefined,
      removeOnComplete: { count: KEEP_COMPLETED_JOBS },
      removeOnFail: { count: KEEP_FAILED_JOBS },
    });
  }

  async ping(): Promise<boolean> {
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

  private async sendPing(): Promise<boolean> {
    // BullMQ 6 removed Queue#client; the raw client now hangs off the Redis backend. Its
    // IRedisClient type does not declare PING, but the ioredis client behind it has it.
    const client = (await this.queue.getBackend().client) as unknown as { ping(): Promise<string> };
    return (await client.ping()) === 'PONG';
  }
}
