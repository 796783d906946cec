import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchClientRoute } from '../../common/routes.js';
import type { AppContext } from '../context.js';
import { readCacheFor } from '../db/read-cache.js';
import { bootCatalogTag, UI_TEXTS_TAG, withBootCatalog } from './boot-catalog.js';
import { pageLanguage, varyByLanguage, withHtmlLanguage } from './page-language.js';
import { registerSeoRoutes } from './seo-routes.js';
import { loadServerRenderer, pageDataSource, renderedAddress, renderedPage } from './server-render.js';

export type WebAppServer = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached so a deploy is
 * picked up at once, and every other non-API path answered with index.html (client-side routing): 200 at
 * the address of a page of common/routes.ts, 404 anywhere else and at /404, where the app shows its
 * not-found page. Every page is served in its visitor's language (`pageLanguage`). With `ctx`, topic
 * pages carry their own head tags (404 for a missing topic) and the sitemap and robots.txt are served.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  ctx?: AppContext,
): Promise<WebAppServer> {
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    if (ctx) registerSeoRoutes(app, ctx, undefined);
    return (_request, reply) =>
      reply.status(404).send({
        success: false,
        error: { code: 'NOT_FOUND', message: 'The web app is not built (run npm run build)' },
      });
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The page itself is only served rewritten (language, catalog); /index.html is no page of the app,
    // and the server renderer's bundle (dist/server) is the server's own code, not a public asset.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.startsWith('/server/'),
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  if (ctx) registerSeoRoutes(app, ctx, indexHtml);
  const renderer = ctx ? await loadServerRenderer(distDir) : undefined;
  const source = ctx ? pageDataSource(ctx) : undefined;
  return async (request, reply) => {
    const language = pageLanguage(request);
    const shell = withHtmlLanguage(indexHtml, language);
    let html = ctx ? withBootCatalog(shell, await bootCatalogTag(ctx, language)) : shell;
    const [path = '', search = ''] = request.url.split('?', 2);
    const page = matchClientRoute(path);
    const served = renderer && page && renderer.pages[page];
    let status = page && page !== 'notFound' ? 200 : 404;
    if (renderer && ctx && source && served) {
      const url = renderedAddress(path, new URLSearchParams(search), served.query);
      try {
        // One render per page, language and the query parameters it reads serves everyone for the read
        // cache's lifetime (1 s): a rendered page holds no one's own data (those parts are placeholders),
        // and it is dropped with the lists it shows (any change to how topics are listed) and with the
        // interface texts.
        const rendered = await readCacheFor(ctx.db).get(
          `rendered-page:${language}:${url}`,
          () => renderedPage(renderer.render, ctx, source, { shell: html, url, language }),
          { tagOf: () => UI_TEXTS_TAG },
        );
        if (rendered) ({ html, status } = rendered);
      } catch (error) {
        // The browser still renders the page from the shell; the failure is a bug to see in the log.
        request.log.error({ err: error, url: request.url }, 'server render failed; served the shell');
      }
    }
    varyByLanguage(reply).status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return sendCompressed(request, reply, html);
  };
}

/** An encoding the client accepts (q above 0), brotli first, as @fastify/compress prefers. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * Sends a page, compressed. Pages answered from the not-found handler (every page but a topic's) are no
 * route of @fastify/compress, which hooks routes as they are added: without this they went out whole
 * (53 KB for the home page, 32 KB of it its catalog block). Where the plugin does hook the route, it
 * compresses.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding =
    typeof reply.compress === 'function' ? undefined : acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
      : gzipSync(html);
  return reply
    .header('content-encoding', encoding)
    .header('vary', `${reply.getHeader('vary') ?? ''}, Accept-Encoding`.replace(/^, /, ''))
    .send(body);
}
