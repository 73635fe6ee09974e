import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Job, Queue } from 'bullmq';
import Redis from 'ioredis';
import { ThrowawayRedis } from '@evreg/testing';
import { BullmqJobQueue, JobQueueUnavailableError } from './bullmq-job-queue';
import { BullmqJobsProcessor } from './bullmq-jobs.processor';
import { JobHandler } from './job-handler.decorator';
import { JobQueue } from './job-queue';
import { JOBS_QUEUE_NAME } from './queue.constants';
import { QueueModule } from './queue.module';

// Real Redis: REDIS_URL or the local default. Every key lives under a per-run prefix, deleted at the end.
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUN_PREFIX = `evreg-queue-test-${process.pid}-${Date.now()}`;

declare module './job-map' {
  interface JobMap {
    'bullmq.test.record': { key: string; value: number };
    'bullmq.test.flaky': { key: string };
    'bullmq.test.orphan': { key: string };
  }
}

interface Call {
  name: string;
  key: string;
  payload: unknown;
  at: number;
}

@Injectable()
class RedisTestHandlers {
  readonly calls: Call[] = [];
  readonly failuresLeft = new Map<string, number>();
  private readonly waiters: Array<{ match: (call: Call) => boolean; resolve: (call: Call) => void }> = [];

  /** Resolves on the first call (now or later) matching name + key (+ value). */
  nextCall(name: string, key: string, value?: number): Promise<Call> {
    const match = (call: Call) =>
      call.name === name &&
      call.key === key &&
      (value === undefined || (call.payload as { value?: number }).value === value);
    const existing = this.calls.find(match);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      // Fail with a message rather than Jest's 30 s test timeout.
      const timer = setTimeout(() => reject(new Error(`no call of ${name} for ${key} within 10 s`)), 10_000);
      this.waiters.push({
        match,
        resolve: (call) => {
          clearTimeout(timer);
          resolve(call);
        },
      });
    });
  }

  callsFor(name: string, key: string): Call[] {
    return this.calls.filter((c) => c.name === name && c.key === key);
  }

  private record(name: string, key: string, payload: unknown): void {
    const call = { name, key, payload, at: Date.now() };
    this.calls.push(call);
    for (const waiter of this.waiters.filter((w) => w.match(call))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(call);
    }
  }

  @JobHandler('bullmq.test.record')
  async handleRecord(payload: { key: string; value: number }): Promise<void> {
    this.record('bullmq.test.record', payload.key, payload);
  }

  @JobHandler('bullmq.test.flaky')
  async handleFlaky(payload: { key: string }): Promise<void> {
    this.record('bullmq.test.flaky', payload.key, payload);
    const left = this.failuresLeft.get(payload.key) ?? 0;
    if (left > 0) {
      this.failuresLeft.set(payload.key, left - 1);
      throw new Error(`planned failure for ${payload.key}`);
    }
  }
}

/** Tiny polling for state that only Redis knows. */
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const openApps: TestingModule[] = [];

async function startApp(options: { prefix: string; runWorkers: boolean; redisUrl?: string }): Promise<TestingModule> {
  const app = await Test.createTestingModule({
    imports: [QueueModule.forRoot({ redisUrl: REDIS_URL, concurrency: 2, ...options })],
    providers: [RedisTestHandlers],
  }).compile();
  openApps.push(app);
  await app.init();
  return app;
}

async function closeApp(app: TestingModule): Promise<void> {
  openApps.splice(openApps.indexOf(app), 1);
  await app.close();
}

async function jobsWhere(queue: Queue, states: Array<'delayed' | 'waiting' | 'completed' | 'failed'>, key: string) {
  return (await queue.getJobs(states)).filter((job: Job) => (job.data as { key?: string }).key === key);
}

let errorLog: jest.SpyInstance;

beforeAll(() => {
  errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
});

afterAll(async () => {
  for (const app of [...openApps]) await closeApp(app);
  jest.restoreAllMocks();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${RUN_PREFIX}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    expect(await redis.keys(`${RUN_PREFIX}*`)).toEqual([]);
  } finally {
    await redis.quit();
  }
});

