import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { useForm } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField } from '../../../shared/ui/Field.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { isInvalidLink, useResetPassword } from '../api/account-links.js';
import { NEW_PASSWORD_RULES, type NewPasswordValues } from '../form-rules.js';
import { RefusedLink } from './RefusedLink.js';

const EMPTY: NewPasswordValues = { password: '', confirmPassword: '' };

/**
 * Chooses a new password with a reset link's `token`. Saved, the person is signed in here (every other
 * session has ended) and `onReset` leads on; a refused link gives the way to a new one.
 */
export function NewPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm({ initial: EMPTY, rules: NEW_PASSWORD_RULES });
  const [linkRefused, setLinkRefused] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    if (!form.submit()) return;
    try {
      await reset.mutateAsync({ token, password: form.values.password });
      onReset();
    } catch (error) {
      if (isInvalidLink(error)) setLinkRefused(true);
      // A password the server finds too weak comes back naming its field, and shows under it.
      else form.refuse(error, errorMessage(t, error, 'account.reset.new.error'));
    }
  };

  if (linkRefused) return <RefusedLink to="/reset-password" label={t('account.askAgain')} takeFocus />;

  return (
    <form
      ref={form.ref}
      className="stacked-form account-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={reset.isPending}
    >
      <p className="account-form__text">{t('account.reset.new.text')}</p>
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      <PasswordField
        {...form.bind('password')}
        label={t('account.reset.new.password')}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.bind('confirmPassword')}
        label={t('account.reset.new.confirm')}
        autoComplete="new-password"
      />
      <Button type="submit" variant="primary" block disabled={reset.isPending}>
        {reset.isPending && <Spinner size="sm" label={t('auth.submitting')} />}
        {t('account.reset.new.submit')}
      </Button>
    </form>
  );
}
