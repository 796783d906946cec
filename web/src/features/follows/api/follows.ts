import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowStatusDto, MyFollowsData } from '../../../../../common/api/follows.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest, usePagedList } from '../../../shared/api/index.js';

export const followKeys = {
  all: ['follows'] as const,
  status: (topicId: number) => ['follows', 'status', topicId] as const,
  mine: ['follows', 'mine'] as const,
  minePages: (language: Language) => ['follows', 'mine', language] as const,
};

/** Whether I follow a topic, and why; asked in the browser only (a page holds no one's own data). */
export function useFollowStatus(topicId: number, enabled: boolean) {
  return useQuery({
    queryKey: followKeys.status(topicId),
    queryFn: ({ signal }) => apiRequest<FollowStatusDto>(`/topics/${topicId}/follow`, { signal }),
    enabled,
  });
}

/**
 * Follows (true) or unfollows (false) a topic. The button shows the new state at once and goes back to the
 * old one if the server refuses; my list is read again either way.
 */
export function useSetFollow(topicId: number) {
  const queryClient = useQueryClient();
  const key = followKeys.status(topicId);
  return useMutation({
    mutationFn: (following: boolean) =>
      apiRequest<FollowStatusDto>(`/topics/${topicId}/follow`, { method: following ? 'PUT' : 'DELETE' }),
    onMutate: async (following: boolean) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FollowStatusDto>(key);
      queryClient.setQueryData<FollowStatusDto>(key, {
        topicId,
        following,
        reason: following ? 'explicit' : null,
      });
      return { before };
    },
    onError: (_error, _following, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (status) => queryClient.setQueryData(key, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.mine }),
  });
}

/** What I follow, a page at a time ("Show more"). */
export function useMyFollows(language: Language) {
  return usePagedList(followKeys.minePages(language), 'topics', ({ limit, offset, signal }) =>
    apiRequest<MyFollowsData>('/users/me/follows', { query: { lang: language, limit, offset }, signal }),
  );
}

/** The profile's switch: whether the topics I vote on are followed. */
export function useFollowVotedTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (followVotedTopics: boolean) =>
      apiRequest<{ followVotedTopics: boolean }>('/users/me/follow-settings', {
        method: 'PUT',
        body: { followVotedTopics },
      }),
    // Every topic's state may change with it (those followed only by vote).
    onSettled: () => queryClient.invalidateQueries({ queryKey: followKeys.all }),
  });
}
