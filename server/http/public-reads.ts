import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Changes } from '../changes/dispatcher.js';
import type { Clock } from '../clock/clock.js';
import { READ_CACHE_TTL_MS } from '../db/read-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's GET answer is the same for every caller who sends no Authorization header: a shared
     * cache (a CDN, nginx) may keep it for a few seconds and any origin may read it (decision 026).
     */
    publicRead?: boolean;
    /**
     * The answer changes only through writes the change events announce (a topic, its texts and tags), never
     * with time alone (unlike a ranking over a week, or the rising list): its kept ETag is believed longer.
     */
    changedOnlyByEvents?: boolean;
  }
}

/** `config` of a route whose GET answer is the same for everyone (see FastifyContextConfig.publicRead). */
export const PUBLIC_READ = { publicRead: true } as const;
/** `config` of a public route whose answer changes only by announced writes (see changedOnlyByEvents). */
export const PUBLIC_READ_CHANGED_BY_EVENTS = { publicRead: true, changedOnlyByEvents: true } as const;

/**
 * A shared cache keeps a public answer 5 s and serves it up to 30 s more while it asks again in the
 * background; a browser asks every time (max-age=0) and gets 304 while nothing changed.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
/** Anything that depends on the caller (a token, an account) is kept by no cache at all. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * A weak validator from the answer's bytes. A hash of what is sent changes whenever the answer does, by
 * construction, and is the same on every app server that sends the same answer: a version counter per
 * process would differ between servers behind one load balancer, and a missed change event would leave a
 * version standing while the answer moved. Weak, because the same answer is sent in several encodings.
 */
export function weakETag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether the request's If-None-Match names `etag` (weak comparison, RFC 9110 13.1.2; `*` matches). */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/** Adds `value` to the reply's Vary unless it is there. */
export function addVary(reply: FastifyReply, value: string): FastifyReply {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') return reply.header('vary', value);
  const current = String(vary);
  if (
    current
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(value.toLowerCase())
  )
    return reply;
  return reply.header('vary', `${current}, ${value}`);
}

/**
 * Answers 304 with no body when the request's If-None-Match names the answer's ETag; otherwise sets
 * it. The caller has set Cache-Control and Vary already: a 304 carries them as the 200 would.
 */
export function validated(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request, etag)) return false;
  reply.code(304);
  return true;
}

/** Headers a cross-origin reader of a public answer needs: any origin, never credentials. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
};
/** What a 304 answered before the route runs says beside its ETag: what the 200 would say. */
const NOT_MODIFIED_HEADERS = {
  ...CORS_HEADERS,
  'cache-control': PUBLIC_CACHE_CONTROL,
  vary: 'Authorization',
};
/** A preflight for a public GET: the headers a reader may send are those that change no one's identity. */
const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD',
  'access-control-allow-headers': 'Accept-Language, If-None-Match',
  'access-control-max-age': '86400',
};

/** Whether a public route's request can be answered publicly: a read, without an Authorization header. */
function isAnonymousRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined
  );
}

/** A request to a public route, as its onRequest hook saw it. */
interface PublicRequest {
  /** A read without an Authorization header: its 200 is public. */
  anonymous: boolean;
  /** The kept ETags' generation when it arrived (see Revalidations.generation). */
  generation: number;
  /** How long its answer's ETag may be believed without building it again. */
  lifetimeMs: number;
}

/** How long a public answer's ETag is believed without building the answer again, when nothing changed. */
const REVALIDATION_LIFETIME_MS = READ_CACHE_TTL_MS;
/**
 * The same for an answer that changes only by announced writes: every change empties the kept ETags anyway,
 * so this bounds only what no event announces (data edited around the app). Ten times fewer revalidations
 * run the route (one per address every 10 s instead of every second), which is what made a small answer's
 * 304 cost as much as sending it.
 */
const EVENT_BOUND_REVALIDATION_LIFETIME_MS = 10_000;
/** Addresses whose ETag is kept at most: made-up addresses cannot grow it (decision 012). */
const MAX_REVALIDATIONS = 5_000;

/**
 * The ETags last answered at public addresses, so that a revalidation (If-None-Match) is answered 304
 * before the route runs. An entry is believed only while this process has seen no change at all (its own
 * writes, and those of other servers through the channel; a lost channel announces everything), and for
 * at most REVALIDATION_LIFETIME_MS: what changes with time alone (a ballot ageing out of a window, a list
 * the read cache refreshes after its second) is late by at most that (EVENT_BOUND_REVALIDATION_LIFETIME_MS
 * for a route whose answer nothing but announced writes changes). Every change empties it at once (a
 * write has emptied it before it answers: read your writes), and again one read-cache lifetime later, when
 * every list built before the change has been built anew.
 */
class Revalidations {
  private readonly etags = new Map<string, { etag: string; until: number }>();
  private later: NodeJS.Timeout | undefined;
  /**
   * Counts the emptyings: an answer is kept only if none happened while it was built, since a read that
   * began before a write and ends after it may carry what the write changed.
   */
  generation = 0;

  constructor(private readonly clock: Clock) {}

