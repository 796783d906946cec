import { type Language, LIMITS, SEARCH_PAGE_SIZE } from '../../../../common/constants.js';
import type { SearchParams } from '../../features/search/index.js';
import { topicKeys } from '../../features/topics/index.js';

/** The address's query parameters the search page reads (its server render keeps these only). */
export const SEARCH_PAGE_QUERY = ['q', 'category', 'tag', 'sort', 'type'] as const;

/**
 * What the page searches for at an address (the query trimmed, the filters given), or undefined when it
 * shows the popular topics instead: a query under 2 characters and no filter. The page and its server
 * loader both read the address with this.
 */
export function searchAt(params: URLSearchParams): SearchParams | undefined {
  const q = (params.get('q') ?? '').trim();
  const category = params.get('category') ?? '';
  const tag = params.get('tag') ?? '';
  if (q.length < LIMITS.searchQueryMin && !category && !tag) return undefined;
  return { q, ...(category && { category }), ...(tag && { tag }) };
}

/** The popular topics shown without a query, 20 at a time: the key of their infinite query. */
export const popularInfiniteKey = (language: Language) =>
  [...topicKeys.popular(language, { limit: SEARCH_PAGE_SIZE }), 'infinite'] as const;
