import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/index.js';
import { votingKeys } from './keys.js';

/** DELETE /search/user-votes/{topicId}/notices: I have read what administrators changed in my ballot. */
export function useDismissNotices(topicId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ dismissed: number }>(`/search/user-votes/${topicId}/notices`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: votingKeys.userVotes(topicId, userId), exact: true }),
  });
}
