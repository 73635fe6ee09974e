import { SenderPool } from './sender-pool';

describe('SenderPool', () => {
  it('runs its senders once per run, and a dispatch arriving during a run makes it look once more', async () => {
    let rounds = 0;
    const waiting: (() => void)[] = [];
    const pool = new SenderPool(3, async () => {
      rounds++;
      if (rounds <= 3) await new Promise<void>((resolve) => waiting.push(resolve));
    });
    const first = pool.dispatch();
    // Same run: the second dispatch joins it.
    const second = pool.dispatch();
    expect(second).toBe(first);
    expect(waiting).toHaveLength(3);
    for (const release of waiting) release();
    await first;
    // Three senders in the first round, three more because a dispatch arrived during it.
    expect(rounds).toBe(6);
  });

  it('fails the run when a sender fails (the queue retries the job), and the next dispatch starts a new run', async () => {
    let fail = true;
    const pool = new SenderPool(2, async () => {
      if (fail) throw new Error('base de datos');
    });
    await expect(pool.dispatch()).rejects.toThrow('base de datos');
    fail = false;
    await expect(pool.dispatch()).resolves.toBeUndefined();
  });
});
