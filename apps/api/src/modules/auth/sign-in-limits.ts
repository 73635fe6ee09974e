import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES, normalizeEmail } from '@evreg/contracts';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../../common/http/app-error';
import { keyedHash } from '../../common/crypto/keyed-hash';
import { limiterRedis } from '../../common/http/limiter-redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';

/** The window of both limits, in seconds. */
const WINDOW_SECONDS = 60;
/** How long a limit waits for Redis before counting in memory instead. */

/** The staff sign-in limits (docs/domain.md, "Staff accounts", rate limit), on rate-limiter-flexible. Failed
 * sign-ins count per (normalised e-mail address, IP), so one person mistyping locks out nobody else behind the same
 * address; successful ones don't count and clear the count. Refreshes count per refresh token, far above what a
 * back office needs. Counted in Redis when there is one (every instance agrees), in memory otherwise. Nothing waits
 * on Redis: while it is away (a command refused at once, or unanswered for 300 ms) each instance counts in memory
 * (the library's insurance limiter), so staff still sign in. Keys are HMACs: Redis holds no address, IP or token. */
@Injectable()
export class SignInLimits implements OnApplicationShutdown {
  private readonly logger = new Logger('SignInLimits');
  private readonly redis: Redis | null;
  private readonly failures: RateLimiterAbstract;
  private readonly refreshes: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redis = config.redisUrl ? limiterRedis(config.redisUrl, this.logger, 'los límites de inicio de sesión') : null;
    this.failures = this.limiter('login', config.loginRateLimitPerMinute);
    this.refreshes = this.limiter('refresh', config.refreshRateLimitPerMinute);
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  /** Runs the sign-in unless this address has failed too often from this IP in the window (429 with Retry-After,
   * the password not even checked); a refused sign-in (401) counts one, a successful one clears the count. */
  async login<T>(email: string, ip: string, signIn: () => Promise<T>): Promise<T> {
    const key = keyedHash(this.config.appSecret, 'sign-in-limits', `${normalizeEmail(email)}\n${ip}`);
    const counted = await this.failures.get(key);
    if (counted && counted.consumedPoints >= this.config.loginRateLimitPerMinute) {
      const seconds = retryAfterSeconds(counted.msBeforeNext);
      throw tooMany(MESSAGES.login.tooManyFailures.replace('{seconds}', String(seconds)), seconds);
    }
    try {
      const result = await signIn();
      if (counted) await this.failures.delete(key);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) await this.failures.penalty(key);
      throw error;
    }
  }

  /** Counts one refresh of this refresh token; beyond the limit, 429 with Retry-After. A request without a bearer
   * token is not counted (it is refused without a database lookup). */
  async refresh(token: string | null): Promise<void> {
    if (!token) return;
    try {
      await this.refreshes.consume(keyedHash(this.config.appSecret, 'sign-in-limits', token));
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      throw tooMany(MESSAGES.auth.tooManyRefreshes, retryAfterSeconds(refused.msBeforeNext));
    }
  }

  /** In Redis (`{QUEUE_PREFIX}:sign-in-limits:{name}:…`) with an in-memory insurance, or in memory alone. */
  private limiter(name: string, points: number): RateLimiterAbstract {
    const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
    if (!this.redis) return memory;
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${this.config.queuePrefix}:sign-in-limits:${name}`,
      points,
      duration: WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }
}

function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

function tooMany(message: string, seconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message, undefined, undefined, { 'retry-after': String(seconds) });
}
