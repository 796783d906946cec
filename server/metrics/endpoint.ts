import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import type { ErrorEnvelope } from '../../common/api/envelope.js';
import type { MetricsSettings } from '../config.js';
import { type ApiError, errors } from '../http/errors.js';

/** Where the metrics are read. */
export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries `token` as its bearer token. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first wrong character of a guess.
 */
export function carriesToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** The refusal of a scrape without the token (401 in the API's envelope, nothing of the token in it). */
const refusal = () => errors.unauthorized('A metrics token is required (Authorization: Bearer ...)');

/**
 * Serves the registry's text as Prometheus reads it, at GET /metrics: on the main port behind
 * METRICS_TOKEN (no token configured, no route: 404 like any unknown address), and on a listener of
 * its own at METRICS_PORT, started when the app is ready (a port in use stops the start) and closed with it.
 * Answers the listener, for tests to find its port.
 */
export function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  settings: MetricsSettings,
  host: string,
): { listener?: Server } {
  const { token, port } = settings;
  if (token) {
    const requireToken = async (request: FastifyRequest) => {
      if (!carriesToken(request.headers.authorization, token)) throw refusal();
    };
    app.get(METRICS_PATH, { schema: { hide: true }, onRequest: requireToken }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics()),
    );
  }
  if (port === undefined) return {};
  const listener = createServer((request, response) => void answerScrape(request, response));
  async function answerScrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return sendError(response, errors.notFound('Route'));
    if (token && !carriesToken(request.headers.authorization, token)) return sendError(response, refusal());
    let text: string;
    try {
      text = await registry.metrics();
    } catch (error) {
      app.log.error({ err: error }, 'metrics: could not collect');
      return sendError(response, errors.internal());
    }
    response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : text);
  }
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      const refuse = (error: Error) =>
        reject(
          new Error(
            `METRICS_PORT ${port} on ${host} cannot be opened (${error.message}): each app server needs a ` +
              'port of its own, or scrape the main port with METRICS_TOKEN',
            { cause: error },
          ),
        );
      listener.once('error', refuse);
      listener.listen(port, host, () => {
        listener.off('error', refuse);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    await new Promise((resolve) => listener.close(resolve));
  });
  return { listener };
}

function sendError(response: ServerResponse, error: ApiError): void {
  const body: ErrorEnvelope = { success: false, error: { code: error.code, message: error.message } };
  response.writeHead(error.statusCode, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
