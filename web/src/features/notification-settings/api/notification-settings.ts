import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeData } from '../../../../../common/api/notification-mail.js';
import type {
  NotificationDelivery,
  NotificationKind,
  NotificationSettingsData,
} from '../../../../../common/api/notifications.js';
import { apiRequest } from '../../../shared/api/index.js';

export const notificationSettingsKey = ['notification-settings'] as const;

/** How I want each kind of notification (the kinds I may receive, in the server's order). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettingsData>('/users/me/notification-settings', { signal }),
  });
}

/** Sets one kind's delivery; the answer (every kind) replaces what the page shows. */
export function useSetNotificationDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, delivery }: { kind: NotificationKind; delivery: NotificationDelivery }) =>
      apiRequest<NotificationSettingsData>('/users/me/notification-settings', {
        method: 'PUT',
        body: { settings: { [kind]: delivery } },
      }),
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsKey, data),
  });
}

/**
 * The unsubscribe page's one click: the same POST a mail client makes (RFC 8058), with the link's token.
 * No sign-in goes with it: the token names the person.
 */
export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<UnsubscribeData>('/notification-mail/unsubscribe', {
        method: 'POST',
        query: { token },
        body: { 'List-Unsubscribe': 'One-Click' },
        auth: false,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKey }),
  });
}
