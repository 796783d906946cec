import type { ClientRouteName } from '../../../../common/routes.js';
import { loadHomePage } from '../../pages/home/load-home.js';
import { loadSearchPage } from '../../pages/search/load-search.js';
import { searchPageQuery } from '../../pages/search/search-queries.js';
import { topicPageQuery } from '../../pages/topic/hub-selection.js';
import { loadTopicPage } from '../../pages/topic/load-topic.js';
import type { ServerPage } from '../../shared/ssr/page-loader.js';

/**
 * The pages rendered on the server, each with the loader of its data and the canonical form of its
 * address's query (the server renders and caches with that only). A page not listed here is served as
 * the empty shell and rendered in the browser. Adding one is a line here, a loader beside the page,
 * and a method of `PageDataSource` if it needs a new kind of data.
 */
/** A page that reads nothing from its query: one page at any query. */
const noQuery = () => new URLSearchParams();

export const SERVER_RENDERED_PAGES: Partial<Record<ClientRouteName, ServerPage>> = {
  home: { load: loadHomePage, query: noQuery },
  search: { load: loadSearchPage, query: searchPageQuery },
  // Also the page of every address that is no page (the router's `*`): the server asks for it at /404.
  notFound: { load: async () => 404, query: noQuery },
  topic: { load: loadTopicPage, query: topicPageQuery },
  // Its texts only: they come with the page's catalog.
  methodology: { load: async () => 200, query: noQuery },
};
