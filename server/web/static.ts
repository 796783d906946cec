import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerEmbedPage } from './embed-page.js';
import { type PageHandler, pageHandler } from './pages.js';
import { registerSeoRoutes } from './seo-routes.js';
import { loadServerRenderer } from './server-render.js';
import { withInlineStyles, withLowPriorityScripts } from './shell-head.js';

export interface WebApp {
  /** Answers every address that is not the API nor an asset (the error handler's not-found route). */
  pages: PageHandler;
  /** Adds the embedded ranking's page (/embed/*); called once the error handler is set, so its refusals use it. */
  registerEmbed: () => void;
}

/**
 * Serves the built web app: hashed assets cached for a year, and every other non-API path answered with
 * a page (`pageHandler`: the built index.html in the visitor's language, rendered on the server where the
 * web's server entry renders that page): 200 at the address of a page of common/routes.ts, 404 anywhere
 * else, at /404 and for a missing topic. The sitemap and robots.txt are served too.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  ctx: AppContext,
): Promise<WebApp> {
  registerSeoRoutes(app, ctx);
  const indexFile = distDir ? join(distDir, 'index.html') : undefined;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    return {
      pages: async (_request, reply) =>
        reply.status(404).send({
          success: false,
          error: { code: 'NOT_FOUND', message: 'The web app is not built (run npm run build)' },
        }),
      registerEmbed: () => registerEmbedPage(app, ctx, { renderEmbed: Promise.resolve(undefined) }),
    };
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
  const indexHtml = withInlineStyles(withLowPriorityScripts(readFileSync(indexFile, 'utf8')), distDir);
  const rendererLoading = loadServerRenderer(distDir).catch((error: unknown) => {
    // Pages are then served as the shell, which the browser renders: a bug to see in the log, not an outage.
    app.log.error({ err: error }, 'the server renderer could not be loaded: pages are served unrendered');
    return undefined;
  });
  return {
    pages: pageHandler(ctx, indexHtml, rendererLoading),
    registerEmbed: () =>
      registerEmbedPage(app, ctx, {
        distDir,
        renderEmbed: rendererLoading.then((renderer) => renderer?.renderEmbed),
      }),
  };
}
