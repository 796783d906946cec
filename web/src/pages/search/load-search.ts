import { SEARCH_PAGE_SIZE } from '../../../../common/constants.js';
import { searchKeys } from '../../features/search/index.js';
import type { PageLoader } from '../../shared/ssr/page-loader.js';
import { popularInfiniteKey, searchAt } from './search-queries.js';

/**
 * The search page's data for a server render: with a query, its results (the page's `useSearch('smart')`
 * query); without one, the first page of popular topics (its infinite query: pages and their params).
 */
export const loadSearchPage: PageLoader = async ({ queryClient, language, source, url }) => {
  const searched = searchAt(url.searchParams);
  if (searched) {
    const found = await source.search(language, searched);
    // A query the API refuses is left unanswered: the browser asks for it and shows the refusal.
    if (found) queryClient.setQueryData(searchKeys.results('smart', language, searched), found);
    return 200;
  }
  const first = await source.popularTopics(language, { limit: SEARCH_PAGE_SIZE, offset: 0 });
  queryClient.setQueryData(popularInfiniteKey(language), { pages: [first], pageParams: [0] });
  return 200;
};
