import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HubData, MainTopicData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** The cache key of `useMainTopic` (a server render seeds the same one). */
export const mainTopicQueryKey = (id: number, language: Language, limit: number) =>
  [...topicKeys.mainTopic(id, language), limit] as const;

/** GET /topics/main/{id}/{lang}: a main topic with its most voted sub-topics. */
export function useMainTopic(id: number | undefined, language: Language, limit = 6) {
  return useQuery({
    queryKey: mainTopicQueryKey(id ?? 0, language, limit),
    queryFn: ({ signal }) =>
      apiRequest<MainTopicData>(`/topics/main/${id}/${language}`, { query: { limit }, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /topics/main/{id}/hub: a main topic's page in one request (sub-topics with their podiums, filter chips). */
export function useHub(id: number, tags: readonly string[], offset: number, language: Language) {
  return useQuery({
    queryKey: topicKeys.hub(id, tags, offset, language),
    queryFn: ({ signal }) =>
      apiRequest<HubData>(`/topics/main/${id}/hub`, {
        query: {
          lang: language,
          tags: tags.length > 0 ? tags.join(',') : undefined,
          offset: offset || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
