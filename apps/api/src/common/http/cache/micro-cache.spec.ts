import { MicroCache } from './micro-cache';

describe('MicroCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 0));

  it('answers an entry until its time is up, then forgets it', () => {
    const cache = new MicroCache<string>(1_000, { maxEntries: 10, maxCost: 100 }, clock);
    cache.set('a', 'uno', 1);
    now = 999;
    expect(cache.get('a')).toBe('uno');
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when turned off', () => {
    const cache = new MicroCache<string>(0, { maxEntries: 10, maxCost: 100 }, clock);
    cache.set('a', 'uno', 1);
    expect(cache.get('a')).toBeUndefined();
    cache.lead('a');
    expect(cache.pending('a')).toBeUndefined();
  });

  it('stays within its entries and cost: expired entries go first, then the oldest', () => {
    const cache = new MicroCache<string>(1_000, { maxEntries: 3, maxCost: 10 }, clock);
    cache.set('viejo', 'v', 1);
    now = 500;
    cache.set('b', 'b', 1);
    cache.set('c', 'c', 1);
    now = 1_200;
    cache.set('d', 'd', 1);
    expect(cache.get('viejo')).toBeUndefined();
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['b', 'c', 'd']);
    cache.set('e', 'e', 1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(3);
    cache.set('grande', 'g', 9);
    expect([cache.get('c'), cache.get('d'), cache.get('e'), cache.get('grande')]).toEqual([
      undefined,
      undefined,
      'e',
      'g',
    ]);
    cache.set('enorme', 'x', 11);
    expect(cache.get('enorme')).toBeUndefined();
  });

  it('lets concurrent misses wait for the one computation under way', async () => {
    const cache = new MicroCache<string>(1_000, { maxEntries: 10, maxCost: 100 }, clock);
    const settle = cache.lead('a');
    const waiting = cache.pending('a');
    expect(waiting).toBeDefined();
    settle('respuesta');
    settle('otra');
    await expect(waiting).resolves.toBe('respuesta');
    expect(cache.pending('a')).toBeUndefined();
    const failed = cache.lead('b');
    const waitingB = cache.pending('b');
    failed(null);
    await expect(waitingB).resolves.toBeNull();
  });
});
