import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCreateUserInput,
  AdminUpdateUserInput,
  AdminUserListData,
} from '../../../../../common/api/admin-users.js';
import type { UserDto } from '../../../../../common/api/auth.js';
import { apiRequest } from '../../../shared/api/index.js';
import { adminPeopleKeys } from './keys.js';

export const USERS_PAGE_SIZE = 50;

export function useAdminUsers(q: string, offset: number) {
  return useQuery({
    queryKey: adminPeopleKeys.userList(q, offset),
    queryFn: ({ signal }) =>
      apiRequest<AdminUserListData>('/admin/users', {
        query: { q: q || undefined, limit: USERS_PAGE_SIZE, offset },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPeopleKeys.users }),
  });
}

export function useCreateUser() {
  return useUsersMutation((input: AdminCreateUserInput) =>
    apiRequest<{ user: UserDto }>('/admin/users', { method: 'POST', body: input }),
  );
}

export function useUpdateUser() {
  return useUsersMutation(({ id, ...changes }: AdminUpdateUserInput & { id: number }) =>
    apiRequest<{ user: UserDto }>(`/admin/users/${id}`, { method: 'PUT', body: changes }),
  );
}

export function useDeleteUser() {
  return useUsersMutation((id: number) => apiRequest(`/admin/users/${id}`, { method: 'DELETE' }));
}
