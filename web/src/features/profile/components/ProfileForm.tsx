import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_LABELS, LANGUAGES } from '../../../../../common/constants.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import { SelectField } from '../../../shared/ui/SelectField.js';
import { EmailStatusBadge, PendingEmailChange, ResendVerification } from '../../account-links/index.js';
import type { UserDto } from '../../auth/index.js';
import { useLanguage } from '../../i18n/index.js';
import { type ProfileChanges, useUpdateProfile } from '../api/profile.js';
import { emailChangedFrom, type ProfileValues, profileRules } from './form-rules.js';
import { ProfileFormCard, useProfileForm } from './ProfileFormCard.js';

const valuesOf = (user: UserDto): ProfileValues => ({
  username: user.username,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  language: user.language,
  currentPassword: '',
});

/** Only what changed is sent (PUT /api/users/profile is a partial update). */
function changesBetween(user: UserDto, values: ProfileValues): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.username.trim() !== user.username) changes.username = values.username.trim();
  if (emailChangedFrom(user.email, values)) {
    changes.email = values.email.trim();
    changes.currentPassword = values.currentPassword.trim();
  }
  if (values.firstName.trim() !== (user.firstName ?? '')) changes.firstName = values.firstName.trim() || null;
  if (values.lastName.trim() !== (user.lastName ?? '')) changes.lastName = values.lastName.trim() || null;
  if (values.language !== user.language && isLanguage(values.language)) changes.language = values.language;
  return changes;
}

export function ProfileForm({ user }: { user: UserDto }) {
  const { t } = useTranslation();
  const { changeLanguage } = useLanguage();
  const update = useUpdateProfile();
  const form = useProfileForm({
    initial: valuesOf(user),
    rules: profileRules(user.email),
    errorKey: 'profile.error.update',
  });

  const emailChanged = emailChangedFrom(user.email, form.values);

  const send = () => {
    const changes = changesBetween(user, form.values);
    if (Object.keys(changes).length === 0) {
      form.markSaved();
      return;
    }
    update.mutate(changes, {
      onSuccess: async (data) => {
        // A new address waits for its link: the field shows the account's until then.
        form.reset(valuesOf(data.user));
        // The preferred language is also the interface's: switch at once.
        if (changes.language) await changeLanguage(changes.language).catch(() => undefined);
        const { pendingEmail } = data.user;
        form.markSaved(
          changes.email && pendingEmail ? t('account.emailChange.sent', { email: pendingEmail }) : undefined,
        );
      },
      onError: form.refused,
    });
  };

  return (
    <ProfileFormCard texts="profile.form" form={form} onSend={send} pending={update.isPending}>
      <TextField {...form.bind('username')} label={t('profile.field.username')} autoComplete="username" />
      <TextField
        {...form.bind('email')}
        label={t('profile.field.email')}
        type="email"
        autoComplete="email"
        // The saved address's state: while another is typed, it would be said of the wrong one.
        hint={emailChanged ? undefined : <EmailStatusBadge verified={user.emailVerified} />}
      />
      {/* While a new address waits, its link is what confirms: no second link for the old one. */}
      {!emailChanged && !user.emailVerified && !user.pendingEmail && (
        <ResendVerification email={user.email} />
      )}
      {!emailChanged && user.pendingEmail && (
        <PendingEmailChange
          pendingEmail={user.pendingEmail}
          onDropped={() => {
            form.markSaved(t('account.emailChange.dropped', { email: user.email }));
            // Its button is gone: the keyboard goes back to the address.
            form.ref.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
          }}
        />
      )}
      {emailChanged && (
        <PasswordField
          {...form.bind('currentPassword')}
          label={t('profile.field.currentPasswordForEmail')}
          autoComplete="current-password"
        />
      )}
      <TextField {...form.bind('firstName')} label={t('profile.field.firstName')} autoComplete="given-name" />
      <TextField {...form.bind('lastName')} label={t('profile.field.lastName')} autoComplete="family-name" />
      <SelectField
        label={t('profile.field.language')}
        name="language"
        value={form.values.language}
        onChange={(event) => form.set('language', event.target.value)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_LABELS[code]}
          </option>
        ))}
      </SelectField>
    </ProfileFormCard>
  );
}
