import { Injectable, Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobHandler } from './job-handler.decorator';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobQueue } from './job-queue';
import { QueueModule } from './queue.module';
import type { QueueModuleOptions } from './queue.constants';

declare module './job-map' {
  interface JobMap {
    'inproc.flaky': { key: string };
    'inproc.record': { key: string; value: number };
    'inproc.gate': { key: string };
    'inproc.json': { at: unknown };
    'inproc.orphan': { key: string };
    'inproc.dup': { key: string };
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Tiny polling for state that has no event of its own. */
async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}

@Injectable()
class TestHandlers {
  readonly calls: Array<{ name: string; key: string; payload: unknown; at: number }> = [];
  /** key -> how many more times 'inproc.flaky' should throw for it. */
  readonly failuresLeft = new Map<string, number>();
  readonly succeeded = new Map<string, Deferred>();
  /** key -> gate the 'inproc.gate' handler waits on. */
  readonly gates = new Map<string, Deferred>();
  readonly finished: string[] = [];
  running = 0;
  maxRunning = 0;

  success(key: string): Promise<void> {
    if (!this.succeeded.has(key)) this.succeeded.set(key, deferred());
    return (this.succeeded.get(key) as Deferred).promise;
  }

  gate(key: string): Deferred {
    if (!this.gates.has(key)) this.gates.set(key, deferred());
    return this.gates.get(key) as Deferred;
  }

  callsFor(name: string, key?: string) {
    return this.calls.filter((c) => c.name === name && (key === undefined || c.key === key));
  }

  @JobHandler('inproc.flaky')
  async flaky(payload: { key: string }): Promise<void> {
    this.calls.push({ name: 'inproc.flaky', key: payload.key, payload, at: Date.now() });
    const left = this.failuresLeft.get(payload.key) ?? 0;
    if (left > 0) {
      this.failuresLeft.set(payload.key, left - 1);
      throw new Error(`planned failure for ${payload.key}`);
    }
    this.success(payload.key);
    (this.succeeded.get(payload.key) as Deferred).resolve();
  }

  @JobHandler('inproc.record')
  async record(payload: { key: string; value: number }): Promise<void> {
    this.calls.push({ name: 'inproc.record', key: payload.key, payload, at: Date.now() });
    this.success(`${payload.key}:${payload.value}`);
    (this.succeeded.get(`${payload.key}:${payload.value}`) as Deferred).resolve();
  }

  @JobHandler('inproc.gate')
  async waitAtGate(payload: { key: string }): Promise<void> {
    this.calls.push({ name: 'inproc.gate', key: payload.key, payload, at: Date.now() });
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      await this.gate(payload.key).promise;
    } finally {
      this.running -= 1;
    }
    this.finished.push(payload.key);
  }

  @JobHandler('inproc.json')
  async json(payload: { at: unknown }): Promise<void> {
    this.calls.push({ name: 'inproc.json', key: '', payload, at: Date.now() });
  }

  @JobHandler('inproc.dup')
  async dupA(_payload: { key: string }): Promise<void> {}
}

@Injectable()
class DuplicateHandlers {
  @JobHandler('inproc.dup')
  async dupB(_payload: { key: string }): Promise<void> {}
}

