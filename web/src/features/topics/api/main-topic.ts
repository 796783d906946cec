import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MainTopicData, MainTopicFilterData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** GET /topics/main/{id}/{lang}: a main topic with its most voted sub-topics. */
export function useMainTopic(id: number | undefined, language: Language, limit = 6) {
  return useQuery({
    queryKey: [...topicKeys.mainTopic(id ?? 0, language), limit],
    queryFn: ({ signal }) =>
      apiRequest<MainTopicData>(`/topics/main/${id}/${language}`, { query: { limit }, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /topics/main/{id}/filter?tags=&lang=: sub-topics carrying every chosen tag, and the tags to choose from. */
export function useMainTopicFilter(id: number | undefined, tags: readonly string[], language: Language) {
  return useQuery({
    queryKey: topicKeys.filter(id ?? 0, tags, language),
    queryFn: ({ signal }) =>
      apiRequest<MainTopicFilterData>(`/topics/main/${id}/filter`, {
        query: { tags: tags.length > 0 ? tags.join(',') : undefined, lang: language },
        signal,
      }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}
