/** Work for one key (a session) run one at a time per process, in order of arrival. What waits for its turn waits in
 * memory, holding nothing; a failed turn fails its caller alone and the next one runs. Used where the database would
 * serialise the work anyway (a transaction that starts by locking the session row), so that the waiting is done here
 * instead of by transactions each holding a pool connection (docs/domain.md, "The locked way, one at a time"). */
export class Lanes<K> {
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have work running or waiting (for tests). */
  get busy(): number {
    return this.tails.size;
  }
}