describe('InProcessJobQueue', () => {
  let moduleRef: TestingModule;
  let closed: boolean;
  let jobs: JobQueue;
  let queue: InProcessJobQueue;
  let handlers: TestHandlers;
  let errorLog: jest.SpyInstance;
  let warnLog: jest.SpyInstance;

  async function start(options: Partial<QueueModuleOptions> = {}): Promise<void> {
    moduleRef = await Test.createTestingModule({
      imports: [QueueModule.forRoot({ runWorkers: true, ...options })],
      providers: [TestHandlers],
    }).compile();
    closed = false;
    await moduleRef.init();
    jobs = moduleRef.get(JobQueue);
    queue = jobs as InProcessJobQueue;
    handlers = moduleRef.get(TestHandlers);
  }

  async function stop(): Promise<void> {
    if (closed) return;
    closed = true;
    for (const gate of handlers?.gates.values() ?? []) gate.resolve();
    await moduleRef.close();
  }

  const logged = (spy: jest.SpyInstance, text: string | RegExp) =>
    spy.mock.calls.filter(([message]) =>
      typeof text === 'string' ? String(message).includes(text) : text.test(String(message)),
    );

  beforeEach(() => {
    errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    warnLog = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await stop();
    jest.restoreAllMocks();
  });

  it('is the JobQueue when no Redis URL is given, and answers ping', async () => {
    await start({ redisUrl: '' });
    expect(jobs).toBeInstanceOf(InProcessJobQueue);
    expect(jobs.mode).toBe('in-process');
    await expect(jobs.ping()).resolves.toBe(true);
    expect(moduleRef.get(JobHandlerRegistry).names()).toEqual(
      expect.arrayContaining(['inproc.flaky', 'inproc.record', 'inproc.gate', 'inproc.json', 'inproc.dup']),
    );
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    await start();
    handlers.failuresLeft.set('r1', 2);

    await jobs.add('inproc.flaky', { key: 'r1' }, { attempts: 5, backoffMs: 20 });
    await handlers.success('r1');
    await queue.whenIdle();

    const times = handlers.callsFor('inproc.flaky', 'r1').map((c) => c.at);
    expect(times).toHaveLength(3);
    // 20 ms then 40 ms (a couple of ms slack for clock rounding).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(18);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(38);
    expect(logged(warnLog, 'attempt 1/5 failed')).toHaveLength(1);
    expect(logged(warnLog, 'attempt 2/5 failed')).toHaveLength(1);
    expect(logged(errorLog, 'inproc.flaky')).toHaveLength(0);
  });

  it('gives up after the configured attempts and logs the failure', async () => {
    await start();
    handlers.failuresLeft.set('g1', Number.POSITIVE_INFINITY);

    await jobs.add('inproc.flaky', { key: 'g1' }, { attempts: 3, backoffMs: 1 });
    await queue.whenIdle();

    expect(handlers.callsFor('inproc.flaky', 'g1')).toHaveLength(3);
    expect(logged(errorLog, 'Job "inproc.flaky" failed after 3 attempt(s): planned failure for g1')).toHaveLength(1);
  });

  it('defaults to 5 attempts', async () => {
    await start();
    handlers.failuresLeft.set('d5', Number.POSITIVE_INFINITY);

    await jobs.add('inproc.flaky', { key: 'd5' }, { backoffMs: 1 });
    await queue.whenIdle();

    expect(handlers.callsFor('inproc.flaky', 'd5')).toHaveLength(5);
  });

  it('runs a delayed job only after its delay', async () => {
    await start();
    const addedAt = Date.now();

    await jobs.add('inproc.record', { key: 'delay', value: 1 }, { delayMs: 80 });
    expect(handlers.callsFor('inproc.record', 'delay')).toHaveLength(0);
    await handlers.success('delay:1');

    const [call] = handlers.callsFor('inproc.record', 'delay');
    expect(call.at - addedAt).toBeGreaterThanOrEqual(78);
  });

  it('ignores a second add with the same jobId while the first is pending, and frees the id afterwards', async () => {
    await start();

    await jobs.add('inproc.record', { key: 'dd', value: 1 }, { jobId: 'same', delayMs: 20 });
    await jobs.add('inproc.record', { key: 'dd', value: 2 }, { jobId: 'same', delayMs: 20 });
    await jobs.add('inproc.record', { key: 'dd', value: 3 }, { jobId: 'same' });
    await jobs.add('inproc.record', { key: 'dd', value: 4 }, { jobId: 'another' });
    await queue.whenIdle();
    expect(
      handlers
        .callsFor('inproc.record', 'dd')
        .map((c) => (c.payload as { value: number }).value)
        .sort(),
    ).toEqual([1, 4]);

    // Finished: the same id is accepted again.
    await jobs.add('inproc.record', { key: 'dd', value: 5 }, { jobId: 'same' });
    await queue.whenIdle();
    expect(handlers.callsFor('inproc.record', 'dd')).toHaveLength(3);
  });

  it('also dedupes while the first job is running', async () => {
    await start();

    await jobs.add('inproc.gate', { key: 'run' }, { jobId: 'busy' });
    await waitFor(() => handlers.running === 1);
    await jobs.add('inproc.gate', { key: 'run' }, { jobId: 'busy' });
    handlers.gate('run').resolve();
    await queue.whenIdle();

    expect(handlers.callsFor('inproc.gate', 'run')).toHaveLength(1);
  });

  it('never runs more jobs at once than the concurrency', async () => {
    await start({ concurrency: 2 });

    for (const key of ['c1', 'c2', 'c3', 'c4', 'c5']) await jobs.add('inproc.gate', { key });
    await waitFor(() => handlers.running === 2);
    expect(handlers.callsFor('inproc.gate').map((c) => c.key)).toEqual(['c1', 'c2']);

    handlers.gate('c1').resolve();
    await waitFor(() => handlers.callsFor('inproc.gate').length === 3);
    expect(handlers.running).toBe(2);

    for (const key of ['c2', 'c3', 'c4', 'c5']) handlers.gate(key).resolve();
    await queue.whenIdle();

    expect(handlers.finished.sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(handlers.maxRunning).toBe(2);
  });

  it('defaults to a concurrency of 4', async () => {
    await start();

    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) await jobs.add('inproc.gate', { key });
    await waitFor(() => handlers.running === 4);
    expect(handlers.callsFor('inproc.gate')).toHaveLength(4);

    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) handlers.gate(key).resolve();
    await queue.whenIdle();
    expect(handlers.maxRunning).toBe(4);
    expect(handlers.finished).toHaveLength(6);
  });

  it('on shutdown waits for the running job, drops pending ones and accepts nothing new', async () => {
    await start();

    await jobs.add('inproc.gate', { key: 'slow' });
    await jobs.add('inproc.record', { key: 'later', value: 1 }, { delayMs: 60_000 });
    await waitFor(() => handlers.running === 1);

    closed = true;
    let finishedWhenClosed: string[] | undefined;
    const closing = moduleRef.close().then(() => {
      finishedWhenClosed = [...handlers.finished];
    });
    await waitFor(() => logged(warnLog, 'dropped 1 pending job').length === 1);
    await jobs.add('inproc.record', { key: 'after-close', value: 1 });
    // Let the event loop turn a few times: close must still be waiting on the handler.
    for (let i = 0; i < 5; i += 1) await new Promise((r) => setImmediate(r));
    expect(finishedWhenClosed).toBeUndefined();

    handlers.gate('slow').resolve();
    await closing;

    expect(finishedWhenClosed).toEqual(['slow']);
    expect(handlers.callsFor('inproc.record')).toHaveLength(0);
    expect(logged(warnLog, 'dropped job "inproc.record"')).toHaveLength(1);
    await expect(jobs.ping()).resolves.toBe(false);
  });

  it('bounds the shutdown wait for a handler that never finishes', async () => {
    await start({ shutdownTimeoutMs: 50 });

    await jobs.add('inproc.gate', { key: 'stuck' });
    await waitFor(() => handlers.running === 1);
    closed = true;
    const startedAt = Date.now();
    await moduleRef.close();

    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(45);
    expect(handlers.finished).toEqual([]);
    expect(logged(warnLog, 'still running after 50 ms')).toHaveLength(1);
    handlers.gate('stuck').resolve();
  });

  it('fails a job with no handler loudly and does not retry it', async () => {
    await start();

    await jobs.add('inproc.orphan', { key: 'o' }, { attempts: 5, backoffMs: 1 });
    await queue.whenIdle();

    expect(logged(errorLog, 'Job "inproc.orphan" failed: no @JobHandler registered')).toHaveLength(1);
    expect(logged(warnLog, 'inproc.orphan')).toHaveLength(0);
  });

  it('passes payloads through JSON, like the Redis driver', async () => {
    await start();
    const payload = { at: new Date(0) };

    await jobs.add('inproc.json', payload);
    await queue.whenIdle();

    const [call] = handlers.callsFor('inproc.json');
    expect(call.payload).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(call.payload).not.toBe(payload);
  });

  it('does not run jobs added before the application has bootstrapped until it has', async () => {
    const ref = await Test.createTestingModule({
      imports: [QueueModule.forRoot({ runWorkers: true })],
      providers: [TestHandlers],
    }).compile();
    const early = ref.get(JobQueue) as InProcessJobQueue;
    const earlyHandlers = ref.get(TestHandlers);

    await early.add('inproc.record', { key: 'early', value: 1 });
    expect(earlyHandlers.calls).toHaveLength(0);
    await ref.init();
    await early.whenIdle();
    expect(earlyHandlers.callsFor('inproc.record', 'early')).toHaveLength(1);
    await ref.close();
  });

  it('refuses to boot when two providers handle the same job', async () => {
    const ref = await Test.createTestingModule({
      imports: [QueueModule.forRoot({ runWorkers: true })],
      providers: [TestHandlers, DuplicateHandlers],
    }).compile();

    await expect(ref.init()).rejects.toThrow(
      'job "inproc.dup" has 2 handlers: TestHandlers.dupA, DuplicateHandlers.dupB',
    );
    await ref.close();
  });
});
