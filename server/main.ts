import { buildApp } from './app.js';
import { migrateToLatest, openConfiguredDatabase, prepareData } from './bootstrap.js';
import { loadConfig } from './config.js';

// The server renders pages with React, loaded when the app starts (server/web/server-render.ts):
// its production build unless told otherwise. Its development build rendered the home page at 83
// requests/s instead of 123, with a p99 of 341 ms instead of 154.
process.env.NODE_ENV ??= 'production';

const startedAt = performance.now();
const config = loadConfig();
const database = openConfiguredDatabase(config);
const { newerSchema } = await migrateToLatest(database, { allowNewerSchema: true });
const podium = await buildApp({ config, database });
const { app } = podium;
if (newerSchema.length > 0)
  app.log.warn(
    { migrations: newerSchema },
    'the database has migrations of a newer release: this server runs on them until it is upgraded',
  );
await prepareData(podium, app.log);

/**
 * A restart that drops nothing (docs/decisions/019): readiness fails at once; the server keeps serving for
 * SHUTDOWN_DRAIN_MS while load balancers notice; then it stops taking connections (a request arriving on a
 * kept-alive one gets 503 and may be sent elsewhere), ends its live streams with their reconnect hint,
 * finishes the requests in flight, hands back the jobs still running after their grace, and exits.
 */
async function shutdown(signal: string) {
  if (podium.ctx.lifecycle.isStopping) return;
  podium.ctx.lifecycle.stop();
  app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: readiness fails from now on');
  const forced = setTimeout(() => process.exit(1), config.shutdownDrainMs + 15_000);
  forced.unref();
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  app.log.info('shutting down: finishing in-flight requests');
  // Closing waits for every connection. Node closes those idle when it starts; a connection that falls idle
  // later (a live stream just ended, a response just sent to a proxy's kept-alive connection) would stay
  // open until its keep-alive timeout (72 s) or the proxy's next request on it. Behind nginx, whose
  // passive checks keep a server that answered 503 out for a while, that took up to the forced exit.
  // Closing them as they fall idle is safe: a request the proxy sends on one meanwhile is retried elsewhere.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
  await app.close();
  clearInterval(closeIdle);
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A port in use or a listener that cannot open: said in one log line an operator reads, then exit 1
  // (systemd tries again after RestartSec), rather than an uncaught exception's stack trace.
  app.log.fatal({ err: error }, `Podium could not start: ${(error as Error).message}`);
  await database.close();
  process.exit(1);
}
app.log.info(
  {
    url: `http://${config.host}:${config.port}`,
    database: database.kind,
    startMs: Math.round(performance.now() - startedAt),
  },
  'Podium is listening',
);
