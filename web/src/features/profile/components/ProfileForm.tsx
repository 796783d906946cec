import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_LABELS, LANGUAGES } from '../../../../../common/constants.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import type { UserDto } from '../../auth/index.js';
import { useLanguage } from '../../i18n/index.js';
import { type ProfileChanges, useUpdateProfile } from '../api/profile.js';
import { useFormProblems } from './useFormProblems.js';
import { type ProfileValues, validateProfile } from './validation.js';

const valuesOf = (user: UserDto): ProfileValues => ({
  username: user.username,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  language: user.language,
  currentPassword: '',
});

const emailChangedFrom = (user: UserDto, values: ProfileValues) =>
  values.email.trim().toLowerCase() !== user.email;

/** Only what changed is sent (PUT /api/users/profile is a partial update). */
function changesBetween(user: UserDto, values: ProfileValues): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.username.trim() !== user.username) changes.username = values.username.trim();
  if (emailChangedFrom(user, values)) {
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
  const [values, setValues] = useState(() => valuesOf(user));
  const [saved, setSaved] = useState(false);
  const emailChanged = emailChangedFrom(user, values);
  const form = useFormProblems(validateProfile(values, { emailChanged }));
  const conflictField =
    isApiError(update.error) && update.error.status === 409 ? update.error.field : undefined;
  const wrongCurrent = isApiError(update.error) && update.error.field === 'currentPassword';

  const set = (field: keyof ProfileValues) => (event: { target: { value: string } }) => {
    setSaved(false);
    if (update.isError) update.reset();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    const changes = changesBetween(user, values);
    if (Object.keys(changes).length === 0) {
      setSaved(true);
      return;
    }
    update.mutate(changes, {
      onSuccess: async (data) => {
        setValues(valuesOf(data.user));
        form.reset();
        // The preferred language is also the interface's: switch at once.
        if (changes.language) await changeLanguage(changes.language).catch(() => undefined);
        setSaved(true);
      },
    });
  };

  const fieldError = (field: keyof ProfileValues) =>
    form.errorOf(field) ??
    (conflictField === field && update.error
      ? errorMessage(t, update.error, 'profile.error.update')
      : undefined);

  return (
    <form className="profile-card" onSubmit={submit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="profile-card__title">
        {t('profile.form.title')}
      </h2>
      <div className="profile-grid">
        <TextField
          label={t('profile.field.username')}
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={set('username')}
          onBlur={form.touch('username')}
          error={fieldError('username')}
        />
        <TextField
          label={t('profile.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          onBlur={form.touch('email')}
          error={fieldError('email')}
        />
        {emailChanged && (
          <PasswordField
            label={t('profile.field.currentPasswordForEmail')}
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            onBlur={form.touch('currentPassword')}
            error={
              form.errorOf('currentPassword') ??
              (wrongCurrent ? t('profile.password.wrongCurrent') : undefined)
            }
          />
        )}
        <TextField
          label={t('profile.field.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          onBlur={form.touch('firstName')}
          error={fieldError('firstName')}
        />
        <TextField
          label={t('profile.field.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          onBlur={form.touch('lastName')}
          error={fieldError('lastName')}
        />
        <label className="field">
          <span className="field__label">{t('profile.field.language')}</span>
          <select className="field__input" name="language" value={values.language} onChange={set('language')}>
            {LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_LABELS[code]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {update.isError && !conflictField && !wrongCurrent && (
        <Alert tone="error">{errorMessage(t, update.error, 'profile.error.update')}</Alert>
      )}
      {saved && <Alert tone="success">{t('profile.form.saved')}</Alert>}
      <div className="profile-actions">
        <Button type="submit" variant="primary" disabled={update.isPending}>
          {t(update.isPending ? 'profile.saving' : 'profile.form.submit')}
        </Button>
      </div>
    </form>
  );
}
