import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/index.js';
import { useForm } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { TextField } from '../../../shared/ui/Field.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useRequestPasswordReset } from '../api/account-links.js';
import { RESET_REQUEST_RULES } from '../form-rules.js';

/**
 * Asks for a reset link. Once sent it says the same whether or not an account has the address: the page
 * must not tell a stranger who has an account.
 */
export function PasswordResetRequestForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initial: { email: initialEmail },
    rules: RESET_REQUEST_RULES,
    // "On its way" was about the address sent, not about the one being typed.
    onEdit: () => setSent(false),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setSent(false);
    if (!form.submit()) return;
    try {
      await request.mutateAsync(form.values.email);
      setSent(true);
    } catch (error) {
      form.refuse(error, errorMessage(t, error, 'account.linkError'));
    }
  };

  return (
    <form
      ref={form.ref}
      className="stacked-form account-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={request.isPending}
    >
      <p className="account-form__text">{t('account.reset.request.text')}</p>
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      <TextField
        {...form.bind('email')}
        type="email"
        label={t('auth.field.email')}
        autoComplete="email"
        inputMode="email"
      />
      <StatusMessage message={sent ? t('account.reset.request.sent') : null} />
      <Button type="submit" variant="primary" block disabled={request.isPending}>
        {request.isPending && <Spinner size="sm" label={t('auth.submitting')} />}
        {t('account.reset.request.submit')}
      </Button>
      <p className="account-form__aside">
        {t('account.reset.request.remembered')} <Link to="/login">{t('account.reset.request.login')}</Link>
      </p>
    </form>
  );
}
