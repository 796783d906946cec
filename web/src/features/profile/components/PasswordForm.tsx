import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../../shared/forms/index.js';
import { PasswordField } from '../../../shared/ui/Field.js';
import { useChangePassword } from '../api/profile.js';
import { PASSWORD_RULES, type PasswordValues } from './form-rules.js';
import { ProfileFormCard } from './ProfileFormCard.js';
import { refusalMessage } from './refusal-message.js';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [saved, setSaved] = useState(false);
  const form = useForm({ initial: EMPTY, rules: PASSWORD_RULES, onEdit: () => setSaved(false) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    const { currentPassword, newPassword } = form.values;
    change.mutate(
      { currentPassword: currentPassword.trim(), newPassword: newPassword.trim() },
      {
        onSuccess: () => {
          form.reset();
          setSaved(true);
        },
        onError: (error) => form.refuse(error, refusalMessage(t, error, 'profile.password.error')),
      },
    );
  };

  return (
    <ProfileFormCard
      titleId="password-form-title"
      title={t('profile.password.title')}
      form={form}
      onSubmit={submit}
      savedNotice={saved ? t('profile.password.saved') : null}
      pending={change.isPending}
      submitLabel={t('profile.password.submit')}
    >
      <PasswordField
        {...form.bind('currentPassword')}
        label={t('profile.password.current')}
        autoComplete="current-password"
      />
      <PasswordField
        {...form.bind('newPassword')}
        label={t('profile.password.new')}
        autoComplete="new-password"
      />
      <PasswordField
        {...form.bind('confirmPassword')}
        label={t('profile.password.confirm')}
        autoComplete="new-password"
      />
    </ProfileFormCard>
  );
}
