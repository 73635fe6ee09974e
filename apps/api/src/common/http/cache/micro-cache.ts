import { performance } from 'node:perf_hooks';

export interface MicroCacheLimits {
  maxEntries: number;
  /** Counted as each value's `cost` (its bytes, more or less). */
  maxCost: number;
}

/** Enough for every event and session list of a busy day with room for visitors' own answers, small enough that a
 * flood of distinct keys (one per made-up session token) costs a bounded amount of memory. */
export const DEFAULT_MICRO_CACHE_LIMITS: MicroCacheLimits = { maxEntries: 5_000, maxCost: 32 * 1024 * 1024 };

interface Slot<T> {
  value: T;
  cost: number;
  expires: number;
}

/** Answers kept for `ttlMs` (at most a second in this app) and then forgotten: nothing invalidates an entry, it
 * just expires. Bounded in entries and cost; when full, expired entries go first, then the oldest. Concurrent
 * misses of one key share one computation (`pending` / `lead`), so a crowd arriving as an entry expires sends
 * one query to the database, not one per visitor. `ttlMs` 0 turns it off: nothing is kept, nobody waits. */
export class MicroCache<T> {
  private readonly slots = new Map<string, Slot<T>>();
  private readonly inFlight = new Map<string, Promise<T | null>>();
  private cost = 0;

  constructor(
    readonly ttlMs: number,
    private readonly limits: MicroCacheLimits = DEFAULT_MICRO_CACHE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.slots.size;
  }

  get(key: string): T | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expires > this.now()) return slot.value;
    this.remove(key, slot);
    return undefined;
  }

  set(key: string, value: T, cost: number): void {
    if (this.ttlMs <= 0 || cost > this.limits.maxCost) return;
    const old = this.slots.get(key);
    if (old) this.remove(key, old);
    if (this.slots.size >= this.limits.maxEntries || this.cost + cost > this.limits.maxCost) this.makeRoom(cost);
    this.slots.set(key, { value, cost, expires: this.now() + this.ttlMs });
    this.cost += cost;
  }

  /** The computation of this key already under way, if any. */
  pending(key: string): Promise<T | null> | undefined {
    return this.inFlight.get(key);
  }

  /** Marks this key as being computed by the caller; the function returned settles it (with the answer, or null
   * when there is none to share: an error, an aborted request). Only the first call counts. */
  lead(key: string): (value: T | null) => void {
    if (this.ttlMs <= 0) return () => undefined;
    let settle!: (value: T | null) => void;
    const promise = new Promise<T | null>((resolve) => (settle = resolve));
    this.inFlight.set(key, promise);
    let settled = false;
    return (value) => {
      if (settled) return;
      settled = true;
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      settle(value);
    };
  }

  private makeRoom(cost: number): void {
    const now = this.now();
    for (const [key, slot] of this.slots) if (slot.expires <= now) this.remove(key, slot);
    // A Map iterates in insertion order: the first slots are the oldest.
    for (const [key, slot] of this.slots) {
      if (this.slots.size < this.limits.maxEntries && this.cost + cost <= this.limits.maxCost) break;
      this.remove(key, slot);
    }
  }

  private remove(key: string, slot: Slot<T>): void {
    this.slots.delete(key);
    this.cost -= slot.cost;
  }
}
