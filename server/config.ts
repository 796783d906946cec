import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CACHE_BUDGET_MB } from './cache/budget-for.js';

const positiveInt = z.coerce.number().int().positive();

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  BACKUP_DIR: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  PUBLISH_DEMO_PASSWORD: z.enum(['yes', 'no']).default('no'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  REDIS_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_NAMESPACE: z.string().max(64).default('podium-rate-limit:'),
  BENCH_ROUTES: z.enum(['true', 'false']).default('false'),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt.default(5_000),
  REQUEST_HEADERS_TIMEOUT_MS: positiveInt.default(10_000),
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  MAX_CONNECTIONS: positiveInt.default(10_000),
  LIVE_STREAMS_PER_ADDRESS: positiveInt.default(20),
  LIVE_STREAMS_PER_PROCESS: positiveInt.default(5_000),
  LIVE_STREAM_MAX_UNSENT_BYTES: positiveInt.default(256 * 1024),
  LIVE_EVENT_INTERVAL_MS: positiveInt.default(50),
  PASSWORD_FAILURES_PER_ACCOUNT: positiveInt.default(10),
  PASSWORD_CHECKS_PER_ADDRESS: positiveInt.default(30),
  PASSWORD_THROTTLE_MINUTES: positiveInt.default(15),
  NEW_PROPOSITIONS_PER_USER_PER_TOPIC_PER_DAY: positiveInt.default(6),
  NEW_PROPOSITIONS_PER_USER_PER_DAY: positiveInt.default(30),
  NEW_PROPOSITIONS_PER_ADDRESS_PER_DAY: positiveInt.default(60),
  BALLOTS_PER_USER_PER_MINUTE: positiveInt.default(10),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  JOBS_CONCURRENCY: positiveInt.default(2),
  JOBS_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  JOBS_TEST_DIR: z.string().optional(),
  CACHE_BUDGET_MB: positiveInt.default(DEFAULT_CACHE_BUDGET_MB),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      'an smtp:// or smtps:// address, for example smtp://user:password@mail.example:587',
    )
    .optional(),
  MAIL_FROM: z.string().min(3).default('Podium <no-reply@podium.invalid>'),
  RESET_REQUESTS_PER_HOUR: positiveInt.default(5),
  NOTIFICATION_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'at least 32 printable characters without spaces (a bearer token)')
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)?$/,
      'a hop count, or proxy addresses (CIDR allowed) separated by commas',
    )
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /**
   * PostgreSQL itself, when DATABASE_URL names a pooler in transaction mode (PgBouncer): the LISTEN
   * connection, the migrations and backups go here, since they need a session. DATABASE_URL by default.
   */
  databaseDirectUrl: string;
  /** Named prepared statements on the hot paths (off behind a pooler that does not keep them). */
  databasePreparedStatements: boolean;
  /** PostgreSQL schema to use instead of the default one (tests). */
  databaseSchema?: string;
  /** Where `npm run backup` writes when given no directory (BACKUP_DIR, else DATA_DIR/backups). */
  backupDir: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  adminEmail?: string;
  adminPassword?: string;
  seed: 'demo' | 'none';
  /**
   * Whether the demo accounts keep the password the README prints: on a server only this machine reaches,
   * or when PUBLISH_DEMO_PASSWORD=yes says so in so many words. Elsewhere they get random ones.
   */
  demoPasswordPublished: boolean;
  logLevel: string;
  publicUrl: string;
  authRateLimitPerMinute: number;
  redisUrl?: string;
  /** Prefix of the rate-limit counters in Redis (lets several deployments or test runs share one Redis). */
  rateLimitNamespace: string;
  /** Directory of the built web app; absent in API-only tests. */
  webDistDir?: string;
  /** Serves the benchmarks' baseline route, GET /api/bench/constant (`npm run bench` turns it on). */
  benchRoutes: boolean;
  /** How long a PostgreSQL connection attempt (or a wait for a pooled one) may take before a 503. */
  databaseConnectTimeoutMs: number;
  /** Slow clients: the time allowed to send the headers, and the whole request with its body. */
  requestHeadersTimeoutMs: number;
  requestTimeoutMs: number;
  /**
   * How long a server told to stop keeps serving while its readiness answers 503, so that a load balancer
   * polling it stops sending requests before it closes (0: closes at once).
   */
  shutdownDrainMs: number;
  /** Open sockets beyond this are closed as they arrive. */
  maxConnections: number;
  /**
   * The one budget of every in-process cache (reads, pages, rankings, search), in bytes
   * (server/cache/budget.ts). CACHE_BUDGET_MB is 64 by default, sized for a 512 MB machine: the server
   * holds about 175 MB of anonymous memory at rest (code, heap, the search snapshot, SQLite's page
   * cache), the garbage collector needs room to work beside what is live, and the system and its
   * other processes need the rest. 64 MB keep the pages, rankings and reads of a few hundred topics read
   * at once (a topic page is 78 to 180 KB, with its compressed copies), which is what a busy site reads
   * most; the rest are rebuilt in milliseconds.
   */
  cacheBudgetBytes: number;
  liveStreams: LiveStreamLimits;
  passwordThrottle: PasswordThrottleLimits;
  mail: MailSettings;
  creationLimits: CreationLimitSettings;
  /**
   * Which peers may tell the client's address (X-Forwarded-For): a number of proxy hops, or the proxies'
   * addresses. Unset, the socket's peer is the client, and forwarded headers are ignored.
   */
  trustProxy?: number | string[];
  jobs: JobsSettings;
  metrics: MetricsSettings;
}

