import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuarantineBody, RestoreBody } from '../../../../../common/api/ballot-counting.js';
import type {
  IntegrityTopicData,
  OpenFlagsData,
  UserBallotsData,
} from '../../../../../common/api/integrity.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from '../../topics/index.js';

/** The periods the timeline offers, in days; the address keeps the one chosen. */
export const TIMELINE_PERIODS = [7, 30, 90] as const;
export type TimelinePeriod = (typeof TIMELINE_PERIODS)[number];

/**
 * Query keys of the integrity screens. Every action (quarantine, restore, deactivation, dismissal)
 * invalidates all of them: a ballot's state shows on the topic's screen, the open flags and the person's
 * ballots at once.
 */
const integrityKeys = {
  all: ['admin', 'integrity'] as const,
  openFlags: (language: Language) => ['admin', 'integrity', 'flags', language] as const,
  topic: (id: number, days: number, language: Language) =>
    ['admin', 'integrity', 'topic', id, days, language] as const,
  userBallots: (id: number, language: Language) => ['admin', 'integrity', 'user', id, language] as const,
};

/**
 * The topics with open flags and how many there are: the admin list and the header's count. Read again
 * whenever the administrator comes back to the window, since the detector raises flags every minute.
 */
export function useOpenFlags(language: Language) {
  return useQuery({
    queryKey: integrityKeys.openFlags(language),
    queryFn: ({ signal }) =>
      apiRequest<OpenFlagsData>('/admin/integrity/flags', { query: { lang: language }, signal }),
    refetchOnWindowFocus: 'always',
  });
}

/** A topic's ballots per hour over `days` and its flags with their ballots. */
export function useTopicIntegrity(id: number, days: TimelinePeriod, language: Language) {
  return useQuery({
    queryKey: integrityKeys.topic(id, days, language),
    queryFn: ({ signal }) =>
      apiRequest<IntegrityTopicData>(`/admin/integrity/topics/${id}`, {
        query: { days, lang: language },
        signal,
      }),
    enabled: id > 0,
  });
}

/** A person's ballots with every version and state. */
export function useUserBallots(id: number, language: Language) {
  return useQuery({
    queryKey: integrityKeys.userBallots(id, language),
    queryFn: ({ signal }) =>
      apiRequest<UserBallotsData>(`/admin/users/${id}/ballots`, { query: { lang: language }, signal }),
    // An address with no account number in it asks nothing (its page says not found).
    enabled: Number.isInteger(id) && id > 0,
  });
}

/**
 * A mutation after which every integrity screen is read again, and the public figures of the topics
 * (cast and counted, the ranking) with them.
 */
function useIntegrityMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrityKeys.all }),
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
      ]),
  });
}

/** Takes ballots out of the count, with a reason (and a note), until restored. */
export function useQuarantineBallots() {
  return useIntegrityMutation((body: QuarantineBody) =>
    apiRequest<{ changed: number }>('/admin/ballots/quarantine', { method: 'POST', body }),
  );
}

/** Lifts a quarantine: the ballots count again, or wait for the counting rules. */
export function useRestoreBallots() {
  return useIntegrityMutation((body: RestoreBody) =>
    apiRequest<{ changed: number }>('/admin/ballots/restore', { method: 'POST', body }),
  );
}

/**
 * Deactivates accounts one after the other (the users screen's own write), which stops their ballots
 * counting; stops at the first refusal (such as the administrator's own account).
 */
export function useDeactivateAccounts() {
  return useIntegrityMutation(async (userIds: readonly number[]) => {
    for (const id of userIds)
      await apiRequest(`/admin/users/${id}`, { method: 'PUT', body: { isActive: false } });
    return userIds.length;
  });
}

/** Closes a flag judged harmless; its ballots stay as they are. */
export function useDismissFlag() {
  return useIntegrityMutation((flagId: number) =>
    apiRequest(`/admin/integrity/flags/${flagId}/dismiss`, { method: 'POST' }),
  );
}
