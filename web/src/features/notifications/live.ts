import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  NotificationDto,
  StreamTicketData,
  UnreadCountData,
} from '../../../../common/api/notifications.js';
import type { Language } from '../../../../common/constants.js';
import { apiRequest } from '../../shared/api/index.js';
import { notificationKeys, receiveNotification, receiveUnread } from './api/notifications.js';

/**
 * After the stream failed (the server restarted, the link dropped, a ticket refused), the next attempt
 * waits this long, doubled at each failure in a row up to the ceiling, with a random part so that the
 * tabs a restart cut off do not all come back in the same second.
 */
const RETRY_MS = 1_000;
const RETRY_MAX_MS = 60_000;

function parsed<T>(message: MessageEvent<string>): T | undefined {
  try {
    return JSON.parse(message.data) as T;
  } catch {
    return undefined;
  }
}

/**
 * Keeps my notifications current while I am signed in (decision 035): one stream per tab, opened with a
 * single-use ticket (the access token never goes in an address). EventSource would reconnect by itself
 * with the same address, whose ticket is spent: on any error this closes it and opens a new stream with
 * a new ticket, after a back-off. Closed when I sign out (`userId` null), reopened in a new language.
 */
export function useNotificationStream(userId: number | null, language: Language) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    /** A stream opened after another one failed: what came meanwhile is not in the kept lists. */
    let reopened = false;

    const retry = () => {
      reopened = true;
      source?.close();
      source = undefined;
      if (stopped) return;
      const delay = Math.min(RETRY_MS * 2 ** failures, RETRY_MAX_MS);
      failures += 1;
      retryTimer = setTimeout(() => void connect(), delay * (0.75 + Math.random() / 2));
    };

    const connect = async () => {
      let ticket: string;
      try {
        ({ ticket } = await apiRequest<StreamTicketData>('/notifications/stream-tickets', {
          method: 'POST',
        }));
      } catch {
        // A session that ended is closed by the sign-out this effect follows; anything else is tried again.
        retry();
        return;
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket, lang: language });
      source = new EventSource(`/api/notifications/stream?${query}`);
      source.addEventListener('notification', (message) => {
        const dto = parsed<NotificationDto>(message);
        if (dto) receiveNotification(queryClient, language, dto);
      });
      source.addEventListener('unread', (message) => {
        const data = parsed<UnreadCountData>(message);
        if (!data) return;
        // The stream works: the next failure starts the back-off afresh.
        failures = 0;
        receiveUnread(queryClient, data.unread);
        if (reopened) {
          reopened = false;
          void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
        }
      });
      source.addEventListener('error', retry);
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, language, queryClient]);
}
