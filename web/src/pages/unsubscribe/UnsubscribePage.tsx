import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Unsubscription } from '../../features/notification-settings/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { CardPage } from '../../shared/ui/CardPage.js';

/** /unsubscribe?token=: the page of the unsubscribe link every notification e-mail carries, signed in or not. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = t('notificationMail.unsubscribePage.title');
  useDocumentTitle(title);
  return (
    <CardPage title={title}>
      <Unsubscription token={params.get('token')} />
    </CardPage>
  );
}
