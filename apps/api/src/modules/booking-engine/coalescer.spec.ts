import { Coalescer } from './coalescer';

/** A run that records its batches and answers when the test lets it. */
function recorder() {
  const batches: { key: string; inputs: number[] }[] = [];
  const gates: (() => void)[] = [];
  const coalescer = new Coalescer<string, number, string>(async (key, inputs) => {
    batches.push({ key, inputs });
    await new Promise<void>((resolve) => gates.push(resolve));
    return inputs.map((n) => `${key}:${n}`);
  }, 3);
  const openNext = async () => {
    while (!gates.length) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { batches, coalescer, openNext };
}

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
});