describe('BullmqJobQueue with workers in the same process (real Redis)', () => {
  let app: TestingModule;
  let jobs: JobQueue;
  let queue: Queue;
  let handlers: RedisTestHandlers;

  beforeAll(async () => {
    app = await startApp({ prefix: `${RUN_PREFIX}-same`, runWorkers: true });
    jobs = app.get(JobQueue);
    queue = app.get<Queue>(getQueueToken(JOBS_QUEUE_NAME));
    handlers = app.get(RedisTestHandlers);
  });

  it('is the JobQueue when a Redis URL is given, and pings Redis', async () => {
    expect(jobs).toBeInstanceOf(BullmqJobQueue);
    expect(jobs.mode).toBe('redis');
    await expect(jobs.ping()).resolves.toBe(true);
    expect(queue.opts.prefix).toBe(`${RUN_PREFIX}-same`);
    expect(app.get(BullmqJobsProcessor).worker.concurrency).toBe(2);
  });

  it('processes a job exactly once', async () => {
    const called = handlers.nextCall('bullmq.test.record', 'once');
    await jobs.add('bullmq.test.record', { key: 'once', value: 7 });

    expect((await called).payload).toEqual({ key: 'once', value: 7 });
    await waitFor(async () => (await jobsWhere(queue, ['completed'], 'once')).length === 1);
    expect(handlers.callsFor('bullmq.test.record', 'once')).toHaveLength(1);
  });

  it('stores default attempts, exponential backoff and bounded retention on the job', async () => {
    await jobs.add('bullmq.test.record', { key: 'opts', value: 1 }, { delayMs: 60_000 });

    const [job] = await jobsWhere(queue, ['delayed'], 'opts');
    expect(job.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
    await job.remove();
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    handlers.failuresLeft.set('retry', 2);
    await jobs.add('bullmq.test.flaky', { key: 'retry' }, { attempts: 5, backoffMs: 50 });

    await waitFor(async () => (await jobsWhere(queue, ['completed'], 'retry')).length === 1);
    const times = handlers.callsFor('bullmq.test.flaky', 'retry').map((c) => c.at);
    expect(times).toHaveLength(3);
    // 50 ms then 100 ms (a little slack for clock rounding).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(45);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(95);
  });

  it('gives up after the configured attempts and leaves the job failed', async () => {
    handlers.failuresLeft.set('hopeless', Number.POSITIVE_INFINITY);
    await jobs.add('bullmq.test.flaky', { key: 'hopeless' }, { attempts: 2, backoffMs: 10 });

    await waitFor(async () => (await jobsWhere(queue, ['failed'], 'hopeless')).length === 1);
    const [job] = await jobsWhere(queue, ['failed'], 'hopeless');
    expect(job.attemptsMade).toBe(2);
    expect(job.failedReason).toBe('planned failure for hopeless');
    expect(handlers.callsFor('bullmq.test.flaky', 'hopeless')).toHaveLength(2);
  });

  it('runs a delayed job after its delay', async () => {
    const called = handlers.nextCall('bullmq.test.record', 'delayed');
    const addedAt = Date.now();
    await jobs.add('bullmq.test.record', { key: 'delayed', value: 1 }, { delayMs: 300 });

    expect(await jobsWhere(queue, ['delayed'], 'delayed')).toHaveLength(1);
    expect((await called).at - addedAt).toBeGreaterThanOrEqual(295);
  });

  it('ignores a second add with the same jobId while the first is pending, and frees the id afterwards', async () => {
    const first = handlers.nextCall('bullmq.test.record', 'dedupe', 1);
    await jobs.add('bullmq.test.record', { key: 'dedupe', value: 1 }, { jobId: 'dedupe-id', delayMs: 150 });
    await jobs.add('bullmq.test.record', { key: 'dedupe', value: 2 }, { jobId: 'dedupe-id', delayMs: 150 });
    await jobs.add('bullmq.test.record', { key: 'dedupe', value: 3 }, { jobId: 'dedupe-id' });
    expect(await jobsWhere(queue, ['delayed', 'waiting'], 'dedupe')).toHaveLength(1);

    await first;
    await waitFor(async () => (await jobsWhere(queue, ['completed'], 'dedupe')).length === 1);
    // Finished: the same id is accepted again (a plain BullMQ jobId would still block it here).
    const again = handlers.nextCall('bullmq.test.record', 'dedupe', 4);
    await jobs.add('bullmq.test.record', { key: 'dedupe', value: 4 }, { jobId: 'dedupe-id' });
    await again;

    expect(
      handlers.callsFor('bullmq.test.record', 'dedupe').map((c) => (c.payload as { value: number }).value),
    ).toEqual([1, 4]);
  });

  it('fails a job with no handler at once and logs it', async () => {
    await jobs.add('bullmq.test.orphan', { key: 'orphan' }, { attempts: 5, backoffMs: 10 });

    await waitFor(async () => (await jobsWhere(queue, ['failed'], 'orphan')).length === 1);
    const [job] = await jobsWhere(queue, ['failed'], 'orphan');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('No @JobHandler registered for job "bullmq.test.orphan"');
    expect(
      errorLog.mock.calls.filter(([message]) => String(message).includes('no @JobHandler registered')),
    ).toHaveLength(1);
  });
});

describe('API instance with workers off + separate worker process (real Redis)', () => {
  it('leaves jobs in Redis for the worker instance, which runs them', async () => {
    const prefix = `${RUN_PREFIX}-split`;
    const api = await startApp({ prefix, runWorkers: false });
    const apiHandlers = api.get(RedisTestHandlers);
    const apiQueue = api.get<Queue>(getQueueToken(JOBS_QUEUE_NAME));
    expect(() => api.get(BullmqJobsProcessor)).toThrow();

    await api.get(JobQueue).add('bullmq.test.record', { key: 'split', value: 42 });
    expect(await jobsWhere(apiQueue, ['waiting'], 'split')).toHaveLength(1);

    const worker = await startApp({ prefix, runWorkers: true });
    const workerHandlers = worker.get(RedisTestHandlers);
    expect((await workerHandlers.nextCall('bullmq.test.record', 'split')).payload).toEqual({ key: 'split', value: 42 });
    await waitFor(async () => (await jobsWhere(apiQueue, ['completed'], 'split')).length === 1);

    expect(workerHandlers.callsFor('bullmq.test.record', 'split')).toHaveLength(1);
    expect(apiHandlers.calls).toHaveLength(0);
    await closeApp(worker);
    await closeApp(api);
  });
});

describe('BullmqJobQueue without Redis (docs/domain.md, "Redis away")', () => {
  it('addSoon neither waits nor throws, add rejects within its bound, when Redis is unreachable', async () => {
    const app = await startApp({ prefix: `${RUN_PREFIX}-never`, runWorkers: false, redisUrl: 'redis://127.0.0.1:1' });
    const jobs = app.get(JobQueue);

    const startedAt = Date.now();
    for (let i = 0; i < 2000; i++) jobs.addSoon('bullmq.test.record', { key: 'never', value: i });
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await expect(jobs.add('bullmq.test.record', { key: 'never', value: -1 })).rejects.toBeInstanceOf(
      JobQueueUnavailableError,
    );
    expect(Date.now() - startedAt).toBeLessThan(8000);
    await closeApp(app);
  });

  it('keeps what addSoon could not queue while Redis was away, and queues it once it is back', async () => {
    const redis = await ThrowawayRedis.start();
    try {
      const app = await startApp({ prefix: `${RUN_PREFIX}-away`, runWorkers: true, redisUrl: redis.url });
      const jobs = app.get(JobQueue);
      const handlers = app.get(RedisTestHandlers);
      await waitFor(() => jobs.ping());
      await redis.kill();
      await waitFor(async () => !(await jobs.ping()));

      jobs.addSoon('bullmq.test.record', { key: 'away-a', value: 1 });
      jobs.addSoon('bullmq.test.record', { key: 'away-b', value: 1 }, { jobId: 'away-b' });
      // Same jobId while the first is kept: ignored, as the queue would.
      jobs.addSoon('bullmq.test.record', { key: 'away-b', value: 2 }, { jobId: 'away-b' });
      jobs.addSoon('bullmq.test.record', { key: 'away-c', value: 1 }, { delayMs: 200 });
      await new Promise((r) => setTimeout(r, 500));
      expect(handlers.calls).toEqual([]);

      await redis.resume();
      await handlers.nextCall('bullmq.test.record', 'away-a');
      await handlers.nextCall('bullmq.test.record', 'away-b');
      await handlers.nextCall('bullmq.test.record', 'away-c');
      await new Promise((r) => setTimeout(r, 300));
      expect(handlers.callsFor('bullmq.test.record', 'away-b').map((c) => c.payload)).toEqual([
        { key: 'away-b', value: 1 },
      ]);
      expect(handlers.calls).toHaveLength(3);
      await closeApp(app);
    } finally {
      await redis.kill();
    }
  }, 30_000);
});

describe('BullmqJobQueue health check', () => {
  it('answers false, quickly, when Redis is unreachable', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const timersBefore = timers();
    const app = await startApp({ prefix: `${RUN_PREFIX}-down`, runWorkers: false, redisUrl: 'redis://127.0.0.1:1' });
    const startedAt = Date.now();

    await expect(app.get(JobQueue).ping()).resolves.toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(3000);
    await closeApp(app);
    // Closing a never-connected ioredis client leaves its 2 s socket-destroy timer running; wait
    // it out so Jest does not see an open handle.
    await waitFor(() => timers() <= timersBefore, 5000);
  });
});
