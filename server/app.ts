import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { EMBED_PATH_PREFIX } from '../common/embed.js';
import { configureCacheBudget } from './cache/budget-for.js';
import { Changes } from './changes/dispatcher.js';
import { type Clock, systemClock } from './clock/clock.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import { followChanges } from './derived-state.js';
import { answerClientError } from './http/client-errors.js';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler.js';
import { loggedUrl } from './http/logged-url.js';
import { openApiTransform, openApiTransformObject } from './http/openapi.js';
import { registerPublicReads } from './http/public-reads.js';
import { registerRateLimits } from './http/rate-limit/register.js';
import { serializeUnchecked } from './http/responses.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { rejectUnsafeText } from './http/unsafe-text.js';
import { Lifecycle } from './lifecycle.js';
import { countMail } from './metrics/mail.js';
import { type AppMetrics, registerMetrics } from './metrics/register.js';
import { createMetricsRegistry } from './metrics/registry.js';
import { AccessTokens } from './modules/auth/access-tokens.js';
import { handleAccountLinkMail } from './modules/auth/account-links.js';
import { createGuards } from './modules/auth/guards.js';
import { resolveJwtSecret } from './modules/auth/jwt-secret.js';
import { pruneSessionsHourly } from './modules/auth/session-pruning.js';
import { Sessions } from './modules/auth/sessions.js';
import { categoryBaseTexts, tagBaseTexts } from './modules/catalogue/base-texts.js';
import { RankHistoryService } from './modules/history/service.js';
import { featureModules } from './modules/index.js';
import { IntegrityService } from './modules/integrity/service.js';
import { Outbox } from './modules/jobs/outbox.js';
import { pruneFinishedJobsDaily } from './modules/jobs/retention.js';
import { Jobs } from './modules/jobs/runner.js';
import { registerTestJobKinds } from './modules/jobs/test-kinds.js';
import { createMailTransport } from './modules/mail/transport.js';
import { NotificationMailer } from './modules/notification-mail/mailer.js';
import { NotificationStreams } from './modules/notifications/live.js';
import { registerNotificationProducers } from './modules/notifications/producers.js';
import { NotificationsService } from './modules/notifications/service.js';
import { liveRankings } from './modules/rankings/live.js';
import { SearchRepository } from './modules/search/repository.js';
import { SearchService } from './modules/search/service.js';
import { SearchSnapshots } from './modules/search/snapshot.js';
import { SearchVocabulary } from './modules/search/vocabulary.js';
import { TextsService } from './modules/texts/service.js';
import { topicBaseTexts } from './modules/topics/base-texts.js';
import { BallotCounting } from './modules/votes/counting.js';
import { registerWebApp } from './web/static.js';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The system's unless a test hands its own to move. */
  clock?: Clock;
}

export interface PodiumApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Kept only when METRICS_TOKEN or METRICS_PORT asks for them. */
  metrics?: AppMetrics;
}

/**
 * A client that sends its headers or its body too slowly gets a 408 and its socket closed. Node checks
 * these deadlines only every `connectionsCheckingInterval` (30 s by default), so the check runs at a
 * quarter of the shorter deadline. Responses are not bounded: a live stream stays open as long as it reads.
 */
function slowClientTimeouts(config: Config) {
  const headersTimeout = Math.min(config.requestHeadersTimeoutMs, config.requestTimeoutMs);
  return {
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(headersTimeout / 4))),
    },
  };
}