/**
 * Where the Prometheus metrics are served (docs/decisions/017-metrics.md); neither set, nowhere, and the
 * app keeps no metrics at all.
 */
export interface MetricsSettings {
  /** A listener of its own on HOST that serves GET /metrics only (for a network the public cannot reach). */
  port?: number;
  /**
   * The bearer token GET /metrics asks for: on the main port, where the route exists only with it, and on
   * `port` too when both are set. Never logged.
   */
  token?: string;
}

/** The job runner (server/modules/jobs): how often it looks for due jobs, and how many it runs at once. */
export interface JobsSettings {
  /** 0: this server runs no jobs (it only serves requests). */
  pollIntervalMs: number;
  concurrency: number;
  /** How long a stopping server waits for its running jobs before handing them back to the others. */
  shutdownGraceMs: number;
  /** The fault tests' job kinds are registered, writing what they do into this directory (never in production). */
  testDir?: string;
}

/** What one voter may create: propositions in 24 hours (per topic, in all, per client address), ballots a minute. */
export interface CreationLimitSettings {
  propositionsPerUserPerTopic: number;
  propositionsPerUser: number;
  propositionsPerAddress: number;
  ballotsPerUserPerMinute: number;
}

/** Every password check (login, password change, e-mail change) counts against these, per window. */
export interface PasswordThrottleLimits {
  failuresPerAccount: number;
  checksPerAddress: number;
  windowMs: number;
}

/** Caps on the live-ranking event streams (server-sent events), which stay open for as long as a page does. */
export interface LiveStreamLimits {
  perAddress: number;
  perProcess: number;
  /** A stream whose client reads slower than events come is closed once this much waits unsent. */
  maxUnsentBytes: number;
  /** Changes to one topic within this window leave as one event. */
  eventIntervalMs: number;
}

/** Reads the environment of DESIGN.md's table; a bad value stops the start with a clear message. */
/** How e-mail leaves (issue 35): SMTP when `smtpUrl` is set, else each message is kept as a file. */
export interface MailSettings {
  /** smtp(s)://[user:password@]host:port; never logged (it may hold a password). */
  smtpUrl?: string;
  /** The sender, as "Name <address>". */
  from: string;
  /** Where each message is written as an .eml file when no SMTP server is set. */
  outboxDir: string;
  /** Links (password reset, confirmation again) one address or one client may ask for per hour. */
  linkRequestsPerHour: number;
  /** The hour (UTC, 0 to 23) the daily digest of notifications leaves (docs/decisions/033). */
  digestHourUtc: number;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** A server others can reach: it listens beyond this machine, or says it is served at an address that is not local. */
export function reachableByOthers(host: string, publicUrl: string): boolean {
  return !LOOPBACK.test(host) || !LOOPBACK.test(new URL(publicUrl).hostname);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` (set but empty) means what leaving NAME out means, as shells and compose files write it.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${join(dataDir, 'podium.sqlite')}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databaseDirectUrl: e.DATABASE_DIRECT_URL ?? databaseUrl,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    backupDir: resolve(e.BACKUP_DIR ?? join(dataDir, 'backups')),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    demoPasswordPublished:
      e.PUBLISH_DEMO_PASSWORD === 'yes' ||
      !reachableByOthers(e.HOST, e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`),
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
    webDistDir: resolve(e.WEB_DIST_DIR ?? 'web/dist'),
    benchRoutes: e.BENCH_ROUTES === 'true',
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    requestHeadersTimeoutMs: e.REQUEST_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    maxConnections: e.MAX_CONNECTIONS,
    cacheBudgetBytes: e.CACHE_BUDGET_MB * 1024 * 1024,
    liveStreams: {
      perAddress: e.LIVE_STREAMS_PER_ADDRESS,
      perProcess: e.LIVE_STREAMS_PER_PROCESS,
      maxUnsentBytes: e.LIVE_STREAM_MAX_UNSENT_BYTES,
      eventIntervalMs: e.LIVE_EVENT_INTERVAL_MS,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    creationLimits: {
      propositionsPerUserPerTopic: e.NEW_PROPOSITIONS_PER_USER_PER_TOPIC_PER_DAY,
      propositionsPerUser: e.NEW_PROPOSITIONS_PER_USER_PER_DAY,
      propositionsPerAddress: e.NEW_PROPOSITIONS_PER_ADDRESS_PER_DAY,
      ballotsPerUserPerMinute: e.BALLOTS_PER_USER_PER_MINUTE,
    },
    jobs: {
      pollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
      concurrency: e.JOBS_CONCURRENCY,
      shutdownGraceMs: e.JOBS_SHUTDOWN_GRACE_MS,
      testDir: e.JOBS_TEST_DIR,
    },
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: join(dataDir, 'mail'),
      linkRequestsPerHour: e.RESET_REQUESTS_PER_HOUR,
      digestHourUtc: e.NOTIFICATION_DIGEST_HOUR,
    },
    passwordThrottle: {
      failuresPerAccount: e.PASSWORD_FAILURES_PER_ACCOUNT,
      checksPerAddress: e.PASSWORD_CHECKS_PER_ADDRESS,
      windowMs: e.PASSWORD_THROTTLE_MINUTES * 60_000,
    },
  };
}

function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}
