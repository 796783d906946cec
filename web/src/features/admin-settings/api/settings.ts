import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsData, UpdateSettingsBody } from '../../../../../common/api/settings.js';
import { apiRequest } from '../../../shared/api/index.js';

const settingsKey = ['admin', 'settings'] as const;

/** The settings administrators edit, and when and by whom they were last saved. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest<SettingsData>('/admin/settings', { signal }),
  });
}

/** Saves some settings (the others keep their value); the answer, every setting as saved, replaces the cached one. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateSettingsBody) =>
      apiRequest<SettingsData>('/admin/settings', { method: 'PUT', body: change }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
