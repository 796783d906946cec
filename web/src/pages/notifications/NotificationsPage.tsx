import { useTranslation } from 'react-i18next';
import { NotificationsInbox } from '../../features/notifications/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';

/** /notifications: all my notifications (RequireAuth sends a visitor to sign in first). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const title = t('notifications.page.title');
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <NotificationsInbox />
    </section>
  );
}
