import { useQuery } from '@tanstack/react-query';
import type { RankingData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** GET /search/rankings/topic/{topicId}: proposition names are not translated, so one cache entry per topic. */
export function useTopicRanking(topicId: number | undefined, language: Language) {
  return useQuery({
    queryKey: topicKeys.ranking(topicId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<RankingData>(`/search/rankings/topic/${topicId}`, { query: { language }, signal }),
    enabled: topicId !== undefined,
  });
}
