import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../../clock/clock.js';
import type { Config } from '../../config.js';
import { errors } from '../errors.js';
import { Counters } from './counters.js';
import { LocalCounterStore } from './local-counter-store.js';
import { ResilientStore } from './resilient-store.js';

/** A Redis command that takes longer than this is given up, and the request counted in this process. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Rate limits, per route (`config.rateLimit`). With REDIS_URL the counters live in Redis so that a limit
 * holds across every app server; without it, or while Redis is unreachable, each process counts alone.
 * Answers the Redis client (for the health report) and counters for limits the app applies itself.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  clock: Clock,
): Promise<{ redis: Redis | undefined; counters: Counters }> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // Fail a command at once while disconnected rather than queue it until Redis returns.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 1_000,
        // Keep trying to reconnect, at most every 2 s.
        retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      })
    : undefined;
  if (redis) {
    // ioredis reports every failed reconnection as an 'error' event; the store logs the outage once.
    redis.on('error', () => undefined);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  const stores = redis
    ? ResilientStore.forRedis(redis, config.rateLimitNamespace, app.log, clock)
    : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(stores ? { store: stores.pluginStore } : {}),
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.ceil(context.ttl / 1000)),
  });
  return { redis, counters: new Counters(stores?.plain ?? new LocalCounterStore(clock)) };
}

/** 'up' or 'down' within a second, for /api/health; undefined when no Redis is configured. */
export async function redisHealth(redis: Redis | undefined): Promise<'up' | 'down' | undefined> {
  if (!redis) return undefined;
  if (redis.status !== 'ready') return 'down';
  try {
    await redis.ping();
    return 'up';
  } catch {
    return 'down';
  }
}
