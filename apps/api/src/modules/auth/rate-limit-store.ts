import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** A fixed-window counter: how many hits it holds and in how many milliseconds its window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/** Counters of the staff sign-in limits (docs/domain.md, "Staff accounts", rate limit). */
export interface RateLimitStore {
  /** Adds one to the key's counter (a new window of windowMs when none runs) and answers it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's counter, without counting. */
  peek(key: string): Promise<WindowCount>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** In this process only: embedded mode, and the fallback while Redis is away. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= 100_000) this.forgetEnded(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetInMs: window.endsAt - now });
  }

  peek(key: string): Promise<WindowCount> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return Promise.resolve({ count: 0, resetInMs: 0 });
    return Promise.resolve({ count: window.count, resetInMs: window.endsAt - now });
  }

  clear(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  private forgetEnded(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full of live windows (a flood of distinct keys): start afresh rather than grow without end.
    if (this.windows.size >= 100_000) this.windows.clear();
  }
}

/** INCR and, for a new window, PEXPIRE in one script: concurrent hits on any instance can't lose a count or leave
 * a counter without expiry. Answers { count, milliseconds left }. */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** How long a limit waits for Redis before counting in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

/** Shared by every instance through Redis, so they agree on the counts. Nothing waits on Redis: a command is
 * refused at once while the connection is down (no offline queue) and given up after 300 ms when Redis does not
 * answer; meanwhile this instance counts in memory (MemoryRateLimitStore), so staff still sign in. One log line
 * when Redis goes away and one when it is back. Only the staff sign-in routes use it, never a visitor's path. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly logger = new Logger('SignInLimits');
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimitStore();
  private away = false;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 500, 2000),
      lazyConnect: false,
    });
    // Without a listener ioredis would report every failed reconnection as an unhandled error.
    this.redis.on('error', (error: Error) => this.markAway(error));
    this.redis.on('ready', () => {
      if (!this.away) return;
      this.away = false;
      this.logger.warn('Redis disponible de nuevo: los límites de inicio de sesión vuelven a ser comunes');
    });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    } catch (error) {
      this.markAway(error as Error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async peek(key: string): Promise<WindowCount> {
    try {
      const answers = await this.redis.multi().get(this.key(key)).pttl(this.key(key)).exec();
      const count = Number(answers?.[0]?.[1] ?? 0);
      const ttl = Number(answers?.[1]?.[1] ?? -2);
      // The in-memory count of an outage still applies until its window ends.
      const local = await this.fallback.peek(key);
      if (local.count > count) return local;
      return ttl > 0 ? { count, resetInMs: ttl } : { count: 0, resetInMs: 0 };
    } catch (error) {
      this.markAway(error as Error);
      return this.fallback.peek(key);
    }
  }

  async clear(key: string): Promise<void> {
    await this.fallback.clear(key);
    try {
      await this.redis.del(this.key(key));
    } catch (error) {
      this.markAway(error as Error);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    this.redis.disconnect();
  }

  private key(key: string): string {
    return `${this.prefix}:sign-in-limits:${key}`;
  }

  private markAway(error: Error): void {
    if (this.away) return;
    this.away = true;
    this.logger.error(
      `Redis no disponible para los límites de inicio de sesión (se cuenta en memoria): ${error.message}`,
    );
  }
}
