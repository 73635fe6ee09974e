import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES, normalizeEmail } from '@evreg/contracts';
import { AppError } from '../../common/app-error';
import { keyedHash } from '../../common/keyed-hash';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

const WINDOW_MS = 60_000;

/** The staff sign-in limits (docs/domain.md, "Staff accounts", rate limit). Failed sign-ins count per (normalised
 * e-mail address, IP), so one person mistyping locks out nobody else behind the same address; successful ones
 * don't count and clear the count. Refreshes count per refresh token, far above what a back office needs. Counted
 * in Redis when there is one (every instance agrees), in memory otherwise or while Redis is away. Keys are HMACs:
 * Redis holds no address, IP or token. */
@Injectable()
export class SignInLimits implements OnApplicationShutdown {
  private readonly store: RateLimitStore;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.store = config.redisUrl
      ? new RedisRateLimitStore(config.redisUrl, config.queuePrefix)
      : new MemoryRateLimitStore();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  /** Runs the sign-in unless this address has failed too often from this IP in the window (429 with Retry-After,
   * the password not even checked); a refused sign-in (401) counts one, a successful one clears the count. */
  async login<T>(email: string, ip: string, signIn: () => Promise<T>): Promise<T> {
    const key = `login:${keyedHash(this.config.appSecret, 'sign-in-limits', `${normalizeEmail(email)}\n${ip}`)}`;
    const { count, resetInMs } = await this.store.peek(key);
    if (count >= this.config.loginRateLimitPerMinute) {
      const seconds = retryAfterSeconds(resetInMs);
      throw tooMany(MESSAGES.login.tooManyFailures.replace('{seconds}', String(seconds)), seconds);
    }
    try {
      const result = await signIn();
      if (count > 0) await this.store.clear(key);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) await this.store.hit(key, WINDOW_MS);
      throw error;
    }
  }

  /** Counts one refresh of this refresh token; beyond the limit, 429 with Retry-After. A request without a bearer
   * token is not counted (it is refused without a database lookup). */
  async refresh(token: string | null): Promise<void> {
    if (!token) return;
    const key = `refresh:${keyedHash(this.config.appSecret, 'sign-in-limits', token)}`;
    const { count, resetInMs } = await this.store.hit(key, WINDOW_MS);
    if (count > this.config.refreshRateLimitPerMinute) {
      throw tooMany(MESSAGES.auth.tooManyRefreshes, retryAfterSeconds(resetInMs));
    }
  }
}

function retryAfterSeconds(resetInMs: number): number {
  return Math.max(1, Math.ceil(resetInMs / 1000));
}

function tooMany(message: string, seconds: number): AppError {
  return new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, undefined, { 'retry-after': String(seconds) });
}
