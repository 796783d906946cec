import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmailChangeConfirmation } from '../../features/account-links/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { CardPage } from '../../shared/ui/CardPage.js';

/** /confirm-email-change?token=: the page of the link mailed to a new address, signed in or not. */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = t('account.emailChange.confirm.title');
  useDocumentTitle(title);
  return (
    <CardPage title={title}>
      <EmailChangeConfirmation token={params.get('token')} />
    </CardPage>
  );
}
