import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../common/constants.js';
import { CLIENT_ROUTES, type ClientRouteName } from '../../common/routes.js';
import type { AppContext } from '../context.js';
import { TopicsService } from '../modules/topics/service.js';
import { escapeXml } from './html.js';
import { pageUrl, TEXT_PAGE_HEADS } from './page-meta.js';
import { topicUrl } from './topic-meta.js';

/** Topics per sitemap file: with four hreflang alternates each, a file stays near 3 MB. */
export const SITEMAP_PAGE_SIZE = 5000;
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** What crawlers read besides the pages (whose head tags `pageHandler` writes): the sitemap and robots.txt. */
export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const topics = new TopicsService(ctx);
  const base = ctx.config.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  // Small catalogues get one sitemap; large ones an index of pages (the protocol caps a file at 50,000 URLs).
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    const total = await topics.repository.countActive();
    if (total <= SITEMAP_PAGE_SIZE) return reply.send(await urlSet(0, true));
    const pages = Math.ceil(total / SITEMAP_PAGE_SIZE);
    const entries = Array.from(
      { length: pages },
      (_, i) => `  <sitemap><loc>${escapeXml(`${base}/sitemaps/topics-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return reply.send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { page: string } }>(
    '/sitemaps/topics-:page.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const page = Number(request.params.page);
      if (!Number.isInteger(page) || page < 1 || page > 100_000) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(await urlSet((page - 1) * SITEMAP_PAGE_SIZE, page === 1));
    },
  );

  /** A page's entry: its address in the default language, its last change if known, one per language. */
  function localized(urlIn: (language: Language) => string, lastmod?: string): string {
    const alternates = LANGUAGES.map(
      (lng) => `<xhtml:link rel="alternate" hreflang="${lng}" href="${escapeXml(urlIn(lng))}"/>`,
    ).join('');
    const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
    return `<loc>${escapeXml(urlIn(DEFAULT_LANGUAGE))}</loc>${modified}${alternates}`;
  }

  async function urlSet(offset: number, withPages: boolean): Promise<string> {
    const rows = await topics.repository.activeTopicPage(offset, SITEMAP_PAGE_SIZE);
    const urls: string[] = [];
    // The pages that are not topics, once: in the only file, or the first of several.
    if (withPages) {
      urls.push(`  <url><loc>${escapeXml(`${base}/`)}</loc></url>`);
      for (const route of Object.keys(TEXT_PAGE_HEADS) as ClientRouteName[]) {
        const path = CLIENT_ROUTES[route].path;
        urls.push(`  <url>${localized((lng) => pageUrl(base, path, lng))}</url>`);
      }
    }
    for (const row of rows) {
      urls.push(
        `  <url>${localized((lng) => topicUrl(base, row.id, lng), row.updated_at.slice(0, 10))}</url>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="${XHTML_NS}">\n${urls.join('\n')}\n</urlset>\n`;
  }
}
