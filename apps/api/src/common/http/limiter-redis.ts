import type { Logger } from '@nestjs/common';
import Redis from 'ioredis';

/** How long a rate limiter waits for Redis before counting in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 300;

/** A rate limiter's own Redis connection: it never queues a command while Redis is down (the limiter then counts in
 * memory) and logs one line when Redis goes and one when it is back. `what` names the limits in those lines, e.g.
 * 'los límites de inicio de sesión'. */
export function limiterRedis(url: string, logger: Logger, what: string): Redis {
  let away = false;
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 500, 2000),
  });
  // Without a listener ioredis would report every failed reconnection as an unhandled error.
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    logger.error(`Redis no disponible para ${what} (se cuenta en memoria): ${error.message}`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger.warn(`Redis disponible de nuevo para ${what}: se cuenta en común`);
  });
  return redis;
}
