import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PopularTopicsData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

export interface PopularParams {
  limit: number;
  offset?: number;
  type?: 'main' | 'sub';
}

export const fetchPopularTopics = (language: Language, params: PopularParams, signal?: AbortSignal) =>
  apiRequest<PopularTopicsData>(`/topics/popular/${language}`, {
    query: { limit: params.limit, offset: params.offset, type: params.type },
    signal,
  });

/** GET /topics/popular/{lang}: always in the visitor's current language. */
export function usePopularTopics(language: Language, params: PopularParams) {
  return useQuery({
    queryKey: topicKeys.popular(language, params),
    queryFn: ({ signal }) => fetchPopularTopics(language, params, signal),
    // A language switch keeps the cards on screen until their translation arrives.
    placeholderData: keepPreviousData,
  });
}
