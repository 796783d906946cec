import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TopicDto } from '../../common/api/topics.js';
import type { Language } from '../../common/constants.js';
import { EMBED_LIMIT, EMBED_PATH_PREFIX, EMBED_THEMES, type EmbedTheme } from '../../common/embed.js';
import type { RenderEmbed } from '../../common/ssr.js';
import type { AppContext } from '../context.js';
import { readCacheFor } from '../db/read-cache.js';
import { ApiError, errors } from '../http/errors.js';
import { PUBLIC_CACHE_CONTROL } from '../http/public-reads.js';
import { RankingsService } from '../modules/rankings/service.js';
import { topicTag } from '../modules/topics/caches.js';
import { TopicsService } from '../modules/topics/service.js';
import { cachedUiCatalog, UI_TEXTS_TAG } from './boot-catalog.js';
import { escapeHtml } from './html.js';
import { isLanguageInAddress, pageLanguage, varyByLanguage } from './page-language.js';
import { ServedPage } from './served-page.js';
import { topicUrl } from './topic-meta.js';

/** As a topic page: dropped by its topic's changes, the lifetime only bounds a missed event (decision 008). */
const EMBED_LIFETIME_MS = 60_000;
/** The build's stylesheet link in index.html, as Vite writes it. */
const APP_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/;
/** The embed's script in Vite's manifest (vite.config.ts: the `embed` input). */
const EMBED_SCRIPT_SOURCE = 'src/embed/live.ts';

/** What the embed reads of its address: the rows it shows and its theme. */
interface EmbedOptions {
  limit: number;
  theme: EmbedTheme;
}

/**
 * Out-of-bounds or unreadable options are read as the nearest they can mean, not refused: the address is
 * pasted into other sites, where a 400 would be an empty frame that nobody there can read (decision 029).
 */
export function embedOptions(query: { limit?: unknown; theme?: unknown }): EmbedOptions {
  const asked = Number.parseInt(String(query.limit ?? ''), 10);
  const limit = Number.isFinite(asked)
    ? Math.min(EMBED_LIMIT.max, Math.max(EMBED_LIMIT.min, asked))
    : EMBED_LIMIT.default;
  const theme = EMBED_THEMES.find((name) => name === query.theme) ?? 'auto';
  return { limit, theme };
}

/**
 * `GET /embed/topic/{id}`: a topic's ranking as another site frames it (issue 38 part 2, decision 029).
 * Rendered on the server by the web's server entry (`renderEmbed`), with the app's stylesheet and the
 * embed's own small script (web/src/embed/live.ts), which follows the live stream. Kept in the read cache
 * per language and options, dropped by the topic's changes as its page is; public (ETag, 304, shared cache
 * for 5 s) when its language is in its address, as pages are. Only /embed/* may be framed (app.ts).
 */
export function registerEmbedPage(
  app: FastifyInstance,
  ctx: AppContext,
  {
    distDir,
    renderEmbed,
  }: {
    /** The web build; without one (or its server renderer), the route answers that the app is not built. */
    distDir?: string;
    renderEmbed: Promise<RenderEmbed | undefined>;
  },
): void {
  const shell = distDir ? embedShell(distDir) : undefined;
  const topics = new TopicsService(ctx);
  const rankings = new RankingsService(ctx.db);
  const reads = readCacheFor(ctx.db);

  async function build(
    render: RenderEmbed,
    wrap: NonNullable<typeof shell>,
    id: string,
    language: Language,
    { limit, theme }: EmbedOptions,
  ): Promise<{ page: ServedPage; subjects: string[] }> {
    const topic = await topicOrNull(topics, id, language);
    const rows = topic ? (await rankings.ranking(topic.id, limit)).rankings : [];
    const markup = render({
      language,
      catalog: await cachedUiCatalog(ctx, language),
      topic,
      rows,
      theme,
      topicUrl: topic ? topicUrl(ctx.config.publicUrl, topic.id, language) : ctx.config.publicUrl,
      streamUrl: topic ? `/api/topics/${topic.id}/events` : '',
    });
    const html = wrap({ language, theme, title: topic?.title, markup });
    return {
      page: new ServedPage(topic ? 200 : 404, html),
      subjects: topic ? [topicTag(topic.id)] : [],
    };
  }

  app.get(
    `${EMBED_PATH_PREFIX}topic/:id`,
    { schema: { hide: true }, config: { access: 'a ranking framed by any site (docs/decisions/029)' } },
    async (
      request: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, unknown> }>,
      reply,
    ) => {
      const render = await renderEmbed;
      if (!render || !shell) throw errors.notFound('The web app is not built (run npm run build): embed');
      const language = pageLanguage(request);
      const options = embedOptions(request.query);
      const id = request.params.id.slice(0, 255);
      const { page } = await reads.get(
        `embed:${language}:${id}:${options.limit}:${options.theme}`,
        () => build(render, shell, id, language, options),
        {
          tagOf: (built) => [UI_TEXTS_TAG, ...built.subjects],
          ttlMs: EMBED_LIFETIME_MS,
          isMiss: (built) => built.page.status === 404,
        },
      );
      if (page.status === 200 && isLanguageInAddress(request))
        return page.send(request, reply, PUBLIC_CACHE_CONTROL);
      return page.send(request, varyByLanguage(reply), 'private, no-cache');
    },
  );
}

async function topicOrNull(topics: TopicsService, id: string, language: Language): Promise<TopicDto | null> {
  try {
    return await topics.topic(id, language);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The embed's page around its markup: the app's stylesheet (cached a year by the browser) and the embed's script. */
function embedShell(distDir: string) {
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  const stylesheet = APP_STYLESHEET.exec(index)?.[1];
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>)
    : {};
  const script = manifest[EMBED_SCRIPT_SOURCE]?.file;
  const head = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The topic page is the one to index; its embeds on other sites are copies of its ranking.
    '<meta name="robots" content="noindex">',
    stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : '',
    script ? `<script type="module" src="/${script}"></script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return ({
    language,
    theme,
    title,
    markup,
  }: {
    language: Language;
    theme: EmbedTheme;
    title: string | undefined;
    markup: string;
  }) =>
    `<!doctype html>
<html lang="${language}" data-theme="${theme}">
  <head>
    ${head}
    <title>${escapeHtml(title ? `${title} · Podium` : 'Podium')}</title>
  </head>
  <body class="embed-body">${markup}</body>
</html>
`;
}
