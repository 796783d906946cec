import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RankingData } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { DEFAULT_RANKING_ORDER, type RankingOrderId } from '../../../../../common/rankings/orders.js';
import { DEFAULT_RANKING_WINDOW, type RankingWindowId } from '../../../../../common/rankings/windows.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/**
 * GET /search/rankings/topic/{topicId} in `order` and `window`: proposition names are not translated, so
 * one cache entry per topic, order and window. Defaults are not written in the request, as in the page's
 * address.
 */
export function useTopicRanking(
  topicId: number | undefined,
  language: Language,
  order: RankingOrderId = DEFAULT_RANKING_ORDER,
  window: RankingWindowId = DEFAULT_RANKING_WINDOW,
) {
  return useQuery({
    queryKey: topicKeys.ranking(topicId ?? 0, order, window),
    queryFn: ({ signal }) =>
      apiRequest<RankingData>(`/search/rankings/topic/${topicId}`, {
        query: {
          language,
          ...(order !== DEFAULT_RANKING_ORDER && { order }),
          ...(window !== DEFAULT_RANKING_WINDOW && { window }),
        },
        signal,
      }),
    enabled: topicId !== undefined,
    // Another order or window of the same topic's ranking keeps its rows on screen (and the switch under the reader's
    // focus) until it arrives, instead of a spinner in their place; another topic's never stands in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === topicId ? keepPreviousData(previous) : undefined,
  });
}
