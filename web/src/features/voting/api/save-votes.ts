import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopicDto } from '../../../../../common/api/topics.js';
import type { SubmitVotesBody, SubmitVotesDto } from '../../../../../common/api/votes.js';
import { apiRequest } from '../../../shared/api/index.js';
import { followKeys } from '../../follows/index.js';
import { topicKeys } from '../../topics/index.js';
import { votingKeys } from './keys.js';

export interface SaveVotesInput {
  userId: number;
  entries: { itemName: string; points: 3 | 2 | 1 }[];
}

export type SaveVotesResult = { kind: 'saved'; data: SubmitVotesDto } | { kind: 'withdrawn' };

/**
 * POST /search/propositions, or DELETE /search/user-votes/{topicId} when no place is filled (the
 * spec's "not voting for this topic"). Afterwards exactly my votes, the topic's ranking and its details
 * refetch: my ballot says whether it counts, the topic how many ballots were cast and counted (issue 36),
 * and what I follow (a ballot follows its topic, decision 031).
 * A caller's own `onSuccess` runs once they are in.
 */
export function useSaveVotes(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, entries }: SaveVotesInput): Promise<SaveVotesResult> => {
      if (entries.length === 0) {
        await apiRequest(`/search/user-votes/${topicId}`, { method: 'DELETE', query: { userId } });
        return { kind: 'withdrawn' };
      }
      const body: SubmitVotesBody = {
        topicId,
        propositions: entries.map((entry) => ({ ...entry, userId })),
        userTags: [],
      };
      return {
        kind: 'saved',
        data: await apiRequest<SubmitVotesDto>('/search/propositions', { method: 'POST', body }),
      };
    },
    onSettled: (_result, _error, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: votingKeys.userVotes(topicId, userId), exact: true }),
        queryClient.invalidateQueries({ queryKey: topicKeys.rankings(topicId) }),
        queryClient.invalidateQueries({ queryKey: topicKeys.risingAll }),
        queryClient.invalidateQueries({ queryKey: followKeys.all }),
        queryClient.invalidateQueries({
          queryKey: topicKeys.details,
          predicate: (query) => (query.state.data as TopicDto | null | undefined)?.id === topicId,
        }),
      ]),
  });
}
