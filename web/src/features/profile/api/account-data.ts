import { useMutation } from '@tanstack/react-query';
import type { AccountDeletedData, AccountExportDto } from '../../../../../common/api/account-data.js';
import { apiRequest } from '../../../shared/api/index.js';
import { useLogout } from '../../auth/index.js';
import type { AccountDeletedState } from '../types.js';

/**
 * The person's own data (common/api/account-data.ts): a copy of all of it to take away, and the deletion
 * of the account.
 */

/** Fetches everything Podium keeps about the signed-in person; not cached, each download is fresh. */
export function useExportAccount() {
  return useMutation({
    mutationFn: () => apiRequest<AccountExportDto>('/users/me/export'),
  });
}

/**
 * Deletes the signed-in person's account, confirmed by their password. The server has ended every
 * session of the account by the time it answers: this tab forgets its own and goes home, which says why.
 */
export function useDeleteAccount() {
  const logout = useLogout();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiRequest<AccountDeletedData>('/users/me', { method: 'DELETE', body: { currentPassword } }),
    onSuccess: () => {
      const homeState: AccountDeletedState = { accountDeleted: true };
      return logout({ endedByServer: true, homeState });
    },
  });
}
