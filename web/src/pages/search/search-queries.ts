import { type Language, LIMITS, SEARCH_PAGE_SIZE } from '../../../../common/constants.js';
import type { SearchParams } from '../../features/search/index.js';
import { topicKeys } from '../../features/topics/index.js';

/** The address's query parameters the search page reads. */
const SEARCH_PAGE_PARAMS = ['q', 'category', 'tag', 'sort', 'type'] as const;

/**
 * The canonical query of a search page's address: the parameters it reads, in a fixed order, empty ones
 * and the rest dropped (the server renders and keeps the page under this).
 */
export function searchPageQuery(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const name of SEARCH_PAGE_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  return kept;
}

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
