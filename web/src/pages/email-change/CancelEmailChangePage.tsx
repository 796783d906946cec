import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmailChangeCancellation } from '../../features/account-links/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { CardPage } from '../../shared/ui/CardPage.js';

/** /cancel-email-change?token=: the page of the link mailed to the old address when the address changes. */
export function CancelEmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = t('account.emailChange.cancel.title');
  useDocumentTitle(title);
  return (
    <CardPage title={title}>
      <EmailChangeCancellation token={params.get('token')} />
    </CardPage>
  );
}
