import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JobQueue } from '../queue/job-queue';
import type { OutboxChannel, OutboxName, PerRowChannel, PooledChannel, WakeOptions } from './outbox-channel';
import { OUTBOX_STATUS } from './outbox-status';

/** Where a transaction notes the outboxes it wrote (QueryRunner.data is TypeORM's per-connection scratch space,
 * seen by subscribers): channel name -> the rows a per-row channel must queue. */
const WRITTEN = 'evreg:outboxWritten';
/** A lease that runs out is looked at this long after its end, so the dead worker's claim has surely expired. */
const LEASE_MARGIN_MS = 250;
/** Rows a per-row channel's sweep queues at most per run (the next run takes the rest). */
const PER_ROW_SWEEP_LIMIT = 500;

/** The outbox kit's one mechanism (docs/architecture.md, "Messages out"): each channel registers here, and the
 * kit then
 * - wakes a channel once the transaction that wrote its rows commits (`written`, read by this TypeORM subscriber
 *   after the outermost commit; a rollback drops the notes with the rows), never inside it: a rolled-back change
 *   sends nothing, and the job sees the rows;
 * - gathers the wake-ups of a pooled channel into one dispatch job per window (`kick`);
 * - sweeps each channel on every instance (`sweep`): what is due while no job is coming (a wake-up lost while Redis
 *   was away, a lost retry, a dead worker's lease that ran out) gets one.
 * Wake-ups never throw and never wait (JobQueue.addSoon): a request doesn't fail or slow down when Redis is away;
 * the job is queued when it is back, and the sweep covers what was dropped (docs/domain.md, "Redis away"). */
@Injectable()
export class OutboxRegistry implements OnModuleInit, OnApplicationBootstrap, EntitySubscriberInterface {
  private readonly logger = new Logger(OutboxRegistry.name);
  private readonly channels = new Map<OutboxName, OutboxChannel>();
  /** Per pooled channel, the window job this process has already queued: the other wake-ups of that window would
   * only be deduplicated by the queue, so they cost no round trip to Redis. */
  private readonly lastWindowJobIds = new Map<OutboxName, string>();
  /** When this instance last finished each channel's sweep ('Estado del sistema'). */
  private readonly lastSweeps = new Map<OutboxName, Date>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** When this instance last swept the channel without error (null before its first sweep). */
  lastSweepAt(name: OutboxName): Date | null {
    return this.lastSweeps.get(name) ?? null;
  }

  /** Called by each channel's delivery service while the modules initialise. */
  register(channel: OutboxChannel): void {
    this.channels.set(channel.name, channel);
  }

  onModuleInit(): void {
    this.ds.subscribers.push(this);
  }

  /** Each channel's sweep, and a dispatch for whatever an earlier run left pending. */
  onApplicationBootstrap(): void {
    for (const channel of this.channels.values()) {
      this.every(`${channel.name}-sweep`, channel.sweepIntervalMs, () => this.sweep(channel.name));
      if (channel.dispatch === 'pooled') this.kick(channel.name);
    }
  }

  /** Runs `run` every `intervalMs` on this instance (a sweep: it must never throw). */
  every(name: string, intervalMs: number, run: () => Promise<unknown>): void {
    this.scheduler.addInterval(
      name,
      setInterval(() => void run(), intervalMs),
    );
  }