/** A hop count trusts that many proxies in front of the server, whatever their addresses. */
function trustedProxies(trust: number | string[]) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole server (API, docs, web app) without listening; tests call it directly. */
export async function buildApp({
  config,
  database,
  clock = systemClock,
}: BuildAppOptions): Promise<PodiumApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Secrets never reach a log line, whatever a future log statement includes.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.refreshToken',
          '*.accessToken',
          '*.token',
          '*.password_hash',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: 1024 * 1024,
    // request.ip is the client's address: every per-address limit (logins, password checks, live streams)
    // depends on it. Behind a reverse proxy, TRUST_PROXY names the proxies whose X-Forwarded-For is believed.
    ...(config.trustProxy !== undefined && { trustProxy: trustedProxies(config.trustProxy) }),
    ...slowClientTimeouts(config),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // One line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
  });
  // Sockets past the cap are closed as they arrive: a flood of clients cannot exhaust file descriptors.
  app.server.maxConnections = config.maxConnections;
  // The API speaks JSON only: any other body type is 415, not a string for the schema to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document answers; they are not checked on each request (see serializeUnchecked).
  app.setSerializerCompiler(serializeUnchecked);

  // Before any cache is made: every one of them charges this budget and reads this clock.
  configureCacheBudget(database.db, { maxBytes: config.cacheBudgetBytes, clock });
  const secret = await resolveJwtSecret(database, { configured: config.jwtSecret, dataDir: config.dataDir });
  const accessTokens = new AccessTokens(secret, config.accessTokenTtlSeconds, clock);
  const sessions = Sessions.create(database.db, config.refreshTokenTtlDays, secret, clock);
  // Jobs run once across the servers; the runner starts when the app is ready and waits for its jobs on close.
  const jobs = new Jobs(database, clock, app.log, config.jobs);
  pruneSessionsHourly(jobs, sessions, app.log);
  pruneFinishedJobsDaily(jobs);
  if (config.jobs.testDir) registerTestJobKinds(jobs, config.jobs.testDir);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());
  database.onConnectionLost((error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
  );
  const changes = new Changes(database, app.log, clock);
  await changes.start();
  app.addHook('onClose', async () => changes.close());
  const rankings = liveRankings(app, database.db, config.liveStreams);
  const { redis, counters } = await registerRateLimits(app, config, clock);
  // One repository (search's SQL) serves the vocabulary, the snapshots and the searches.
  const searchRepository = new SearchRepository(database.db, database.kind);
  const searchVocabulary = new SearchVocabulary(searchRepository, app.log);
  const searchSnapshots = new SearchSnapshots(database.db, searchRepository);
  // Each entity type's own texts are kept by its owner; the texts service reads and writes them there.
  const texts = new TextsService(database.db, {
    topic: topicBaseTexts,
    category: categoryBaseTexts,
    tag: tagBaseTexts,
  });
  const notifications = new NotificationsService({ db: database.db, database, changes, clock, texts });
  const notificationStreams = new NotificationStreams(
    database.db,
    notifications,
    app.log,
    config.liveStreams,
  );
  // As the ranking streams: open ones would keep the server from closing; browsers reconnect elsewhere.
  app.addHook('preClose', async () => notificationStreams.caps.endAll());
  const ctx: AppContext = {
    config,
    lifecycle: new Lifecycle(),
    clock,
    redis,
    counters,
    database,
    db: database.db,
    accessTokens,
    sessions,
    guards: createGuards(database.db, accessTokens),
    changes,
    jobs,
    outbox: new Outbox(jobs, clock),
    texts,
    notifications,
    notificationStreams,
    searchVocabulary,
    searchSnapshots,
    search: new SearchService(searchRepository, searchVocabulary, searchSnapshots),
    rankings,
  };
  followChanges(ctx);
  // Prometheus metrics only where they are read (decision 017): an app that serves none keeps none.
  const { token: metricsToken, port: metricsPort } = config.metrics;
  const metricsRegistry = metricsToken || metricsPort !== undefined ? createMetricsRegistry() : undefined;
  // Mail leaves by jobs only: a write enqueues its message in its own transaction (issue 35).
  const transport = createMailTransport(config.mail, app.log);
  const mail = metricsRegistry ? countMail(transport, metricsRegistry) : transport;
  handleAccountLinkMail(ctx, jobs, mail);
  new BallotCounting(ctx).registerJobs(jobs);
  new IntegrityService(ctx).registerJobs(jobs);
  new RankHistoryService(ctx).registerJobs(jobs, app.log);
  registerNotificationProducers(ctx);
  // Notification e-mail: at once from the writer's transaction, the daily digest, unsubscribe links (decision 033).
  new NotificationMailer(ctx, mail).register(jobs);
  app.addHook('onClose', async () => mail.close());

  // Before compression (it sees the answer's own bytes) and before any route (it learns the public ones).
  // Before the security headers too: a revalidation answered 304 before the route carries none of them
  // (a cache keeps the stored answer's own; a 304 has no body for them to guard), a third of its bytes.
  const { registerPreflight } = registerPublicReads(app, { changes, clock });
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The app is served over plain HTTP on localhost too; HSTS belongs to the TLS terminator.
      strictTransportSecurity: false,
    },
    // Only the embedded ranking may be framed, by any site (docs/decisions/029).
    { framablePrefix: EMBED_PATH_PREFIX },
  );
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Podium API',
        description: 'Community rankings: topics, personal top 3 votes, exact rankings.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.addHook('preValidation', rejectUnsafeText);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  const metrics = metricsRegistry && registerMetrics(app, ctx, metricsRegistry);
  const webApp = await registerWebApp(app, config.webDistDir, ctx);
  registerErrorHandling(app, { serveWebApp: webApp.pages });
  registerPreflight();
  webApp.registerEmbed();

  await app.register(
    async (api) => {
      for (const module of featureModules.public) await api.register(module, { ctx });
      await api.register(async (admin) => {
        // From this step on, every route requires an active administrator, checked before the body is read.
        admin.addHook('onRequest', ctx.guards.requireAdmin);
        for (const module of featureModules.admin) await admin.register(module, { ctx });
      });
    },
    { prefix: '/api' },
  );

  return { app, ctx, metrics };
}
