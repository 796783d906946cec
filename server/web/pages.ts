import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../common/constants.js';
import { CLIENT_ROUTES, type ClientRouteName, matchClientRoute } from '../../common/routes.js';
import type { AppContext } from '../context.js';
import { READ_CACHE_TTL_MS, readCacheFor } from '../db/read-cache.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError } from '../http/errors.js';
import { PUBLIC_CACHE_CONTROL } from '../http/public-reads.js';
import { shareCardsOf } from '../modules/cards/service.js';
import { FeedsService } from '../modules/feeds/service.js';
import { RankingsService } from '../modules/rankings/service.js';
import { categoryIdOf } from '../modules/search/service.js';
import { topicTag } from '../modules/topics/caches.js';
import { TopicsService } from '../modules/topics/service.js';
import {
  bootCatalogTag,
  cachedUiCatalog,
  shippedCatalogTag,
  UI_TEXTS_TAG,
  withBootCatalog,
} from './boot-catalog.js';
import { isLanguageInAddress, pageLanguage, varyByLanguage, withHtmlLanguage } from './page-language.js';
import { TEXT_PAGE_HEADS, textPageHeadTags } from './page-meta.js';
import { ServedPage } from './served-page.js';
import { pageDataSource, renderedAddress, renderedPage, type ServerRenderer } from './server-render.js';
import { feedLinkTag, renderIndex, topicHeadTags, withHeadTags } from './topic-meta.js';

/** Ranking entries a topic page's head describes (its JSON-LD ItemList). */
const RANKING_IN_HEAD = 50;
const NOT_FOUND_PATH = '/404';
/**
 * Pages showing lists of topics ordered and counted by votes: a vote is not recorded against every list
 * it moves, so these lag by the read cache's lifetime (1 s), like the API's lists.
 */
const LISTING_PAGES: ReadonlySet<ClientRouteName> = new Set(['home', 'search']);
/**
 * Every other page is dropped by the change events of everything it shows (its topic, its main topic, the
 * listings, the texts); a lost change channel announces "everything changed" when it returns. The
 * lifetime only bounds what a missed event could cost, and keeps 200 topic pages in steady reading from
 * being rendered again 200 times a second.
 */
const PAGE_LIFETIME_MS = 60_000;
/** A page chosen by the visitor's cookie or Accept-Language: their browser keeps it and asks again each time. */
const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';

/**
 * A missing topic's page differs from another missing topic's only by the slug in its page data (the
 * query the browser would otherwise ask again). It is rendered once per language and query at this
 * stand-in (no slug has a tilde, so no topic can be found under it), and a made-up address gets it with its
 * own slug put in: a flood of made-up topic addresses costs a lookup each instead of a server render (7.9
 * ms of a core each in issue 32's bench). A slug that percent-decoding, JSON or the page's data block would
 * change (anything but letters, digits, `-`, `.` and `_`) is rendered as any page is.
 */
const MISSING_TOPIC_STAND_IN = 'missing~topic';
const VERBATIM_SLUG = /^[A-Za-z0-9._-]{1,255}$/;

const NOINDEX = '<meta name="robots" content="noindex">';

/** A page's own head: its title and tags, and whether its subject exists. */
interface PageHead {
  status: 200 | 404;
  title: string;
  tags: string;
  /** The read-cache tags of what the head shows: a change of any of them drops the page. */
  subjects: string[];
}

/** The head of a topic page whose topic does not exist. */
const MISSING_TOPIC_HEAD: PageHead = {
  status: 404,
  title: 'Podium',
  tags: NOINDEX,
  subjects: [],
};

/** Answers a request for a page of the web app (or any other non-API address: the not-found page). */
export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Serves every page of the web app from `indexHtml` (the built index.html): in the visitor's language
 * with its catalog block, with a topic's own head tags (or those of a page whose head is interface
 * texts, TEXT_PAGE_HEADS), rendered on the server when `renderer` renders that page, and with its status
 * (404 at an unknown address, at /404 and for a missing topic; 503 with the app's shell while the
 * database cannot be read, decision 008). Each page is built once per language and address and kept,
 * compressed, in the read cache for its lifetime (1 s for the lists ordered by votes, 60 s for the rest),
 * dropped by the changes of what it shows: the topics it lists (any change to how topics are listed
 * empties the cache), its topic and main topic, the interface texts. A page holds no one's own data
 * (those parts are placeholders), so one build serves every visitor.
 */
