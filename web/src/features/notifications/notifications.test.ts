import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationsData } from '../../../../common/api/notifications.js';
import { notificationKeys, receiveNotification, receiveUnread } from './api/notifications.js';
import { badgeText } from './badge.js';

const notification = (id: number, read = false, updatedAt = '2026-11-28T10:00:00.000Z'): NotificationDto => ({
  id,
  kind: 'leaderChanged',
  topic: { id: 7, slug: 'best-pizza', title: 'Best pizza', isMain: false },
  facts: {
    kind: 'leaderChanged',
    leaders: [{ id: 2, name: 'Chez Nino' }],
    previousLeaders: [{ id: 1, name: 'Da Marco' }],
    events: 1,
  },
  createdAt: updatedAt,
  updatedAt,
  read,
  href: '/topic/best-pizza',
});

function cacheWith(lists: Record<string, NotificationsData>) {
  const queryClient = new QueryClient();
  for (const [key, data] of Object.entries(lists)) {
    const [language, limit, offset] = key.split(':') as ['fr' | 'de', string, string | undefined];
    queryClient.setQueryData(notificationKeys.list(language, Number(limit), Number(offset ?? 0)), data);
  }
  return queryClient;
}
const listOf = (queryClient: QueryClient, language: 'fr' | 'de', limit: number, offset = 0) =>
  queryClient.getQueryData<NotificationsData>(notificationKeys.list(language, limit, offset));
const isStale = (queryClient: QueryClient, language: 'fr' | 'de', limit: number, offset = 0) =>
  queryClient.getQueryState(notificationKeys.list(language, limit, offset))?.isInvalidated;

describe('the bell’s badge', () => {
  it('shows nothing at 0, the count as the language writes it, and 99+ past 99', () => {
    expect(badgeText(0, 'fr')).toBeNull();
    expect(badgeText(3, 'de')).toBe('3');
    expect(badgeText(99, 'en')).toBe('99');
    expect(badgeText(100, 'fr')).toBe('99+');
    expect(badgeText(12_345, 'es')).toBe('99+');
  });
});

describe('a notification the stream brings', () => {
  it('goes on top of the open lists of its language, which keep their size and count one more', () => {
    const queryClient = cacheWith({
      'fr:2': { notifications: [notification(2), notification(1)], total: 5, unread: 2 },
    });
    receiveNotification(queryClient, 'fr', notification(3));
    const list = listOf(queryClient, 'fr', 2);
    expect(list?.notifications.map((n) => n.id)).toEqual([3, 2]);
    expect(list?.total).toBe(6);
  });

  it('batched into one already listed, moves it to the top with its new facts instead of listing it twice', () => {
    const queryClient = cacheWith({
      'fr:10': { notifications: [notification(2), notification(1, true)], total: 2, unread: 1 },
    });
    receiveNotification(queryClient, 'fr', notification(1, false, '2026-11-28T10:30:00.000Z'));
    const list = listOf(queryClient, 'fr', 10);
    expect(list?.notifications.map((n) => [n.id, n.read])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(list?.total).toBe(2);
  });

  it('leaves a later page as it was, to be read again (everything on it moved down by one)', () => {
    const queryClient = cacheWith({
      'fr:2:2': { notifications: [notification(2), notification(1)], total: 4, unread: 4 },
    });
    receiveNotification(queryClient, 'fr', notification(5));
    expect(listOf(queryClient, 'fr', 2, 2)?.notifications.map((n) => n.id)).toEqual([2, 1]);
    expect(isStale(queryClient, 'fr', 2, 2)).toBe(true);
  });

  it('leaves a list in another language as it was, to be read again in its own words', () => {
    const queryClient = cacheWith({
      'de:10': { notifications: [notification(1)], total: 1, unread: 1 },
    });
    receiveNotification(queryClient, 'fr', notification(2));
    expect(listOf(queryClient, 'de', 10)?.notifications.map((n) => n.id)).toEqual([1]);
    expect(isStale(queryClient, 'de', 10)).toBe(true);
  });
});

describe('an unread count the stream brings', () => {
  it('sets the bell’s count', () => {
    const queryClient = cacheWith({});
    receiveUnread(queryClient, 4);
    expect(queryClient.getQueryData(notificationKeys.unread)).toEqual({ unread: 4 });
  });

  it('has a list that shows more unread than that (read in another tab) read again, and not the others', () => {
    const queryClient = cacheWith({
      'fr:10': { notifications: [notification(2), notification(1)], total: 2, unread: 2 },
      'de:10': { notifications: [notification(2, true), notification(1, true)], total: 2, unread: 2 },
    });
    receiveUnread(queryClient, 0);
    expect(isStale(queryClient, 'fr', 10)).toBe(true);
    expect(isStale(queryClient, 'de', 10)).toBe(false);
    expect(listOf(queryClient, 'de', 10)?.unread).toBe(0);
  });
});
