import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../shared/ui/Field.js';
import { useChangePassword } from '../api/profile.js';
import { PASSWORD_RULES, type PasswordValues } from './form-rules.js';
import { ProfileFormCard, useProfileForm } from './ProfileFormCard.js';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useProfileForm({ initial: EMPTY, rules: PASSWORD_RULES, errorKey: 'profile.password.error' });

  const send = () => {
    const { currentPassword, newPassword } = form.values;
    change.mutate(
      { currentPassword: currentPassword.trim(), newPassword: newPassword.trim() },
      {
        onSuccess: () => {
          form.reset();
          form.markSaved();
        },
        onError: form.refused,
      },
    );
  };

  return (
    <ProfileFormCard texts="profile.password" form={form} onSend={send} pending={change.isPending}>
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
