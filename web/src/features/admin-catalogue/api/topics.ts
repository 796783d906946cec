import { useQuery } from '@tanstack/react-query';
import type {
  AdminTopicData,
  AdminTopicsData,
  PropositionDto,
  TopicWizardData,
  TopicWizardInput,
  UpdateTopicInput,
} from '../../../../../common/api/catalogue.js';
import type { TopicDto } from '../../../../../common/api/topics.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';
import { useCatalogueMutation } from './categories.js';
import { catalogueKeys } from './keys.js';

export type StatusFilter = 'all' | 'active' | 'inactive';

export function useAdminTopics(status: StatusFilter, language: Language) {
  return useQuery({
    queryKey: catalogueKeys.topicList(status, language),
    queryFn: ({ signal }) =>
      apiRequest<AdminTopicsData>('/admin/topics', { query: { status, lang: language }, signal }),
  });
}

export function useAdminTopic(key: string, language: Language) {
  return useQuery({
    queryKey: catalogueKeys.topic(key, language),
    queryFn: ({ signal }) =>
      apiRequest<AdminTopicData>(`/admin/topics/${encodeURIComponent(key)}`, {
        query: { lang: language },
        signal,
      }),
  });
}

const topicPath = (key: string | number) => `/admin/topics/${encodeURIComponent(String(key))}`;

export function useSetTopicStatus() {
  return useCatalogueMutation(({ key, isActive }: { key: string | number; isActive: boolean }) =>
    apiRequest<{ topic: TopicDto }>(`${topicPath(key)}/status`, { method: 'PUT', body: { isActive } }),
  );
}

export function useDeleteTopic() {
  return useCatalogueMutation((key: string | number) => apiRequest(topicPath(key), { method: 'DELETE' }));
}

export function useUpdateTopic(language: Language) {
  return useCatalogueMutation(({ key, ...input }: UpdateTopicInput & { key: string | number }) =>
    apiRequest<AdminTopicData>(topicPath(key), {
      method: 'PUT',
      body: input,
      query: { lang: language },
    }),
  );
}

export function useAddTopicTag() {
  return useCatalogueMutation(({ key, tagSlug }: { key: string | number; tagSlug: string }) =>
    apiRequest<{ topic: TopicDto }>(`${topicPath(key)}/tags`, { method: 'POST', body: { tagSlug } }),
  );
}

export function useRemoveTopicTag() {
  return useCatalogueMutation(({ key, tagSlug }: { key: string | number; tagSlug: string }) =>
    apiRequest<{ topic: TopicDto }>(`${topicPath(key)}/tags/${encodeURIComponent(tagSlug)}`, {
      method: 'DELETE',
    }),
  );
}

export function useAddProposition() {
  return useCatalogueMutation(({ key, itemName }: { key: string | number; itemName: string }) =>
    apiRequest<{ proposition: PropositionDto }>(`${topicPath(key)}/propositions`, {
      method: 'POST',
      body: { itemName },
    }),
  );
}

export function useRenameProposition() {
  return useCatalogueMutation(
    ({ key, id, itemName }: { key: string | number; id: number; itemName: string }) =>
      apiRequest<{ proposition: PropositionDto }>(`${topicPath(key)}/propositions/${id}`, {
        method: 'PUT',
        body: { itemName },
      }),
  );
}

/** Merges proposition `id` into `intoId`: its ballots move there (issue 34). */
export function useMergeProposition() {
  return useCatalogueMutation(({ key, id, intoId }: { key: string | number; id: number; intoId: number }) =>
    apiRequest<{ proposition: PropositionDto }>(`${topicPath(key)}/propositions/${id}/merge`, {
      method: 'POST',
      body: { intoId },
    }),
  );
}

export function useDeleteProposition() {
  return useCatalogueMutation(({ key, id }: { key: string | number; id: number }) =>
    apiRequest(`${topicPath(key)}/propositions/${id}`, { method: 'DELETE' }),
  );
}

export function useRunTopicWizard() {
  return useCatalogueMutation((input: TopicWizardInput) =>
    apiRequest<TopicWizardData>('/admin/topics/wizard', { method: 'POST', body: input }),
  );
}
