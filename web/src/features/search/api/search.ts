import { useQuery } from '@tanstack/react-query';
import type { SearchResponseDto } from '../../../../../common/api/search.js';
import { type Language, LIMITS } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';

export type SearchMode = 'predictive' | 'smart';

export interface SearchParams {
  q: string;
  category?: string;
  tag?: string;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (mode: SearchMode, language: Language, params: SearchParams) =>
    ['search', mode, language, params.q, params.category ?? '', params.tag ?? ''] as const,
};

export const fetchSearch = (
  mode: SearchMode,
  language: Language,
  params: SearchParams,
  signal?: AbortSignal,
) =>
  apiRequest<SearchResponseDto>(`/search/${mode}`, {
    query: { q: params.q, lang: language, category: params.category, tag: params.tag },
    signal,
  });

/**
 * GET /search/predictive or /search/smart in the visitor's language. Idle (no request) while the
 * trimmed query is under 2 characters and no category or tag filter is given.
 */
export function useSearch(mode: SearchMode, language: Language, params: SearchParams) {
  const q = params.q.trim();
  const enabled = q.length >= LIMITS.searchQueryMin || Boolean(params.category) || Boolean(params.tag);
  return useQuery({
    queryKey: searchKeys.results(mode, language, { ...params, q }),
    queryFn: ({ signal }) => fetchSearch(mode, language, { ...params, q }, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
