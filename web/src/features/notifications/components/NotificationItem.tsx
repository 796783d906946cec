import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationDto } from '../../../../../common/api/notifications.js';
import { notificationSentence } from '../../../../../common/notifications/sentence.js';
import { useCurrentMinute } from '../../../shared/format/current-minute.js';
import { timeAgo } from '../../../shared/format/relative-time.js';
import { useLanguage } from '../../i18n/index.js';
import { useMarkRead } from '../api/notifications.js';

/**
 * One notification: its sentence (the same words as its e-mail, `notificationSentence`) as a link to what
 * it is about, which marks it read, and when it last happened. Unread ones carry a dot, a bolder sentence
 * and the word "unread" for screen readers: not colour alone.
 */
export function NotificationItem({
  notification,
  onFollow,
  children,
}: {
  notification: NotificationDto;
  /** Called when its link is followed (the bell's panel closes). */
  onFollow?: () => void;
  /** More controls beside it (the page's "Mark as read"). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const markRead = useMarkRead();
  const now = useCurrentMinute();
  const sentence = notificationSentence(t, notification);
  const unread = !notification.read;
  return (
    <li className={`notification${unread ? ' notification--unread' : ''}`}>
      {unread && <span className="notification__dot" aria-hidden="true" />}
      <div className="notification__body">
        <Link
          to={notification.href}
          className="notification__link"
          onClick={() => {
            if (unread) markRead.mutate(notification.id);
            onFollow?.();
          }}
        >
          {unread && <span className="visually-hidden">{t('notifications.unread')} </span>}
          {sentence}
        </Link>
        <time className="notification__time" dateTime={notification.updatedAt}>
          {timeAgo(notification.updatedAt, language, now)}
        </time>
      </div>
      {children}
    </li>
  );
}
