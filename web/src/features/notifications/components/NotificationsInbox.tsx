import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationSentence } from '../../../../../common/notifications/sentence.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { Pager } from '../../../shared/ui/Pager.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useLanguage } from '../../i18n/index.js';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.js';
import { NotificationItem } from './NotificationItem.js';

const PAGE = 20;

/**
 * The /notifications page's list: all my notifications, newest first, 20 a page; one
 * or all marked read; kept current by the header bell's stream (the same cache).
 */
export function NotificationsInbox() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [offset, setOffset] = useState(0);
  const list = useNotifications(language, PAGE, offset);
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const [message, setMessage] = useState<string | null>(null);
  const unread = list.data?.unread ?? 0;

  return (
    <div className="notifications-inbox">
      {list.isSuccess && list.data.total > 0 && (
        <div className="notifications-inbox__bar">
          <p className="notifications-inbox__summary">
            {unread === 0
              ? t('notifications.page.allRead')
              : t('notifications.page.unread', { count: unread })}
          </p>
          {unread > 0 && (
            <Button
              size="sm"
              disabled={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => setMessage(t('notifications.page.markedAllRead')),
                  onError: (error) => setMessage(errorMessage(t, error, 'notifications.markError')),
                })
              }
            >
              {t('notifications.markAllRead')}
            </Button>
          )}
        </div>
      )}
      <StatusMessage message={message} />
      {list.isPending && <Spinner />}
      {list.isError && <Alert tone="error">{errorMessage(t, list.error, 'notifications.error')}</Alert>}
      {list.isSuccess && list.data.total === 0 && (
        <p className="notifications-inbox__empty">{t('notifications.empty')}</p>
      )}
      {list.isSuccess && list.data.notifications.length > 0 && (
        <ul className="notification-list notification-list--page">
          {list.data.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification}>
              {!notification.read && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="notification__mark"
                  aria-label={t('notifications.markReadLabel', {
                    sentence: notificationSentence(t, notification),
                  })}
                  onClick={() =>
                    markRead.mutate(notification.id, {
                      onSuccess: () => setMessage(t('notifications.page.markedRead')),
                      onError: (error) => setMessage(errorMessage(t, error, 'notifications.markError')),
                    })
                  }
                >
                  {t('notifications.markRead')}
                </Button>
              )}
            </NotificationItem>
          ))}
        </ul>
      )}
      {list.isSuccess && (
        <Pager offset={offset} pageSize={PAGE} total={list.data.total} onChange={setOffset} />
      )}
    </div>
  );
}
