import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { searchQuery } from '../../common/api/search.js';
import { RANKING_LIMIT_MAX } from '../../common/api/topics.js';
import { HUB_PAGE_SIZE, type Language, PAGE_DATA_ELEMENT_ID } from '../../common/constants.js';
import type { PageDataSource, RenderEmbed, RenderPage, ServerEntry } from '../../common/ssr.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { RankHistoryService } from '../modules/history/service.js';
import { rankingServicesByOrder } from '../modules/rankings/service.js';
import { RisingService } from '../modules/rising/service.js';
import { TopicsService } from '../modules/topics/service.js';
import { cachedUiCatalog } from './boot-catalog.js';

/** Where the app goes in the built index.html: the boot loader between these two comments. */
const OUTLET = /<!--app-->[\s\S]*?<!--\/app-->/;

/**
 * The web app's server renderer (web/src/entry-server.tsx, built by `npm run build` to
 * dist/server/entry-server.js), or undefined when that bundle is not built: every page is then served
 * as the shell the browser renders, as before.
 */
export async function loadServerRenderer(distDir: string): Promise<ServerRenderer | undefined> {
  const entry = join(distDir, 'server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as Partial<ServerEntry>;
  const { renderPage, serverRenderedPages: pages, renderEmbed } = module;
  if (!renderPage || !pages) return undefined;
  return { render: renderPage, pages, renderEmbed };
}

export interface ServerRenderer {
  render: RenderPage;
  /** The pages it renders, with each one's canonical query; every other page is served as the shell. */
  pages: ServerEntry['serverRenderedPages'];
  /** The embedded ranking's markup (docs/decisions/029); missing from a build made before it. */
  renderEmbed: RenderEmbed | undefined;
}

/**
 * The address a page is rendered at and cached under: its path and its query in the page's canonical
 * form (only what its render reads, normalized).
 */
export function renderedAddress(
  path: string,
  query: URLSearchParams,
  canonical: (params: URLSearchParams) => URLSearchParams,
): string {
  const search = canonical(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Drops the JSON round trip's differences (undefined fields, dates): the page gets what the API sends. */
const asSent = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The page data of a render, from the services the API routes call, in process. */
export function pageDataSource(ctx: AppContext): PageDataSource {
  const topics = new TopicsService(ctx);
  const rankings = rankingServicesByOrder(ctx.db);
  const rising = new RisingService(ctx);
  const history = new RankHistoryService(ctx);
  return {
    popularTopics: async (language, { limit, offset = 0, type }) =>
      asSent(await topics.popular(language, { limit, offset, type })),
    mainTopic: async (id, language, limit) => asSent(await topics.mainTopic(id, language, limit)),
    rising: async (language) => asSent(await rising.rising(language)),
    search: async (language, params) => {
      // The smart-search route's own reading of its query (trimmed, lengths checked).
      const query = searchQuery.safeParse(params);
      if (!query.success) return null;
      const { q = '', category, tag } = query.data;
      return asSent(
        await ctx.search.search('smart', { q, language, ...(category && { category }), ...(tag && { tag }) }),
      );
    },
    topic: async (slugOrId, language) => {
      try {
        return asSent(await topics.topic(slugOrId, language));
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
    ranking: async (topicId, order, window) =>
      asSent(await rankings[order].ranking(topicId, RANKING_LIMIT_MAX, { window })),
    rankHistory: async (topicId) => asSent(await history.history(topicId)),
    hub: async (id, language, { tags, offset }) =>
      asSent(
        await topics.hub(id, language, {
          // As the route reads `tags=a,b`.
          tagSlugs: tags.map((slug) => slug.trim()).filter(Boolean),
          offset,
          limit: HUB_PAGE_SIZE,
        }),
      ),
  };
}

/**
 * The page rendered on the server, or undefined when its address is not a server-rendered page (or the
 * shell has no outlet): the caller then serves the shell. `shell` already carries the page's language
 * and catalog block.
 */
export async function renderedPage(
  render: RenderPage,
  ctx: AppContext,
  source: PageDataSource,
  input: { shell: string; url: string; language: Language },
): Promise<{ html: string; status: number } | undefined> {
  if (!OUTLET.test(input.shell)) return undefined;
  // The cached object itself: the renderer keys its i18next instances on it, and only reads it.
  const catalog = await cachedUiCatalog(ctx, input.language);
  const page = await render({ url: input.url, language: input.language, catalog, source });
  if (!page) return undefined;
  const dataBlock = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${page.pageData}</script>`;
  const html = input.shell
    .replace(OUTLET, () => page.html)
    .replace('</head>', () => `  ${dataBlock}\n  </head>`);
  return { html, status: page.status };
}
