import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmailVerification } from '../../features/account-links/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { CardPage } from '../../shared/ui/CardPage.js';

/** /verify-email?token=: the page of the link mailed to confirm an address, signed in or not. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const title = t('account.verify.title');
  useDocumentTitle(title);
  return (
    <CardPage title={title}>
      <EmailVerification token={params.get('token')} />
    </CardPage>
  );
}
