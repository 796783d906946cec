import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LIMITS } from '../../../../../common/constants.js';
import { errorMessage, isApiError } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLogin, useRegister } from '../session.js';
import type { AuthMode } from '../types.js';
import {
  type AuthField,
  type AuthFieldErrors,
  type AuthFormValues,
  validateAuthForm,
} from '../validation.js';
import './auth-form.css';

const EMPTY: AuthFormValues = { username: '', email: '', password: '', confirmPassword: '' };

export interface AuthFormProps {
  mode: AuthMode;
  /** The parent re-keys the form on a mode change, which clears fields, error and success message. */
  onModeChange: (mode: AuthMode) => void;
}

/** Login and register form shared by the auth dialog and the /login page. */
export function AuthForm({ mode, onModeChange }: AuthFormProps) {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const register = useRegister();
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({});
  const [serverFieldError, setServerFieldError] = useState<{ field: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = login.isPending || register.isPending;
  const isRegister = mode === 'register';

  // After a refused submit, put the keyboard where the problem is.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const update = (field: AuthField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _, ...rest }) => rest);
    if (serverFieldError?.field === field) setServerFieldError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setServerFieldError(null);
    setSuccess(null);
    const errors = validateAuthForm(mode, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    try {
      if (isRegister) {
        const language = isLanguage(i18n.language) ? i18n.language : 'fr';
        await register.mutateAsync({ ...values, language });
      } else {
        await login.mutateAsync(values);
      }
      setSuccess(t(isRegister ? 'auth.registerSuccess' : 'auth.loginSuccess'));
    } catch (error) {
      const message = errorMessage(t, error, isRegister ? 'auth.register.error' : 'auth.login.error');
      const field = isApiError(error) ? error.field : undefined;
      // A refusal about one field is shown under that field, where the user will fix it.
      if (field && field in EMPTY) {
        setServerFieldError({ field, message });
        setAttempt((n) => n + 1);
      } else {
        setFormError(message);
      }
    }
  };

  const fieldError = (field: AuthField) => {
    const key = fieldErrors[field];
    if (key) return t(key, { min: LIMITS.passwordMin });
    return serverFieldError?.field === field ? serverFieldError.message : undefined;
  };

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      {formError && <Alert tone="error">{formError}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      {isRegister && (
        <TextField
          name="username"
          label={t('auth.field.username')}
          autoComplete="username"
          value={values.username}
          onChange={update('username')}
          error={fieldError('username')}
          data-autofocus
        />
      )}
      <TextField
        name="email"
        type="email"
        label={t('auth.field.email')}
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={update('email')}
        error={fieldError('email')}
        data-autofocus={isRegister ? undefined : true}
      />
      <PasswordField
        name="password"
        label={t('auth.field.password')}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        value={values.password}
        onChange={update('password')}
        error={fieldError('password')}
      />
      {isRegister && (
        <PasswordField
          name="confirmPassword"
          label={t('auth.field.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={update('confirmPassword')}
          error={fieldError('confirmPassword')}
        />
      )}
      <Button type="submit" variant="primary" block disabled={pending}>
        {pending && <Spinner size="sm" label={t('auth.submitting')} />}
        {t(isRegister ? 'auth.register.submit' : 'auth.login.submit')}
      </Button>
      <p className="auth-form__switch">
        {t(isRegister ? 'auth.register.hasAccount' : 'auth.login.noAccount')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => onModeChange(isRegister ? 'login' : 'register')}
        >
          {t(isRegister ? 'auth.register.switch' : 'auth.login.switch')}
        </button>
      </p>
    </form>
  );
}
