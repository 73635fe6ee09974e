import { batchSizes } from '../../observability/metrics';

/** Requests for one key (a session) that arrive while the previous batch of that key is still at the database are
 * decided together: each key has at most one batch in flight per process; what arrives meanwhile waits and goes in
 * the next batch, at most `maxBatch` at a time. An idle key adds no delay: the first request waits only for the
 * rest of the current turn of the event loop (setImmediate), so requests parsed in the same turn share a batch.
 * `run` answers one result per input, in order (a `Failed` rejects that request alone); when it throws, every request
 * of that batch gets the error.
 * Design: docs/domain.md, "Bookings decided together". */
export class Coalescer<K, I, R> {
  private readonly waiting = new Map<K, Pending<I, R>[]>();
  private readonly busy = new Set<K>();

  constructor(
    private readonly run: (key: K, inputs: I[]) => Promise<(R | Failed)[]>,
    private readonly maxBatch = 64,
  ) {}

  submit(key: K, input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ input, resolve, reject });
      else {
        this.waiting.set(key, [{ input, resolve, reject }]);
        if (!this.busy.has(key)) {
          this.busy.add(key);
          setImmediate(() => void this.flush(key));
        }
      }
    });
  }

  private async flush(key: K): Promise<void> {
    const queue = this.waiting.get(key) ?? [];
    const batch = queue.splice(0, this.maxBatch);
    if (!queue.length) this.waiting.delete(key);
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
    if (this.waiting.has(key)) setImmediate(() => void this.flush(key));
    else this.busy.delete(key);
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
