import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../../common/constants.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import { useCreateUser } from '../api/users.js';

const EMPTY = { email: '', username: '', password: '', firstName: '', lastName: '', isAdmin: false };

/** SPEC 8 "Users": a 409 names what is taken; anything else is 'Failed to add user' unless the code has a text. */
function addUserError(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.status === 409) {
    if (error.code === 'EMAIL_EXISTS') return t('adminPeople.users.error.emailExists');
    if (error.code === 'USERNAME_EXISTS') return t('adminPeople.users.error.usernameExists');
    return t('adminPeople.users.error.conflict');
  }
  return errorMessage(t, error, 'adminPeople.users.error.add');
}

export function AddUserForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [values, setValues] = useState(EMPTY);
  const [tooShort, setTooShort] = useState(false);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  // SPEC 5 "User add": Save stays disabled until the required fields hold more than spaces.
  const complete = Boolean(values.email.trim() && values.username.trim() && values.password.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    if (values.password.trim().length < LIMITS.passwordMin) {
      setTooShort(true);
      return;
    }
    create.mutate(
      {
        email: values.email.trim(),
        username: values.username.trim(),
        password: values.password.trim(),
        firstName: values.firstName.trim() || null,
        lastName: values.lastName.trim() || null,
        isAdmin: values.isAdmin,
      },
      {
        onSuccess: (data) => {
          setValues(EMPTY);
          onDone(t('adminPeople.users.added', { username: data.user.username }));
        },
      },
    );
  };

  return (
    <form className="admin-card admin-form" onSubmit={submit} noValidate aria-labelledby="add-user-title">
      <h2 id="add-user-title" className="admin-card__title">
        {t('adminPeople.users.addTitle')}
      </h2>
      {create.isError && <Alert tone="error">{addUserError(t, create.error)}</Alert>}
      <div className="admin-form__grid">
        <TextField
          label={`${t('adminPeople.users.field.email')} *`}
          name="email"
          type="email"
          autoComplete="off"
          required
          value={values.email}
          onChange={set('email')}
        />
        <TextField
          label={`${t('adminPeople.users.field.username')} *`}
          name="username"
          autoComplete="off"
          required
          value={values.username}
          onChange={set('username')}
        />
        <PasswordField
          label={`${t('adminPeople.users.field.password')} *`}
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(event) => {
            setTooShort(false);
            set('password')(event);
          }}
          error={tooShort ? t('auth.passwordTooShort', { min: LIMITS.passwordMin }) : undefined}
        />
        <TextField
          label={t('adminPeople.users.field.firstName')}
          name="firstName"
          value={values.firstName}
          onChange={set('firstName')}
        />
        <TextField
          label={t('adminPeople.users.field.lastName')}
          name="lastName"
          value={values.lastName}
          onChange={set('lastName')}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isAdmin}
          onChange={(event) => setValues((current) => ({ ...current, isAdmin: event.target.checked }))}
        />
        {t('adminPeople.users.field.isAdmin')}
      </label>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={!complete || create.isPending}>
          {t('action.save')}
        </Button>
        <Button
          onClick={() => {
            setValues(EMPTY);
            create.reset();
            onDone('');
          }}
        >
          {t('action.cancel')}
        </Button>
      </div>
    </form>
  );
}
