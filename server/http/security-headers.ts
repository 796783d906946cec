import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. Helmet is middleware that sets the same static headers on
 * every response; @fastify/helmet rebuilds that middleware for each request, which was a visible
 * share of a small API call's CPU time. Here helmet runs once against a recorder, and each request
 * just copies the result.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => undefined,
  );
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  // A callback hook, not an async one: no promise per request for a copy of static headers.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
