import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useAuth } from '../../auth/index.js';
import { isInvalidLink, useConfirmEmailChange } from '../api/account-links.js';
import { RefusedLink } from './RefusedLink.js';

/** Confirms the new address of a change link's `token` as the page opens, and says which address it is now. */
export function EmailChangeConfirmation({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { mutate: confirm, status, error, data } = useConfirmEmailChange();
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    // One request per token: strict mode runs effects twice, and the server refuses a link used once.
    if (!token || confirmed.current === token) return;
    confirmed.current = token;
    confirm(token);
  }, [token, confirm]);

  if (!token || (status === 'error' && isInvalidLink(error))) {
    // Used, expired or cancelled: the profile shows the address the account has, and changes it again.
    return <RefusedLink to="/profile" label={t('account.verify.toProfile')} />;
  }
  if (status === 'error') {
    // EMAIL_EXISTS (another account took the address meanwhile) is said in the person's language.
    return (
      <>
        <Alert tone="error">{errorMessage(t, error, 'account.emailChange.confirm.error')}</Alert>
        <p>
          <Button variant="primary" onClick={() => confirm(token)}>
            {t('browse.tryAgain')}
          </Button>
        </p>
      </>
    );
  }
  if (status !== 'success') return <Spinner label={t('account.emailChange.confirm.pending')} />;
  const signedIn = user !== null;
  return (
    <>
      <Alert tone="success">{t('account.emailChange.confirm.done', { email: data.user.email })}</Alert>
      <p>
        {/* Signed out, the way on is signing in with the new address. */}
        <Link to={signedIn ? '/profile' : '/login'} className={buttonClasses({ variant: 'primary' })}>
          {t(signedIn ? 'account.verify.toProfile' : 'account.reset.request.login')}
        </Link>
      </p>
    </>
  );
}