  etagOf(address: string): string | undefined {
    const kept = this.etags.get(address);
    if (kept === undefined) return undefined;
    if (this.clock.now() < kept.until) return kept.etag;
    this.etags.delete(address);
    return undefined;
  }

  keep(address: string, etag: string, builtIn: number, lifetimeMs: number): void {
    if (builtIn !== this.generation) return;
    // Full: start again rather than track ages (entries live seconds; ~200 bytes each at most).
    if (this.etags.size >= MAX_REVALIDATIONS && !this.etags.has(address)) this.etags.clear();
    this.etags.set(address, { etag, until: this.clock.now() + lifetimeMs });
  }

  /** Something changed: nothing kept is believed any more. */
  changed = (): void => {
    this.empty();
    clearTimeout(this.later);
    this.later = setTimeout(this.empty, READ_CACHE_TTL_MS);
    this.later.unref();
  };

  private readonly empty = (): void => {
    this.etags.clear();
    this.generation += 1;
  };

  close(): void {
    clearTimeout(this.later);
  }
}

/**
 * The API's caching and CORS rules (decision 026), for every answer under /api:
 * - a 200 of a public route (PUBLIC_READ) read without an Authorization header is `public` for 5 s in a
 *   shared cache, carries an ETag (the route's own, or a hash of its bytes) and is 304 to an If-None-Match
 *   that names it; it says `Vary: Authorization` so that a cache never hands it to a caller with a token;
 * - every other answer (a token's, an account's, an admin's, a write's, any refusal) is `private, no-store`;
 * - public routes allow GET from any origin (`Access-Control-Allow-Origin: *`, never with credentials), with a
 *   preflight at OPTIONS; no other route says anything to other origins.
 * Registered before @fastify/compress, so it sees the answer before it is compressed.
 */
export function registerPublicReads(
  app: FastifyInstance,
  { changes, clock }: { changes: Changes; clock: Clock },
): { registerPreflight: () => void } {
  const publicPaths: RegExp[] = [];
  const revalidations = new Revalidations(clock);
  const unsubscribe = changes.subscribe(revalidations.changed);
  app.addHook('onClose', async () => {
    unsubscribe();
    revalidations.close();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.publicRead === true && methods.includes('GET'))
      publicPaths.push(pathPattern(route.url));
  });

  // Fastify builds request.routeOptions anew at each read: it is read once, here, for the hooks below.
  const publicRequests = new WeakMap<FastifyRequest, PublicRequest>();
  app.addHook('onRequest', (request, reply, done) => {
    const { config } = request.routeOptions;
    if (config.publicRead !== true) return done();
    const anonymous = isAnonymousRead(request);
    const lifetimeMs =
      config.changedOnlyByEvents === true ? EVENT_BOUND_REVALIDATION_LIFETIME_MS : REVALIDATION_LIFETIME_MS;
    publicRequests.set(request, { anonymous, generation: revalidations.generation, lifetimeMs });
    if (!anonymous || request.headers['if-none-match'] === undefined) return done();
    // A revalidation of an answer nothing has changed since: 304 before the route runs (decision 026).
    const etag = revalidations.etagOf(request.url);
    if (etag === undefined || !matchesIfNoneMatch(request, etag)) return done();
    reply.headers(NOT_MODIFIED_HEADERS).header('etag', etag).code(304).send();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return done(null, payload);
    const publicRequest = publicRequests.get(request);
    if (publicRequest !== undefined) reply.headers(CORS_HEADERS);
    if (reply.statusCode !== 200 || publicRequest?.anonymous !== true) {
      // A route may tag its answer before it knows who asked (the ranking does): a private answer has none.
      reply.removeHeader('etag').header('cache-control', PRIVATE_CACHE_CONTROL);
      return done(null, payload);
    }
    addVary(reply.header('cache-control', PUBLIC_CACHE_CONTROL), 'Authorization');
    const own = reply.getHeader('etag');
    const etag =
      typeof own === 'string'
        ? own
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? weakETag(payload)
          : undefined;
    if (etag === undefined) return done(null, payload);
    revalidations.keep(request.url, etag, publicRequest.generation, publicRequest.lifetimeMs);
    return done(null, validated(request, reply, etag) ? '' : payload);
  });

  // A route takes the error handler set before it: the preflight is registered once the app's is, so that
  // its refusals (a NUL in its path) are in the envelope too.
  const registerPreflight = () =>
    app.options(
      '/api/*',
      { schema: { hide: true }, config: { access: 'the CORS preflight of public reads' } },
      async (request, reply) => {
        const path = request.url.split('?', 1)[0] ?? '';
        const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
        if ((asked === 'GET' || asked === 'HEAD') && publicPaths.some((pattern) => pattern.test(path))) {
          return reply
            .code(204)
            .headers(PREFLIGHT_HEADERS)
            .header('cache-control', PRIVATE_CACHE_CONTROL)
            .send();
        }
        // No CORS headers: the browser refuses the cross-origin request, as it did before preflights were answered.
        return reply.code(204).header('allow', 'GET, HEAD, POST, PUT, PATCH, DELETE').send();
      },
    );
  return { registerPreflight };
}

/** A route's path (`/api/topics/:slugOrId`) as a pattern of the addresses it serves. */
function pathPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
