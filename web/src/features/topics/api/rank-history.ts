import { useQuery } from '@tanstack/react-query';
import type { RankHistoryData } from '../../../../../common/api/history.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from './keys.js';

/** The history changes once a day, when the daily snapshot is taken. */
const STALE_MS = 10 * 60_000;

/** GET /topics/{topicId}/rank-history: each proposition's rank at the end of each of the last 90 days. */
export function useRankHistory(topicId: number, enabled = true) {
  return useQuery({
    queryKey: topicKeys.rankHistory(topicId),
    queryFn: ({ signal }) => apiRequest<RankHistoryData>(`/topics/${topicId}/rank-history`, { signal }),
    enabled,
    staleTime: STALE_MS,
    // A failed read leaves the ranking as it was, without its trends: no retry storm, no error shown.
    retry: false,
  });
}
