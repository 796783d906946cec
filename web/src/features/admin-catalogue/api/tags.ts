import { useQuery } from '@tanstack/react-query';
import type { AdminTagDto, AdminTagsData } from '../../../../../common/api/catalogue.js';
import type { OtherLanguage } from '../../../../../common/languages.js';
import { apiRequest } from '../../../shared/api/index.js';
import { useCatalogueMutation } from './categories.js';
import { catalogueKeys } from './keys.js';

export function useAdminTags() {
  return useQuery({
    queryKey: catalogueKeys.tags,
    queryFn: ({ signal }) => apiRequest<AdminTagsData>('/admin/tags', { signal }),
  });
}

export interface TagInput {
  name: string;
  type: string;
  translations: Partial<Record<OtherLanguage, string | null>>;
}

export function useCreateTag() {
  return useCatalogueMutation((input: TagInput & { categoryId: number }) =>
    apiRequest<{ tag: AdminTagDto }>('/admin/tags', { method: 'POST', body: { ...input, language: 'en' } }),
  );
}

export function useUpdateTag() {
  return useCatalogueMutation(({ id, ...input }: TagInput & { id: number; categoryId: number | null }) =>
    apiRequest<{ tag: AdminTagDto }>(`/admin/tags/${id}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteTag() {
  return useCatalogueMutation((id: number) => apiRequest(`/admin/tags/${id}`, { method: 'DELETE' }));
}
