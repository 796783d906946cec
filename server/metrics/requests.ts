import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { CLIENT_ROUTES, matchClientRoute } from '../../common/routes.js';

/** The `route` of every request no route and no page of the web app answers. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route a request is counted under: the pattern of the route that answered it (`/api/topics/:slugOrId`),
 * else, for a page of the web app (served by the not-found handler), the page's pattern (`/topic/:slug`),
 * else one shared label. Never the address as asked: made-up addresses would make a series each.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined) return pattern;
  if (request.method === 'GET' || request.method === 'HEAD') {
    const path = request.url.split('?')[0] ?? '';
    const page = path.startsWith('/api/') ? undefined : matchClientRoute(path);
    if (page) return CLIENT_ROUTES[page].path;
  }
  return UNMATCHED_ROUTE;
}

/** Times every answer, per method, route pattern and status class (2xx, 4xx...). */
export function observeRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'podium_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, per method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    // prom-client's default buckets (5 ms to 10 s) plus 1 ms and 2.5 ms: most reads are answered from memory.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: routeLabel(request),
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}
