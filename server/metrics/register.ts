import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { exposeAppState } from './app-state.js';
import { serveMetrics } from './endpoint.js';
import { observeRequests } from './requests.js';

/** An app's metrics: its own registry, and the listener of METRICS_PORT when one is configured. */
export interface AppMetrics {
  registry: Registry;
  listener?: Server;
}

/**
 * Keeps and serves the app's metrics (docs/decisions/017-metrics.md): the requests' times, what the app
 * holds (ballots, caches, jobs, database pool, live streams), and Node's own figures. The mail's are
 * counted by the transport `countMail` wraps, made before this runs.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, registry: Registry): AppMetrics {
  observeRequests(app, registry);
  exposeAppState(ctx, registry);
  return { registry, ...serveMetrics(app, registry, ctx.config.metrics, ctx.config.host) };
}
