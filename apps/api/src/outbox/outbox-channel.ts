import type { JobMap, JobName } from '../queue/job-map';

export type OutboxName = 'email' | 'sms' | 'webhook';
export type OutboxTable = 'email_messages' | 'sms_messages' | 'webhook_deliveries';

/** The jobs that take no payload: a pooled channel's dispatch. */
export type DispatchJob = { [N in JobName]: JobMap[N] extends Record<string, never> ? N : never }[JobName];

/** Where and when to send again (a retry, a lease that runs out): `jobId` keeps it apart from the window's job. */
export interface WakeOptions {
  delayMs: number;
  jobId: string;
}

interface ChannelBase {
  name: OutboxName;
  table: OutboxTable;
  /** The safety-net sweep runs this often on every instance (OutboxRegistry.sweep). */
  sweepIntervalMs: number;
}

/** Due rows are claimed one at a time by the process's senders (SenderPool), which one dispatch job per window
 * wakes (OutboxRegistry.kick). E-mail and webhooks. */
export interface PooledChannel extends ChannelBase {
  dispatch: 'pooled';
  job: DispatchJob;
  /** SQL over the table (alias `d`): a row a sender may claim now (dueSql, and what the channel adds). */
  due: string;
  /** SQL: false while the channel may not send at all (its rows wait; the sweep queues nothing meanwhile). */
  enabled?: string;
}

/** One job per row, named by the row (the queue retries it with backoff). SMS. */
export interface PerRowChannel extends ChannelBase {
  dispatch: 'per-row';
  /** Queues the row's job; with `options`, the one for the moment a lease runs out. Never waits, never throws. */
  queue(rowId: string, options?: WakeOptions): void;
}

/** An outbox as the kit sees it: its table, how it is due and dispatched, how often it is swept. The channel's
 * own service supplies the send and the recording of its outcome; waking it after a commit, the windowed
 * dispatch, the lease-ends sweep and the lease heartbeat are the kit's. */
export type OutboxChannel = PooledChannel | PerRowChannel;