export function pageHandler(
  ctx: AppContext,
  indexHtml: string,
  rendererLoading: Promise<ServerRenderer | undefined>,
): PageHandler {
  // The renderer (React and the pages, ~150 ms to load) arrives after the server is ready: readiness does
  // not wait for it, and a page asked for before it has arrived waits for it instead.
  let renderer: ServerRenderer | undefined;
  const loaded = rendererLoading.then((arrived) => {
    renderer = arrived;
  });
  const topics = new TopicsService(ctx);
  const rankings = new RankingsService(ctx.db);
  const cards = shareCardsOf(ctx);
  const feeds = new FeedsService(ctx);
  const source = pageDataSource(ctx);
  const reads = readCacheFor(ctx.db);
  const unavailable = unavailablePages(indexHtml);

  async function topicHead(slugOrId: string, language: Language): Promise<PageHead> {
    try {
      const topic = await topics.topic(slugOrId.slice(0, 255), language);
      const [{ rankings: rows }, image, feed] = await Promise.all([
        rankings.ranking(topic.id, RANKING_IN_HEAD),
        cards.image(topic.id, language),
        feeds.topicFeedLink(topic, language),
      ]);
      const { publicUrl } = ctx.config;
      const head = topicHeadTags({ topic, rankings: rows, language, publicUrl, image, feed });
      const subjects = [topicTag(topic.id)];
      if (topic.mainTopicId !== null) subjects.push(topicTag(topic.mainTopicId));
      return { status: 200, ...head, subjects };
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 404) throw error;
      return MISSING_TOPIC_HEAD;
    }
  }

  /** The head of a page whose title and description are interface texts, in the page's language. */
  async function textPageHead(route: ClientRouteName, language: Language): Promise<PageHead | undefined> {
    const keys = TEXT_PAGE_HEADS[route];
    if (!keys) return undefined;
    const catalog = await cachedUiCatalog(ctx, language);
    const head = textPageHeadTags({ route, keys, catalog, language, publicUrl: ctx.config.publicUrl });
    // Its texts are its only subject: every page is filed under them already (UI_TEXTS_TAG).
    return { status: 200, ...head, subjects: [] };
  }

  /**
   * The feed discovery link of a category's page (the search page filtered by a category, as the app
   * links it: by slug or by name in any language); none for any other search.
   */
  async function categoryFeedTag(address: string, language: Language): Promise<string | undefined> {
    const category = new URLSearchParams(address.split('?', 2)[1] ?? '').get('category');
    if (!category) return undefined;
    const categoryId = categoryIdOf(await ctx.searchSnapshots.current(), category);
    const feed = categoryId === undefined ? undefined : await feeds.categoryFeedLink(categoryId, language);
    return feed && feedLinkTag(feed);
  }

  /** Builds a page; its address is a page's path (or /404) and, for a rendered page, the query it reads. */
  async function build(
    request: FastifyRequest,
    route: ClientRouteName,
    address: string,
    language: Language,
  ): Promise<{ page: ServedPage; subjects: string[] }> {
    const head =
      route === 'topic' ? await topicHead(topicSlug(address), language) : await textPageHead(route, language);
    if (head === MISSING_TOPIC_HEAD) {
      const html = await missingTopicHtml(request, address, language);
      if (html !== undefined) return { page: new ServedPage(404, html), subjects: [] };
    }
    const { status, html } = await rendered(request, route, address, language, head);
    const feedTag = route === 'search' ? await categoryFeedTag(address, language) : undefined;
    return {
      page: new ServedPage(status, feedTag ? withHeadTags(html, feedTag) : html),
      subjects: head?.subjects ?? [],
    };
  }

  /** The page's HTML: the shell with its head and catalog, rendered on the server where its route is. */
  async function rendered(
    request: FastifyRequest,
    route: ClientRouteName,
    address: string,
    language: Language,
    head: PageHead | undefined,
  ): Promise<{ status: number; html: string }> {
    let html = withHtmlLanguage(indexHtml, language);
    if (head) html = renderIndex(html, { language, title: head.title, tags: head.tags });
    // A page of one person's own (profile, notifications, back-office) is nothing for a search engine.
    else if (CLIENT_ROUTES[route].access !== 'public')
      html = html.replace('</head>', () => `  ${NOINDEX}\n  </head>`);
    html = withBootCatalog(html, await bootCatalogTag(ctx, language));
    let status: number = route === 'notFound' ? 404 : (head?.status ?? 200);
    if (renderer?.pages[route]) {
      try {
        const page = await renderedPage(renderer.render, ctx, source, {
          shell: html,
          url: address,
          language,
        });
        if (page) {
          html = page.html;
          status = Math.max(status, page.status);
        }
      } catch (error) {
        // A database out of reach is not the page's fault, and a page built without it is not kept.
        if (isDatabaseUnavailable(error)) throw error;
        // The browser still renders the page from the shell; the failure is a bug to see in the log.
        request.log.error({ err: error, url: request.url }, 'server render failed; served the shell');
      }
    }
    return { status, html };
  }

  /** A missing topic's page from the one rendered at the stand-in slug; undefined for a slug it cannot take. */
  async function missingTopicHtml(
    request: FastifyRequest,
    address: string,
    language: Language,
  ): Promise<string | undefined> {
    const slug = topicSegment(address);
    if (!renderer?.pages.topic || !VERBATIM_SLUG.test(slug)) return undefined;
    const query = address.split('?', 2)[1];
    const standIn = `/topic/${MISSING_TOPIC_STAND_IN}${query ? `?${query}` : ''}`;
    const template = await reads.get(
      `page:${language}:${standIn}`,
      async () => (await rendered(request, 'topic', standIn, language, MISSING_TOPIC_HEAD)).html,
      { tagOf: () => [UI_TEXTS_TAG], ttlMs: PAGE_LIFETIME_MS },
    );
    return template.replaceAll(MISSING_TOPIC_STAND_IN, slug);
  }

  return async (request, reply) => {
    await loaded;
    const language = pageLanguage(request);
    const [path = '', search = ''] = request.url.split('?', 2);
    const matched = matchClientRoute(path);
    // Every unknown address is the one not-found page: a flood of made-up addresses builds it once.
    const route = matched ?? 'notFound';
    const served = renderer?.pages[route];
    const at = matched ? path : NOT_FOUND_PATH;
    // A page the browser renders is the same shell at any address, but a topic's head is its own. A
    // rendered page is kept under its canonical address (what it reads, normalized): one copy each.
    const address = served
      ? renderedAddress(at, new URLSearchParams(search), served.query)
      : route === 'topic'
        ? at
        : route;
    try {
      const { page } = await reads.get(
        `page:${language}:${address}`,
        () => build(request, route, address, language),
        {
          tagOf: (built) => [UI_TEXTS_TAG, ...built.subjects],
          ttlMs: LISTING_PAGES.has(route) ? READ_CACHE_TTL_MS : PAGE_LIFETIME_MS,
          // A made-up topic's page (and the one not-found page) only pushes out other not-found pages.
          isMiss: (built) => built.page.status === 404,
        },
      );
      // A page whose language is in its address is everyone's: a shared cache keeps it a few seconds. One
      // whose language came from a cookie or Accept-Language is the visitor's browser's alone to keep.
      if (page.status === 200 && isLanguageInAddress(request))
        return page.send(request, reply, PUBLIC_CACHE_CONTROL);
      return page.send(request, varyByLanguage(reply), PRIVATE_PAGE_CACHE_CONTROL);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // A person gets a page, not the API's envelope: the app, in their language, which shows what it
      // cannot load and loads it once the database answers again.
      request.log.warn(
        { err: error, url: request.url },
        'database unavailable; served the app without its data',
      );
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return unavailable[language].send(request, varyByLanguage(reply), 'no-store');
    }
  };
}

/** The app's shell in each language with the texts Podium ships, answered 503. */
function unavailablePages(indexHtml: string): Record<Language, ServedPage> {
  const page = (language: Language) =>
    new ServedPage(503, withBootCatalog(withHtmlLanguage(indexHtml, language), shippedCatalogTag(language)));
  return Object.fromEntries(LANGUAGES.map((language) => [language, page(language)])) as Record<
    Language,
    ServedPage
  >;
}

/** The slug segment of a topic page's address as written (percent-encoded). */
function topicSegment(address: string): string {
  return address.split(/[/?]/)[2] ?? '';
}

/** The slug (or id) of a topic page's address, `/topic/{slug}` with or without a query. */
function topicSlug(address: string): string {
  const segment = topicSegment(address);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
