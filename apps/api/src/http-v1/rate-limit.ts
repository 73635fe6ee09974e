import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { keyedHash } from '../common/crypto/keyed-hash';
import { limiterRedis } from '../common/http/limiter-redis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { bearerToken } from '../modules/auth/tokens';

/** How long the count waits for Redis before counting in memory instead. */

/** One request's place in its window: what the RateLimit-* headers say. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
}

/** The /api/v1 request limit (docs/integrations-http.md, "Límite de peticiones"): API_V1_RATE_LIMIT requests per
 * API_V1_RATE_LIMIT_WINDOW_SECONDS for each bearer credential, or each IP address for requests without one, a fixed
 * window from the first request. Counted in Redis when there is one, so every instance shares the count; in memory
 * otherwise, and while Redis is away (the library's insurance limiter, as the sign-in limits). Keys are HMACs:
 * Redis holds no token and no address. */
@Injectable()
export class V1RateLimiter implements OnApplicationShutdown {
  private readonly logger = new Logger('ApiV1RateLimit');
  private readonly redis: Redis | null;
  private readonly limiter: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redis = config.redisUrl ? limiterRedis(config.redisUrl, this.logger, 'el límite de /api/v1') : null;
    const points = config.apiV1RateLimit;
    const duration = config.apiV1RateLimitWindowSeconds;
    const memory = new RateLimiterMemory({ points, duration });
    this.limiter = this.redis
      ? new RateLimiterRedis({
          storeClient: this.redis,
          keyPrefix: `${config.queuePrefix}:api-v1-rate`,
          points,
          duration,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory,
        })
      : memory;
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }

  /** Whose count a request goes to: its bearer credential (valid or not: a guessed token gets a count of its own and
   * a 401), else its IP address (request.ip: the proxy's client address only with TRUST_PROXY). */
  keyFor(authorization: string | undefined, ip: string): string {
    const token = bearerToken(authorization);
    return keyedHash(this.config.appSecret, 'api-v1-rate', token ? `token\n${token}` : `ip\n${ip}`);
  }

  /** Counts one request. */
  async consume(key: string): Promise<RateLimitState> {
    const limit = this.config.apiV1RateLimit;
    const windowSeconds = this.config.apiV1RateLimitWindowSeconds;
    let result: RateLimiterRes;
    let allowed = true;
    try {
      result = await this.limiter.consume(key);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      result = refused;
      allowed = false;
    }
    return {
      allowed,
      limit,
      remaining: Math.max(0, result.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
      windowSeconds,
    };
  }
}
