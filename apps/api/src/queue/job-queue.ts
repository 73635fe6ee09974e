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
/** add() gives up after this long without an answer from Redis. */
export const JOB_ADD_TIMEOUT_MS = 3000;
/** addSoon(): jobs kept in memory while Redis is unreachable, per process. */
export const MAX_DEFERRED_JOBS = 1000;

/**
 * The one way application code enqueues background work. Also the DI token: inject `JobQueue`,
 * and QueueModule decides which driver sits behind it (Redis/BullMQ or in-process).
 */
export abstract class JobQueue {
  abstract readonly mode: 'redis' | 'in-process';

  /** Resolves once the job is accepted (stored in Redis, or scheduled in memory). Never waits long: without
   * Redis it rejects within a few seconds (JOB_ADD_TIMEOUT_MS), so a caller that must know (a staff action) gets
   * an error instead of a hung request. A job added this way may still reach Redis after a timeout. */
  abstract add<N extends JobName>(name: N, payload: JobMap[N], options?: JobOptions): Promise<void>;

  /**
   * Queues the job without waiting and without throwing: for work a periodic sweep would redo anyway (e-mail
   * kicks, SMS sends), called on visitors' paths. While Redis is unreachable the job is kept in memory (at most
   * MAX_DEFERRED_JOBS; a second one with the same jobId is ignored, as in the queue) and queued, in one batch, as
   * soon as Redis is back; beyond that it is dropped and the sweep does the work (docs/domain.md, "Redis away").
   */
  abstract addSoon<N extends JobName>(name: N, payload: JobMap[N], options?: JobOptions): void;

  /** For the health check: true when the queue backend answers. Never throws. */
  abstract ping(): Promise<boolean>;
}
