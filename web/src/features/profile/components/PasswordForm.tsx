import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField } from '../../../shared/ui/Field.js';
import { useChangePassword } from '../api/profile.js';
import { useFormProblems } from './useFormProblems.js';
import { type PasswordValues, validatePassword } from './validation.js';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [saved, setSaved] = useState(false);
  const form = useFormProblems(validatePassword(values));
  const wrongCurrent = isApiError(change.error) && change.error.field === 'currentPassword';

  const set = (field: keyof PasswordValues) => (event: { target: { value: string } }) => {
    setSaved(false);
    if (change.isError) change.reset();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    change.mutate(
      { currentPassword: values.currentPassword.trim(), newPassword: values.newPassword.trim() },
      {
        onSuccess: () => {
          setValues(EMPTY);
          form.reset();
          setSaved(true);
        },
      },
    );
  };

  return (
    <form className="profile-card" onSubmit={submit} noValidate aria-labelledby="password-form-title">
      <h2 id="password-form-title" className="profile-card__title">
        {t('profile.password.title')}
      </h2>
      <div className="profile-grid">
        <PasswordField
          label={t('profile.password.current')}
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          onBlur={form.touch('currentPassword')}
          error={
            form.errorOf('currentPassword') ?? (wrongCurrent ? t('profile.password.wrongCurrent') : undefined)
          }
        />
        <PasswordField
          label={t('profile.password.new')}
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          onBlur={form.touch('newPassword')}
          error={form.errorOf('newPassword')}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          onBlur={form.touch('confirmPassword')}
          error={form.errorOf('confirmPassword')}
        />
      </div>
      {change.isError && !wrongCurrent && (
        <Alert tone="error">{errorMessage(t, change.error, 'profile.password.error')}</Alert>
      )}
      {saved && <Alert tone="success">{t('profile.password.saved')}</Alert>}
      <div className="profile-actions">
        <Button type="submit" variant="primary" disabled={change.isPending}>
          {t(change.isPending ? 'profile.saving' : 'profile.password.submit')}
        </Button>
      </div>
    </form>
  );
}
