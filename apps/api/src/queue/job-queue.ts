import type { JobMap, JobName } from './job-map';

export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /**
   * Deduplication key: while a job added with this id has not finished yet (waiting, delayed,
   * running or waiting for a retry), another add with the same id is ignored. Once it has
   * completed or finally failed, the id is free again.
   */
  jobId?: string;
  /** Total tries including the first one. */
  attempts?: number;
  /** Base of the exponential backoff between tries: backoffMs, 2x, 4x, ... */
  backoffMs?: number;
}

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF_MS = 1000;

/**
 * The one way application code enqueues background work. Also the DI token: inject `JobQueue`,
 * and QueueModule decides which driver sits behind it (Redis/BullMQ or in-process).
 */
export abstract class JobQueue {
  abstract readonly mode: 'redis' | 'in-process';

  /** Resolves once the job is accepted (stored in Redis, or scheduled in memory). */
  abstract add<N extends JobName>(name: N, payload: JobMap[N], options?: JobOptions): Promise<void>;

  /** For the health check: true when the queue backend answers. Never throws. */
  abstract ping(): Promise<boolean>;
}
