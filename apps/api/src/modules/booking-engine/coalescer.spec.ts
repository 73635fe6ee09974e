import { BatchLimits, Coalescer, nextBatch } from './coalescer';

/** A run that records its batches and answers when the test lets it. */
function recorder(limits: BatchLimits = { minBatch: 3, maxBatch: 3, windowMs: 0 }) {
  const batches: { key: string; inputs: number[] }[] = [];
  const gates: (() => void)[] = [];
  const coalescer = new Coalescer<string, number, string>(async (key, inputs) => {
    batches.push({ key, inputs });
    await new Promise<void>((resolve) => gates.push(resolve));
    return inputs.map((n) => `${key}:${n}`);
  }, limits);
  const openNext = async () => {
    while (!gates.length) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { batches, coalescer, openNext };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('nextBatch: batches grow with the crowd', () => {
  const limits: BatchLimits = { minBatch: 64, maxBatch: 512, windowMs: 1 };

  it('an idle key goes at once, at most minBatch', () => {
    expect(nextBatch(1, 0, limits)).toEqual({ take: 1, waitMs: 0 });
    expect(nextBatch(100, 0, limits)).toEqual({ take: 64, waitMs: 0 });
  });

  it('the cap is twice the previous batch, between minBatch and maxBatch', () => {
    expect(nextBatch(500, 10, limits).take).toBe(64);
    expect(nextBatch(500, 100, limits).take).toBe(200);
    expect(nextBatch(2000, 400, limits).take).toBe(512);
  });

  it('goes at once when the crowd is here (as many waiting as the previous batch, or the cap) or was one request', () => {
    expect(nextBatch(30, 30, limits)).toEqual({ take: 30, waitMs: 0 });
    expect(nextBatch(40, 30, limits)).toEqual({ take: 40, waitMs: 0 });
    expect(nextBatch(1, 1, limits)).toEqual({ take: 1, waitMs: 0 });
  });

  it('waits up to the window for the rest of a crowd still on its way', () => {
    expect(nextBatch(10, 30, limits)).toEqual({ take: 10, waitMs: 1 });
  });
});

describe('Coalescer', () => {
  it('requests of one key made in the same turn go in one batch; each gets its own answer', async () => {
    const { batches, coalescer, openNext } = recorder();
    const answers = Promise.all([1, 2].map((n) => coalescer.submit('s1', n)));
    await openNext();
    expect(await answers).toEqual(['s1:1', 's1:2']);
    expect(batches).toEqual([{ key: 's1', inputs: [1, 2] }]);
  });

  it('one batch in flight per key: what arrives meanwhile waits for it, then goes together, at most maxBatch', async () => {
    const { batches, coalescer, openNext } = recorder();
    const first = coalescer.submit('s1', 1);
    await new Promise((r) => setImmediate(r));
    // The first batch is at the "database"; five more arrive.
    const later = Promise.all([2, 3, 4, 5, 6].map((n) => coalescer.submit('s1', n)));
    // Another key is not held up by s1's batch.
    const other = coalescer.submit('s2', 9);
    await openNext();
    expect(await first).toBe('s1:1');
    await openNext();
    expect(await other).toBe('s2:9');
    await openNext();
    await openNext();
    expect(await later).toEqual(['s1:2', 's1:3', 's1:4', 's1:5', 's1:6']);
    expect(batches).toEqual([
      { key: 's1', inputs: [1] },
      { key: 's2', inputs: [9] },
      { key: 's1', inputs: [2, 3, 4] },
      { key: 's1', inputs: [5, 6] },
    ]);
  });

  it('a failed batch rejects each of its requests, and the key keeps working', async () => {
    let fail = true;
    const coalescer = new Coalescer<string, number, number>(async (_key, inputs) => {
      if (fail) throw new Error('caída');
      return inputs.map((n) => n * 10);
    });
    const failed = await Promise.allSettled([1, 2].map((n) => coalescer.submit('s1', n)));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await coalescer.submit('s1', 3)).toBe(30);
  });

  it('after a batch of four, the next waits for four: a crowd arriving in two turns goes in one batch', async () => {
    const { batches, coalescer, openNext } = recorder({ minBatch: 64, maxBatch: 512, windowMs: 60_000 });
    const first = Promise.all([1, 2, 3, 4].map((n) => coalescer.submit('s1', n)));
    await turn();
    const early = [5, 6].map((n) => coalescer.submit('s1', n));
    await openNext();
    await first;
    await turn();
    // Two of the crowd are waiting, fewer than the previous batch: the window holds them for the other two.
    expect(batches).toHaveLength(1);
    const late = [7, 8].map((n) => coalescer.submit('s1', n));
    await openNext();
    expect(await Promise.all([...early, ...late])).toEqual(['s1:5', 's1:6', 's1:7', 's1:8']);
    expect(batches).toEqual([
      { key: 's1', inputs: [1, 2, 3, 4] },
      { key: 's1', inputs: [5, 6, 7, 8] },
    ]);
  });

  it('the window ends with whoever came: a request never waits longer than windowMs for a crowd that does not come', async () => {
    const { batches, coalescer, openNext } = recorder({ minBatch: 64, maxBatch: 512, windowMs: 20 });
    const first = Promise.all([1, 2, 3].map((n) => coalescer.submit('s1', n)));
    await turn();
    const alone = coalescer.submit('s1', 4);
    await openNext();
    await first;
    await openNext();
    expect(await alone).toBe('s1:4');
    expect(batches).toEqual([
      { key: 's1', inputs: [1, 2, 3] },
      { key: 's1', inputs: [4] },
    ]);
  });
});
