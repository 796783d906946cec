import { createRequire } from 'node:module';
import type {
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
  FastifyRateLimitStore as RateLimitStore,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../../clock/clock.js';
import { LocalCounterStore } from './local-counter-store.js';

type Callback = Parameters<RateLimitStore['incr']>[1];
/** Both of the plugin's stores can also read a count without adding to it. */
export type CountingStore = RateLimitStore & Record<'read', RateLimitStore['incr']>;
type RouteLimitOptions = Parameters<RateLimitStore['child']>[0];

// The plugin's own stores: the counting rules stay the library's, this module only chooses between them.
const require = createRequire(import.meta.url);
export const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => CountingStore = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  namespace: string,
) => CountingStore = require('@fastify/rate-limit/store/RedisStore.js');

/**
 * Counts in Redis while it answers, and in this process while it does not: a Redis outage must not turn
 * a login into a 500, nor wait for Redis to time out. During the outage each app server limits on its
 * own (so a client spread over N servers gets up to N times the limit), which is the standing behaviour
 * without REDIS_URL; a warning is logged once per outage.
 */
export class ResilientStore implements RateLimitStore {
  protected constructor(
    private readonly shared: RateLimitStore,
    private readonly local: RateLimitStore,
    private readonly outage: Outage,
  ) {}

  /**
   * Stores over one Redis client sharing one outage log: the plugin's `store` option (a class it
   * constructs with its global options), and a plain one for counters of the app's own.
   */
  static forRedis(redis: Redis, namespace: string, log: FastifyBaseLogger, clock: Clock) {
    const outage = new Outage(redis, log, clock);
    const stores = (continueExceeding: boolean, exponentialBackoff: boolean) =>
      [
        new RedisStore(continueExceeding, exponentialBackoff, redis, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
      ] as const;
    const pluginStore: FastifyRateLimitStoreCtor = class extends ResilientStore {
      constructor(options: RateLimitPluginOptions) {
        super(...stores(options.continueExceeding === true, options.exponentialBackoff === true), outage);
      }
    };
    const plain = new ResilientStore(
      new RedisStore(false, false, redis, namespace),
      new LocalCounterStore(clock),
      outage,
    );
    return { pluginStore, plain };
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, callback, timeWindow, max);
  }

  /** The count so far without counting (the plugin's `{ increment: false }`). */
  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.run('read', key, callback, timeWindow, max);
  }

  private run(
    method: 'incr' | 'read',
    key: string,
    callback: Callback,
    timeWindow: number,
    max: number,
  ): void {
    const shared = this.shared as CountingStore;
    const local = this.local as CountingStore;
    // Not connected, or just failed: count here at once instead of waiting on Redis.
    if (!this.outage.usable) {
      this.outage.noticedDisconnected();
      local[method](key, callback, timeWindow, max);
      return;
    }
    shared[method](
      key,
      (error, result) => {
        if (!error) {
          this.outage.answered();
          return callback(null, result);
        }
        this.outage.noticed(error);
        local[method](key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteLimitOptions): RateLimitStore {
    return new ResilientStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }
}

/** After a failed command, counts stay in this process for this long before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 2_000;

/**
 * Whether Redis is to be used now. A failed command (a timeout on a hung Redis) sends the next ones to the
 * process for a while, so that one request does not wait out several timeouts in a row. One warning when
 * Redis stops answering, one line when it is back.
 */
class Outage {
  private down = false;
  private skipUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {
    redis.on('ready', () => {
      this.skipUntil = 0;
      if (!this.down) return;
      this.down = false;
      this.log.info('rate limits: Redis is back, counting there again');
    });
  }

  /** Redis is connected and has not just failed. */
  get usable(): boolean {
    return this.redis.status === 'ready' && this.clock.now() >= this.skipUntil;
  }

  /** Called when a count went to the process: a disconnection is an outage to report. */
  noticedDisconnected(): void {
    if (this.redis.status !== 'ready') this.noticed();
  }

  noticed(error?: Error): void {
    this.skipUntil = this.clock.now() + RETRY_REDIS_AFTER_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: error },
      'rate limits: Redis unavailable, counting in this process until it returns',
    );
  }

  /** A command went through: Redis answers again (after a hang, no 'ready' event comes). */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('rate limits: Redis is back, counting there again');
  }
}
