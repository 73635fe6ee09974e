import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource, EntityManager, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import type { JobMap, JobName } from '../queue/job-map';
import { JobOptions, JobQueue } from '../queue/job-queue';
import { OutboxRegistry } from './outbox.registry';

declare module '../queue/job-map' {
  interface JobMap {
    'outbox-spec.dispatch': Record<string, never>;
  }
}

/** Records what the registry queues (the real drivers are tested in queue/). */
class RecordingQueue extends JobQueue {
  readonly mode = 'in-process' as const;
  readonly added: { name: JobName; options?: JobOptions }[] = [];
  async add(): Promise<void> {}
  addSoon<N extends JobName>(name: N, _payload: JobMap[N], options?: JobOptions): void {
    this.added.push({ name, options });
  }
  async ping(): Promise<boolean> {
    return true;
  }
}

/** A transaction as TypeORM's subscribers see it: its runner (with its scratch data) and its manager. */
function transaction(): { m: EntityManager; runner: QueryRunner; commit(): void; rollback(): void } {
  const runner = { data: {}, isTransactionActive: true } as unknown as QueryRunner;
  const m = new EntityManager({} as DataSource, runner);
  const end = () => ((runner as { isTransactionActive: boolean }).isTransactionActive = false);
  return {
    m,
    runner,
    commit: () => {
      end();
      registry.afterTransactionCommit({ queryRunner: runner } as TransactionCommitEvent);
    },
    rollback: () => {
      end();
      registry.afterTransactionRollback({ queryRunner: runner } as TransactionRollbackEvent);
    },
  };
}

let jobs: RecordingQueue;
let registry: OutboxRegistry;
let queued: string[];

beforeEach(() => {
  jobs = new RecordingQueue();
  queued = [];
  registry = new OutboxRegistry(
    { subscribers: [] } as unknown as DataSource,
    { outboxDispatchWindowMs: 60_000 } as AppConfig,
    jobs,
    new SchedulerRegistry(),
  );
  registry.register({
    name: 'email',
    table: 'email_messages',
    dispatch: 'pooled',
    job: 'outbox-spec.dispatch',
    due: 'true',
    sweepIntervalMs: 30_000,
  });
  registry.register({
    name: 'sms',
    table: 'sms_messages',
    dispatch: 'per-row',
    queue: (id) => queued.push(id),
    sweepIntervalMs: 30_000,
  });
});

describe('OutboxRegistry: the wake-up after commit', () => {
  it('wakes nothing while the transaction runs, then each written channel once it commits', () => {
    const tx = transaction();
    registry.written(tx.m, 'email');
    registry.written(tx.m, 'sms', ['7']);
    registry.written(tx.m, 'sms', ['8']);
    expect(jobs.added).toEqual([]);
    expect(queued).toEqual([]);
    tx.commit();
    expect(jobs.added.map((job) => job.name)).toEqual(['outbox-spec.dispatch']);
    expect(queued).toEqual(['7', '8']);
  });

  it('wakes nothing for a rolled-back transaction, nor for a later commit on the same connection', () => {
    const tx = transaction();
    registry.written(tx.m, 'email');
    registry.written(tx.m, 'sms', ['7']);
    tx.rollback();
    (tx.runner as { isTransactionActive: boolean }).isTransactionActive = true;
    tx.commit();
    expect(jobs.added).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('waits for the outermost commit when a savepoint is released', () => {
    const tx = transaction();
    registry.written(tx.m, 'sms', ['7']);
    registry.afterTransactionCommit({ queryRunner: tx.runner } as TransactionCommitEvent);
    expect(queued).toEqual([]);
    tx.commit();
    expect(queued).toEqual(['7']);
  });

  it('wakes at once what was written outside a transaction (the statement has committed)', () => {
    registry.written({ subscribers: [] } as unknown as DataSource, 'sms', ['9']);
    expect(queued).toEqual(['9']);
  });
});

describe('OutboxRegistry: the windowed dispatch', () => {
  it('queues one dispatch per window, run after the window closes, and its own job for a retry', () => {
    const before = Date.now();
    registry.kick('email');
    registry.kick('email');
    registry.kick('email', { delayMs: 5_000, jobId: 'email-retry-1-1' });
    expect(jobs.added).toHaveLength(2);
    const [window, retry] = jobs.added;
    expect(window.options?.jobId).toBe(`email-dispatch-${Math.floor(before / 60_000)}`);
    expect(window.options?.delayMs).toBeGreaterThan(0);
    expect(window.options?.delayMs).toBeLessThanOrEqual(60_001);
    expect(retry.options).toMatchObject({ jobId: 'email-retry-1-1', delayMs: 5_000 });
  });
});
