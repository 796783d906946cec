import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import {
  emailProblem,
  type FieldRules,
  newPasswordProblem,
  personNameProblem,
  useForm,
  usernameProblem,
} from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import { useCreateUser } from '../api/users.js';

const EMPTY = { email: '', username: '', password: '', firstName: '', lastName: '', isAdmin: false };

const RULES: FieldRules<typeof EMPTY> = {
  email: emailProblem,
  username: usernameProblem,
  password: newPasswordProblem,
  firstName: personNameProblem,
  lastName: personNameProblem,
};

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
  const form = useForm({
    initial: EMPTY,
    rules: RULES,
    onEdit: () => {
      if (create.isError) create.reset();
    },
  });
  const { values } = form;
  // SPEC 5 "User add": Save stays disabled until the required fields hold more than spaces.
  const complete = Boolean(values.email.trim() && values.username.trim() && values.password.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || !form.submit()) return;
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
          form.reset();
          onDone(t('adminPeople.users.added', { username: data.user.username }));
        },
      },
    );
  };

  return (
    <form
      ref={form.ref}
      className="admin-card admin-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-user-title"
    >
      <h2 id="add-user-title" className="admin-card__title">
        {t('adminPeople.users.addTitle')}
      </h2>
      {/* Even a refusal naming a field stays up here: the spec's texts say which value is taken. */}
      {create.isError && <Alert tone="error">{addUserError(t, create.error)}</Alert>}
      <div className="admin-form__grid">
        <TextField
          {...form.bind('email')}
          label={`${t('adminPeople.users.field.email')} *`}
          type="email"
          autoComplete="off"
          required
        />
        <TextField
          {...form.bind('username')}
          label={`${t('adminPeople.users.field.username')} *`}
          autoComplete="off"
          required
        />
        <PasswordField
          {...form.bind('password')}
          label={`${t('adminPeople.users.field.password')} *`}
          autoComplete="new-password"
          required
        />
        <TextField {...form.bind('firstName')} label={t('adminPeople.users.field.firstName')} />
        <TextField {...form.bind('lastName')} label={t('adminPeople.users.field.lastName')} />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={values.isAdmin}
          onChange={(event) => form.set('isAdmin', event.target.checked)}
        />
        {t('adminPeople.users.field.isAdmin')}
      </label>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={!complete || create.isPending}>
          {t('action.save')}
        </Button>
        <Button
          onClick={() => {
            form.reset();
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
