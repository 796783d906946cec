import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionDto, UserDto } from '../../../../../common/api/auth.js';
import type { MyVotesData } from '../../../../../common/api/profile.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest, tokenStore, usePagedList } from '../../../shared/api/index.js';
import { sessionQueryKey } from '../../auth/index.js';
import { followKeys } from '../../follows/index.js';

export const profileKeys = {
  myVotes: ['profile', 'my-votes'] as const,
  myVotesPages: (language: Language) => ['profile', 'my-votes', language] as const,
};

export interface ProfileChanges {
  username?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  language?: Language;
  /** Sent with a new e-mail. */
  currentPassword?: string;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      apiRequest<{ user: UserDto }>('/users/profile', { method: 'PUT', body: changes }),
    onSuccess: (data) => queryClient.setQueryData(sessionQueryKey, data.user),
  });
}

/** The server ends every session on a password change and answers with a fresh one: this tab keeps it. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiRequest<SessionDto>('/users/password', { method: 'PUT', body: input }),
    onSuccess: (session) => {
      tokenStore.save(session);
      queryClient.setQueryData(sessionQueryKey, session.user);
    },
  });
}

/** The topics I voted on, a page at a time ("Show more"). */
export function useMyVotes(language: Language) {
  return usePagedList(profileKeys.myVotesPages(language), 'topics', ({ limit, offset, signal }) =>
    apiRequest<MyVotesData>('/users/me/votes', { query: { lang: language, limit, offset }, signal }),
  );
}

/** Withdraws all of the caller's votes on a topic through the voting API. */
export function useWithdrawVotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (topicId: number) => apiRequest(`/search/user-votes/${topicId}`, { method: 'DELETE' }),
    // The voting screens keep their own cache under 'votes'; they must not show the withdrawn places.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.myVotes }),
        queryClient.invalidateQueries({ queryKey: ['votes'] }),
        // A withdrawn ballot no longer follows its topic (decision 031).
        queryClient.invalidateQueries({ queryKey: followKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
