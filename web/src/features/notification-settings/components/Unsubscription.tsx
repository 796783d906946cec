import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { isInvalidLink } from '../../account-links/index.js';
import { useUnsubscribe } from '../api/notification-settings.js';

/**
 * The page of an e-mail's visible unsubscribe link. Opening it changes nothing (mail scanners follow
 * links): the person presses the button, which posts what a mail client's one click posts. Done, it says
 * what stopped and leads to the profile's settings; a refused link says so in the page's language.
 */
export function Unsubscription({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();
  const settings = useRef<HTMLAnchorElement>(null);
  const done = unsubscribe.isSuccess;

  useEffect(() => {
    // The button the person pressed is gone: the keyboard goes on from the way to the settings.
    if (done) settings.current?.focus();
  }, [done]);

  const refused = !token || (unsubscribe.isError && isInvalidLink(unsubscribe.error));
  if (refused) {
    return (
      <>
        <Alert tone="error">{t('notificationMail.unsubscribePage.refused')}</Alert>
        <p className="unsubscribe__links">
          <Link to="/profile#notification-settings" className={buttonClasses({ variant: 'primary' })}>
            {t('notificationMail.unsubscribePage.settings')}
          </Link>
        </p>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unsubscribe.isPending) unsubscribe.mutate(token);
  };
  const scope = unsubscribe.data?.unsubscribed;
  return (
    <>
      {!done && (
        <form
          className="stacked-form account-form"
          noValidate
          onSubmit={submit}
          aria-busy={unsubscribe.isPending}
        >
          <p className="account-form__text">{t('notificationMail.unsubscribePage.question')}</p>
          {unsubscribe.isError && (
            <Alert tone="error">
              {errorMessage(t, unsubscribe.error, 'notificationMail.unsubscribePage.error')}
            </Alert>
          )}
          <Button type="submit" variant="primary" block disabled={unsubscribe.isPending}>
            {unsubscribe.isPending && <Spinner size="sm" label={t('auth.submitting')} />}
            {t('notificationMail.unsubscribePage.submit')}
          </Button>
        </form>
      )}
      {/* In the page from the start, so that screen readers announce what the button did. */}
      <StatusMessage
        message={
          scope === undefined
            ? null
            : scope === 'all'
              ? t('notificationMail.unsubscribePage.doneAll')
              : t('notificationMail.unsubscribePage.doneKind', {
                  kind: t(`notificationSettings.kind.${scope}`),
                })
        }
      />
      {done && (
        <p className="unsubscribe__links">
          <Link
            ref={settings}
            to="/profile#notification-settings"
            className={buttonClasses({ variant: 'primary' })}
          >
            {t('notificationMail.unsubscribePage.settings')}
          </Link>
          <Link to="/" className={buttonClasses()}>
            {t('notificationMail.unsubscribePage.home')}
          </Link>
        </p>
      )}
    </>
  );
}
