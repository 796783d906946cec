import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useAuth } from '../../auth/index.js';
import { isInvalidLink, useVerifyEmail } from '../api/account-links.js';
import { RefusedLink } from './RefusedLink.js';

/** Confirms the address of a verification link's `token` as the page opens, and says how it went. */
export function EmailVerification({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { mutate: verify, status, error } = useVerifyEmail();
  const verified = useRef<string | null>(null);

  useEffect(() => {
    // One request per token: strict mode runs effects twice, and the server refuses a link used once.
    if (!token || verified.current === token) return;
    verified.current = token;
    verify(token);
  }, [token, verify]);

  if (!token || (status === 'error' && isInvalidLink(error))) {
    // Most often a link followed twice: nothing is wrong for someone whose address is confirmed.
    if (user?.emailVerified) return <Done text={t('account.verify.already')} signedIn />;
    // A new link is asked for from the profile (signing in first, if need be).
    return <RefusedLink to="/profile" label={t('account.askAgain')} />;
  }
  if (status === 'error') {
    return (
      <>
        <Alert tone="error">{errorMessage(t, error, 'account.verify.error')}</Alert>
        <p>
          <Button variant="primary" onClick={() => verify(token)}>
            {t('browse.tryAgain')}
          </Button>
        </p>
      </>
    );
  }
  if (status !== 'success') return <Spinner label={t('account.verify.pending')} />;
  return <Done text={t('account.verify.done')} signedIn={user !== null} />;
}

/** The address is confirmed: the way on is the profile, which shows it, or home for someone signed out. */
function Done({ text, signedIn }: { text: string; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert tone="success">{text}</Alert>
      <p>
        <Link to={signedIn ? '/profile' : '/'} className={buttonClasses({ variant: 'primary' })}>
          {t(signedIn ? 'account.verify.toProfile' : 'account.verify.home')}
        </Link>
      </p>
    </>
  );
}
