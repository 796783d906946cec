import { useQuery } from '@tanstack/react-query';
import type { UserVotesDto } from '../../../../../common/api/votes.js';
import { apiRequest } from '../../../shared/api/index.js';
import { votingKeys } from './keys.js';

/** GET /search/user-votes/{topicId}: my votes live in the query cache, refreshed after a change (no polling). */
export function useUserVotes(topicId: number, userId: number | undefined) {
  return useQuery({
    queryKey: votingKeys.userVotes(topicId, userId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<UserVotesDto>(`/search/user-votes/${topicId}`, { query: { userId }, signal }),
    enabled: userId !== undefined,
  });
}
