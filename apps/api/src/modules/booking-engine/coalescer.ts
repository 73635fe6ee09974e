import { batchSizes } from '../../observability/metrics';

/** How a key's batches grow with its crowd (docs/performance.md, "Batches that grow with the crowd"). */
export interface BatchLimits {
  /** The cap of a batch when the key's crowd is small. */
  minBatch: number;
  /** The cap however big the crowd (the statements' arrays grow with it). */
  maxBatch: number;
  /** The longest a batch waits for the rest of its crowd. */
  windowMs: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { minBatch: 64, maxBatch: 512, windowMs: 1 };

/** What the next batch of a key does, from the number of requests waiting and the size of the key's previous batch
 * (0: the key was idle). Pure: the rule of the window and the size.
 * - The cap is twice the previous batch, between minBatch and maxBatch: a bigger crowd, bigger batches.
 * - It goes at once when the key was idle or alone (a lone request waits for nothing), when as many are waiting as
 *   the previous batch had (the crowd is here), or when the cap is reached.
 * - Otherwise (fewer waiting than the crowd the previous batch showed: the rest of it is still on its way, often the
 *   answers of the previous batch turning into these visitors' next calls) it waits up to windowMs for them, then
 *   goes with whoever came. */
export function nextBatch(waiting: number, previous: number, limits: BatchLimits): { take: number; waitMs: number } {
  const cap = Math.min(limits.maxBatch, Math.max(limits.minBatch, 2 * previous));
  const take = Math.min(waiting, cap);
  const crowdHere = previous <= 1 || waiting >= previous || waiting >= cap;
  return { take, waitMs: crowdHere ? 0 : limits.windowMs };
}

/** Requests for one key (a session) that arrive while the previous batch of that key is still at the database are
 * decided together: each key has at most one batch in flight per process; what arrives meanwhile waits and goes in
 * the next batch, whose size and short wait follow the crowd (nextBatch). An idle key adds no delay: the first
 * request waits only for the rest of the current turn of the event loop (setImmediate), so requests parsed in the
 * same turn share a batch.
 * `run` answers one result per input, in order (a `Failed` rejects that request alone); when it throws, every request
 * of that batch gets the error.
 * Design: docs/domain.md, "Bookings decided together". */
export class Coalescer<K, I, R> {
  private readonly waiting = new Map<K, Pending<I, R>[]>();
  private readonly busy = new Set<K>();
  /** The size of each busy key's last batch. */
  private readonly previous = new Map<K, number>();
  /** Keys waiting out a window, with what ends it early. */
  private readonly windows = new Map<K, { target: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly run: (key: K, inputs: I[]) => Promise<(R | Failed)[]>,
    private readonly limits: BatchLimits = DEFAULT_BATCH_LIMITS,
  ) {}

  submit(key: K, input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push({ input, resolve, reject });
        const window = this.windows.get(key);
        if (window && queue.length >= window.target) this.endWindow(key, window.timer);
      } else {
        this.waiting.set(key, [{ input, resolve, reject }]);
        if (!this.busy.has(key)) {
          this.busy.add(key);
          setImmediate(() => void this.flush(key));
        }
      }
    });
  }

  /** After a batch: the next one now, after a window, or the key goes idle. */
  private next(key: K): void {
    const queue = this.waiting.get(key);
    if (!queue) {
      this.busy.delete(key);
      this.previous.delete(key);
      return;
    }
    const previous = this.previous.get(key) ?? 0;
    const { waitMs } = nextBatch(queue.length, previous, this.limits);
    if (!waitMs) {
      setImmediate(() => void this.flush(key));
      return;
    }
    this.windows.set(key, { target: previous, timer: setTimeout(() => this.endWindow(key), waitMs) });
  }

  private endWindow(key: K, timer?: NodeJS.Timeout): void {
    if (timer) clearTimeout(timer);
    this.windows.delete(key);
    void this.flush(key);
  }

  private async flush(key: K): Promise<void> {
    const queue = this.waiting.get(key) ?? [];
    const { take } = nextBatch(queue.length, this.previous.get(key) ?? 0, this.limits);
    const batch = queue.splice(0, take);
    if (!queue.length) this.waiting.delete(key);
    this.previous.set(key, batch.length);
    batchSizes.observe(batch.length);
    try {
      const results = await this.run(
        key,
        batch.map((p) => p.input),
      );
      batch.forEach((p, i) => {
        const result = results[i];
        if (result instanceof Failed) p.reject(result.error);
        else p.resolve(result);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
    this.next(key);
  }
}

/** One request's own error in a batch's answers. */
export class Failed {
  constructor(readonly error: unknown) {}
}

interface Pending<I, R> {
  input: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}
