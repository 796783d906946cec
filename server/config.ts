import { join, resolve } from 'node:path';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.default(30),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  REDIS_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_NAMESPACE: z.string().max(64).default('podium-rate-limit:'),
  BENCH_ROUTES: z.enum(['true', 'false']).default('false'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL schema to use instead of the default one (tests). */
  databaseSchema?: string;
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  adminEmail?: string;
  adminPassword?: string;
  seed: 'demo' | 'none';
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
}

/** Reads the environment of DESIGN.md's table; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, 'podium.sqlite')}`,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
    webDistDir: resolve(e.WEB_DIST_DIR ?? 'web/dist'),
    benchRoutes: e.BENCH_ROUTES === 'true',
  };
}