  /** Rows of `name` were written through `db` (with their ids, for a per-row channel): in a transaction, the
   * channel is woken once it commits; outside one (the statement has committed already), now. */
  written(db: DataSource | EntityManager, name: OutboxName, rowIds: string[] = []): void {
    const runner = db instanceof EntityManager ? db.queryRunner : undefined;
    if (!runner?.isTransactionActive) return this.wake(name, rowIds);
    const notes = (runner.data[WRITTEN] as Map<OutboxName, string[]> | undefined) ?? new Map<OutboxName, string[]>();
    notes.set(name, [...(notes.get(name) ?? []), ...rowIds]);
    runner.data[WRITTEN] = notes;
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive) return; // a savepoint released: the outer transaction may still roll back
    // TypeORM awaits this inside commitTransaction: waking neither waits nor throws.
    for (const [name, rowIds] of takeNotes(queryRunner)) this.wake(name, rowIds);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive) takeNotes(queryRunner);
  }

  /** Wakes the channel: a pooled one's dispatch, a per-row one's jobs for these rows. */
  wake(name: OutboxName, rowIds: string[] = []): void {
    const channel = this.channel(name);
    if (channel.dispatch === 'pooled') this.kick(name);
    else for (const id of rowIds) channel.queue(id);
  }

  /** Queues a pooled channel's dispatch. Without `options`, the job of the current window, which runs once the
   * window has closed: a wake-up always lands in a job that has not started yet and starts after the wake-up's
   * commit, so no row waits for the sweep, and a rush costs at most one job per window, not one per change. (A
   * single fixed job id would lose the wake-ups that arrive while that job is finishing its last, empty claim.)
   * With `options`, a job of its own at that moment (a retry, a lease running out). */
  kick(name: OutboxName, options?: WakeOptions): void {
    const channel = this.channel(name) as PooledChannel;
    let { jobId, delayMs } = options ?? { jobId: '', delayMs: 0 };
    if (!options) {
      const now = Date.now();
      const windowMs = this.config.outboxDispatchWindowMs;
      const window = Math.floor(now / windowMs);
      jobId = `${name}-dispatch-${window}`;
      if (this.lastWindowJobIds.get(name) === jobId) return;
      this.lastWindowJobIds.set(name, jobId);
      delayMs = (window + 1) * windowMs - now + 1;
    }
    this.jobs.addSoon(channel.job, {}, { jobId, delayMs, attempts: 3, backoffMs: 5_000 });
  }

  /** The safety net, every sweepIntervalMs on every instance. Safe with any number of instances: claims decide
   * who sends. Never throws (logged; the next sweep tries again). */
  async sweep(name: OutboxName): Promise<void> {
    const channel = this.channel(name);
    try {
      if (channel.dispatch === 'pooled') await this.sweepPooled(channel);
      else await this.sweepPerRow(channel);
      this.lastSweeps.set(name, new Date());
    } catch (error) {
      this.logger.warn(`Barrido de la bandeja de salida ${name} fallido: ${(error as Error).message}`);
    }
  }

  /** Due rows get a dispatch; leases running out before the next sweep get one for the first and one for the last
   * of them, so a dead worker's rows go out one lease after it died (a live worker's renewed lease makes those
   * dispatches find nothing). Nothing while the channel is disabled. */
  private async sweepPooled(channel: PooledChannel): Promise<void> {
    const [row]: { enabled: boolean; due: boolean; leaseEnds: { at: string; inMs: number }[] }[] = await this.ds.query(
      `SELECT ${channel.enabled ?? 'true'} AS enabled,
              EXISTS (SELECT 1 FROM ${channel.table} d WHERE ${channel.due}) AS due,
              (SELECT coalesce(json_agg(json_build_object('at', floor(extract(epoch FROM ends) * 1000)::bigint::text,
                                                          'inMs', ceil(extract(epoch FROM ends - now()) * 1000)::int)), '[]')
                 FROM (SELECT DISTINCT unnest(ARRAY[min(claimed_until), max(claimed_until)]) AS ends FROM ${channel.table}
                        WHERE status = ${OUTBOX_STATUS.Pending} AND claimed_until > now() AND claimed_until <= now() + make_interval(secs => $1::float8 / 1000)) l
                WHERE ends IS NOT NULL) AS "leaseEnds"`,
      [channel.sweepIntervalMs],
    );
    if (!row.enabled) return;
    if (row.due) this.kick(channel.name);
    for (const end of row.leaseEnds)
      this.kick(channel.name, { delayMs: end.inMs + LEASE_MARGIN_MS, jobId: `${channel.name}-lease-${end.at}` });
  }

  /** Pending rows nobody holds, older than one sweep interval (their job was lost), are queued again; a claimed row
   * whose lease runs out before the next sweep is queued for that moment, with a job id of its own (the dead
   * worker's job may still count as running). */
  private async sweepPerRow(channel: PerRowChannel): Promise<void> {
    const rows: { id: string; leaseEnd: string | null; leaseLeftMs: number }[] = await this.ds.query(
      `SELECT id::text, floor(extract(epoch FROM claimed_until) * 1000)::bigint::text AS "leaseEnd",
              greatest(0, ceil(extract(epoch FROM claimed_until - now()) * 1000))::int AS "leaseLeftMs"
         FROM ${channel.table}
        WHERE status = ${OUTBOX_STATUS.Pending}
          AND (claimed_until IS NULL AND created_at < now() - make_interval(secs => $1::float8 / 1000)
               OR claimed_until < now() + make_interval(secs => $1::float8 / 1000))
        ORDER BY created_at LIMIT ${PER_ROW_SWEEP_LIMIT}`,
      [channel.sweepIntervalMs],
    );
    for (const row of rows) {
      if (row.leaseEnd === null) channel.queue(row.id);
      else
        channel.queue(row.id, {
          delayMs: row.leaseLeftMs + LEASE_MARGIN_MS,
          jobId: `${channel.name}-${row.id}-lease-${row.leaseEnd}`,
        });
    }
  }

  private channel(name: OutboxName): OutboxChannel {
    const channel = this.channels.get(name);
    if (!channel) throw new Error(`Outbox channel ${name} is not registered`);
    return channel;
  }
}

function takeNotes(runner: QueryRunner): Map<OutboxName, string[]> {
  const notes = (runner.data[WRITTEN] as Map<OutboxName, string[]> | undefined) ?? new Map<OutboxName, string[]>();
  delete runner.data[WRITTEN];
  return notes;
}
