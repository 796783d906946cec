import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategoriesData,
  AdminCategoryDto,
  CategoryDeleteData,
} from '../../../../../common/api/catalogue.js';
import type { OtherLanguage } from '../../../../../common/languages.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from '../../topics/index.js';
import { catalogueKeys } from './keys.js';

export function useAdminCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: ({ signal }) => apiRequest<AdminCategoriesData>('/admin/categories', { signal }),
  });
}

/**
 * Any catalogue write can change every admin list (names, counts, moved rows) and the public topic
 * pages and rankings, so all of them are refetched.
 */
export function useCatalogueMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
        queryClient.invalidateQueries({ queryKey: topicKeys.all }),
      ]),
  });
}

export interface CategoryNamesInput {
  name: string;
  translations: Partial<Record<OtherLanguage, string | null>>;
}

export function useCreateCategory() {
  return useCatalogueMutation((input: CategoryNamesInput) =>
    apiRequest<{ category: AdminCategoryDto }>('/admin/categories', {
      method: 'POST',
      body: { ...input, language: 'en' },
    }),
  );
}

export function useUpdateCategory() {
  return useCatalogueMutation(({ id, ...input }: CategoryNamesInput & { id: number }) =>
    apiRequest<{ category: AdminCategoryDto }>(`/admin/categories/${id}`, { method: 'PUT', body: input }),
  );
}

export function useDeleteCategory() {
  return useCatalogueMutation(({ id, force }: { id: number; force: boolean }) =>
    apiRequest<CategoryDeleteData>(`/admin/categories/${id}`, {
      method: 'DELETE',
      query: { force: force || undefined },
    }),
  );
}
