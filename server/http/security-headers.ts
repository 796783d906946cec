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

/**
 * Sets helmet's headers on every answer. Answers of routes under `framablePrefix` (the embedded ranking, decision
 * 029) may be framed by any site: their policy says `frame-ancestors *` and they send no X-Frame-Options
 * (which cannot say "any site"); every other answer keeps the policy as given.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  { framablePrefix }: { framablePrefix: string },
): void {
  const headers = securityHeaders(options);
  // A callback hook, not an async one: no promise per request for a copy of static headers.
  const framable = securityHeaders(framableBy(options, '*'));
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route's pattern, not the address: `/embed/../admin` or an unknown `/embed/x` (the
    // not-found page, which is the whole app) is no embed and keeps the strict policy.
    reply.headers(request.routeOptions.url?.startsWith(framablePrefix) ? framable : headers);
    done();
  });
}

/** `options` with its frame-ancestors set to `ancestors` and without X-Frame-Options. */
function framableBy(options: HelmetOptions, ancestors: string): HelmetOptions {
  const policy = options.contentSecurityPolicy;
  const directives = typeof policy === 'object' ? policy.directives : undefined;
  return {
    ...options,
    contentSecurityPolicy: {
      ...(typeof policy === 'object' ? policy : {}),
      directives: { ...directives, frameAncestors: [ancestors] },
    },
    xFrameOptions: false,
    // Helmet's options are a union (HSTS vs its legacy name) that a spread does not narrow back to.
  } as HelmetOptions;
}
