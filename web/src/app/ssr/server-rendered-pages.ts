import type { ClientRouteName } from '../../../../common/routes.js';
import { loadHomePage } from '../../pages/home/load-home.js';
import { loadSearchPage } from '../../pages/search/load-search.js';
import { SEARCH_PAGE_QUERY } from '../../pages/search/search-queries.js';
import { TOPIC_PAGE_QUERY } from '../../pages/topic/hub-selection.js';
import { loadTopicPage } from '../../pages/topic/load-topic.js';
import type { ServerPage } from '../../shared/ssr/page-loader.js';

/**
 * The pages rendered on the server, each with the loader of its data and the query parameters its
 * render reads (the server renders and caches with those only). A page not listed here is served as
 * the empty shell and rendered in the browser. Adding one is a line here, a loader beside the page,
 * and a method of `PageDataSource` if it needs a new kind of data.
 */
export const SERVER_RENDERED_PAGES: Partial<Record<ClientRouteName, ServerPage>> = {
  home: { load: loadHomePage, query: [] },
  search: { load: loadSearchPage, query: SEARCH_PAGE_QUERY },
  // Also the page of every address that is no page (the router's `*`): the server asks for it at /404.
  notFound: { load: async () => 404, query: [] },
  topic: { load: loadTopicPage, query: TOPIC_PAGE_QUERY },
};
