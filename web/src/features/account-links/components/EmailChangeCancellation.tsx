import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { isInvalidLink, useCancelEmailChange } from '../api/account-links.js';
import { RefusedLink } from './RefusedLink.js';

/**
 * Cancels a change of address with the `token` of the link mailed to the old address. Not on load: it
 * ends every session of the account, so the person asks for it. Done, the ways on are signing in again
 * and, for someone who fears their password is known, choosing a new one.
 */
export function EmailChangeCancellation({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const cancel = useCancelEmailChange();
  const login = useRef<HTMLAnchorElement>(null);
  const done = cancel.isSuccess;

  useEffect(() => {
    // The button the person pressed is gone: the keyboard goes on from the first way on.
    if (done) login.current?.focus();
  }, [done]);

  if (!token) return <RefusedLink to="/" label={t('account.verify.home')} />;
  if (cancel.isError && isInvalidLink(cancel.error)) {
    return <RefusedLink to="/" label={t('account.verify.home')} takeFocus />;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cancel.isPending) cancel.mutate(token);
  };
  return (
    <>
      {!done && (
        <form className="stacked-form account-form" noValidate onSubmit={submit} aria-busy={cancel.isPending}>
          <p className="account-form__text">{t('account.emailChange.cancel.text')}</p>
          {cancel.isError && (
            <Alert tone="error">{errorMessage(t, cancel.error, 'account.emailChange.cancel.error')}</Alert>
          )}
          <Button type="submit" variant="primary" block disabled={cancel.isPending}>
            {cancel.isPending && <Spinner size="sm" label={t('auth.submitting')} />}
            {t('account.emailChange.cancel.submit')}
          </Button>
        </form>
      )}
      {/* In the page from the start, so that screen readers announce what the button did. */}
      <StatusMessage message={done ? t('account.emailChange.cancel.done') : null} />
      {done && (
        <>
          <p>{t('account.emailChange.cancel.next')}</p>
          <p className="account-form__links">
            <Link ref={login} to="/login" className={buttonClasses({ variant: 'primary' })}>
              {t('account.reset.request.login')}
            </Link>
            <Link to="/reset-password" className={buttonClasses()}>
              {t('account.forgotPassword')}
            </Link>
          </p>
        </>
      )}
    </>
  );
}
