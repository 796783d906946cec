import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { STORAGE_KEYS } from '../../../../../common/constants.js';
import { onSessionEnded, tokenStore } from '../../../shared/api/index.js';
import { sessionQueryKey } from '../session.js';

/**
 * Keeps this tab's idea of the session in line with reality: the API client gave up on it
 * (go to /login), or another tab signed in or out (tokens live in shared localStorage).
 */
export function SessionSync() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(
    () =>
      onSessionEnded(() => {
        void navigate('/login', { state: { sessionEnded: true } });
        queryClient.setQueryData(sessionQueryKey, null);
      }),
    [navigate, queryClient],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.refreshToken) return;
      if (!tokenStore.hasSession()) {
        queryClient.setQueryData(sessionQueryKey, null);
      } else if (!event.oldValue) {
        // Signed in elsewhere; a mere rotation (old value present) changes nothing here.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  return null;
}
