/**
 * What the server and the web app's server entry (web/src/entry-server.tsx, built to
 * web/dist/server/entry-server.js) agree on: the server hands a render its data source and the
 * page's language and catalog, the entry answers the rendered app and the page's data block.
 * Types only (docs/decisions/008-server-rendered-pages.md).
 */

import type { RankHistoryData } from './api/history.js';
import type { RisingData } from './api/rising.js';
import type { SearchResponseDto } from './api/search.js';
import type { HubData, MainTopicData, PopularTopicsData, RankingData, TopicDto } from './api/topics.js';
import type { Language } from './constants.js';
import type { EmbedTheme } from './embed.js';
import type { RankingOrderId } from './rankings/orders.js';
import type { RankingWindowId } from './rankings/windows.js';
import type { ClientRouteName } from './routes.js';

/**
 * The server's own services, in process, answering exactly what the matching API route's `data`
 * holds (the shapes the browser receives), so the page's data and a later fetch of it agree.
 */
export interface PageDataSource {
  /** GET /api/topics/popular/{lang} */
  popularTopics(
    language: Language,
    params: { limit: number; offset?: number; type?: 'main' | 'sub' },
  ): Promise<PopularTopicsData>;
  /** GET /api/topics/main/{id}/{lang}?limit= */
  mainTopic(id: number, language: Language, limit: number): Promise<MainTopicData>;
  /** GET /api/topics/rising/{lang}: what is rising this week (the home page's block). */
  rising(language: Language): Promise<RisingData>;
  /**
   * GET /api/search/smart?q=&lang=&category=&tag= (the search page's results); `null` where that route
   * refuses the query (400: a query or filter too long), which the page then asks for and shows as such.
   */
  search(
    language: Language,
    params: { q: string; category?: string; tag?: string },
  ): Promise<SearchResponseDto | null>;
  /** GET /api/topics/{slugOrId}?language= (its `topic`), as the public sees it; `null` where the route answers 404. */
  topic(slugOrId: string, language: Language): Promise<TopicDto | null>;
  /** GET /api/search/rankings/topic/{topicId}?order=&window=: the whole ranking (the route's default limit). */
  ranking(topicId: number, order: RankingOrderId, window: RankingWindowId): Promise<RankingData>;
  /** GET /api/topics/{topicId}/rank-history: each proposition's rank over the last 90 days. */
  rankHistory(topicId: number): Promise<RankHistoryData>;
  /** GET /api/topics/main/{id}/hub?lang=&tags=&offset=: one page (HUB_PAGE_SIZE) of a main topic's sub-topics. */
  hub(id: number, language: Language, params: { tags: readonly string[]; offset: number }): Promise<HubData>;
}

export interface RenderRequest {
  /** The request's path and query. */
  url: string;
  language: Language;
  /**
   * The UI catalog of `language`, the one the page's catalog block carries: read only, and the same
   * object until a UI text changes (the renderer keeps an i18next instance per catalog object).
   */
  catalog: Record<string, string>;
  source: PageDataSource;
}

export interface RenderedPage {
  /** The page's HTTP status: 200, or 404 for a page whose subject does not exist (a missing topic). */
  status: number;
  /** The app's markup, for the inside of `<div id="root">`. */
  html: string;
  /** The text of the page's JSON data block (already safe inside a `<script>` element). */
  pageData: string;
}

/** Renders a server-rendered page; `null` for an address whose page is rendered in the browser only. */
export type RenderPage = (request: RenderRequest) => Promise<RenderedPage | null>;

/** The page's data block: the language it was rendered in and the query cache it was rendered with. */
export interface PageData {
  language: Language;
  /** TanStack Query's dehydrated state. */
  queries: unknown;
}

/**
 * A page rendered on the server, as the server sees it: the canonical form of its address's query (the
 * parameters its render reads, normalized as its own links write them). The server renders with that
 * only and caches one render per page, language, path and canonical query, so that `?utm_source=…`, a
 * typo in a parameter's name, `?page=01` or `?tags=b,a` costs no render and keeps no second copy.
 */
export interface ServerRenderedPage {
  readonly query: (params: URLSearchParams) => URLSearchParams;
}

/** What an embedded ranking shows (docs/decisions/029): the server reads it, the entry renders it. */
export interface EmbedRequest {
  language: Language;
  /** The UI catalog of `language` (read only, as RenderRequest's). */
  catalog: Record<string, string>;
  /** The topic, or `null` for one that does not exist (the embed then says so). */
  topic: TopicDto | null;
  /** Its top rows, as the ranking route answers them (its `rankings`); none for a missing topic. */
  rows: RankingData['rankings'];
  theme: EmbedTheme;
  /** The topic page's public address, where the embed links. */
  topicUrl: string;
  /** The live stream the embed's script follows (the ranking's event stream). */
  streamUrl: string;
}

/** The embed's markup, for the inside of its page's body (web/embed.html, which brings its style and script). */
export type RenderEmbed = (request: EmbedRequest) => string;

/** What web/dist/server/entry-server.js exports. */
export interface ServerEntry {
  renderPage: RenderPage;
  renderEmbed: RenderEmbed;
  /** The pages `renderPage` renders (SERVER_RENDERED_PAGES), with the canonical form of each one's query. */
  serverRenderedPages: Partial<Record<ClientRouteName, ServerRenderedPage>>;
}
