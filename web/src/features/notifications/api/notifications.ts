import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  NotificationDto,
  NotificationsData,
  UnreadCountData,
} from '../../../../../common/api/notifications.js';
import type { Language } from '../../../../../common/constants.js';
import { apiRequest } from '../../../shared/api/index.js';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  lists: ['notifications', 'list'] as const,
  list: (language: Language, limit: number, offset = 0) =>
    ['notifications', 'list', language, limit, offset] as const,
};

/** How many unread notifications I have (the bell's badge); the live stream keeps it current. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiRequest<UnreadCountData>('/notifications/unread-count', { signal }),
    enabled,
    // The stream says every change; reading it again on focus covers a stream that is down.
    staleTime: 30_000,
  });
}

/** My notifications in `language`, newest first, `limit` from `offset` (the bell's 10, a page of the page's). */
export function useNotifications(language: Language, limit: number, offset = 0) {
  return useQuery({
    queryKey: notificationKeys.list(language, limit, offset),
    queryFn: ({ signal }) =>
      apiRequest<NotificationsData>('/notifications', { query: { lang: language, limit, offset }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every list kept in the cache, changed by `change` (the live stream's news, a mark as read). */
function updateLists(queryClient: QueryClient, change: (data: NotificationsData) => NotificationsData) {
  queryClient.setQueriesData<NotificationsData>({ queryKey: notificationKeys.lists }, (data) =>
    data ? change(data) : data,
  );
}

function setUnread(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData<UnreadCountData>(notificationKeys.unread, { unread });
  updateLists(queryClient, (data) => (data.unread === unread ? data : { ...data, unread }));
}

/**
 * A notification the stream brought (in the lists' language): new, it goes on top of every first page of
 * that language; batched into one I have, that one moves to the top with its new facts.
 */
export function receiveNotification(queryClient: QueryClient, language: Language, dto: NotificationDto) {
  const isFirstPage = (key: readonly unknown[]) => key[2] === language && (key[4] ?? 0) === 0;
  for (const [key, data] of queryClient.getQueriesData<NotificationsData>({
    queryKey: notificationKeys.lists,
  })) {
    if (!data || !isFirstPage(key)) continue;
    const limit = Number(key[3]);
    const known = data.notifications.some((notification) => notification.id === dto.id);
    const others = data.notifications.filter((notification) => notification.id !== dto.id);
    queryClient.setQueryData<NotificationsData>(key, {
      ...data,
      notifications: [dto, ...others].slice(0, limit),
      total: known ? data.total : data.total + 1,
    });
  }
  // Lists in another language hold the old wording or miss it, later pages have moved: read them again.
  void queryClient.invalidateQueries({
    queryKey: notificationKeys.lists,
    predicate: (query) => !isFirstPage(query.queryKey),
  });
}

/**
 * The unread count the stream sent (at its opening and after every change, mine in another tab included).
 * A list that shows more unread notifications than that was read elsewhere: it is read again.
 */
export function receiveUnread(queryClient: QueryClient, unread: number) {
  // Counts first: a list given new data after being marked stale would count as fresh again.
  setUnread(queryClient, unread);
  void queryClient.invalidateQueries({
    queryKey: notificationKeys.lists,
    predicate: (query) => {
      const data = query.state.data as NotificationsData | undefined;
      return data !== undefined && data.notifications.filter((n) => !n.read).length > unread;
    },
  });
}

/** Marks one notification read: shown read at once, back to unread if the server refuses. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<UnreadCountData>(`/notifications/${id}/read`, { method: 'POST' }),
    onMutate: (id: number) => {
      updateLists(queryClient, (data) => ({
        ...data,
        notifications: data.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
      }));
    },
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks all my notifications read. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnreadCountData>('/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ unread }) => {
      updateLists(queryClient, (data) => ({
        ...data,
        notifications: data.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      }));
      setUnread(queryClient, unread);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
