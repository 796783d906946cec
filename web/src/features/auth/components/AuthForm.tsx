import { type FormEvent, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../../../common/constants.js';
import { errorMessage } from '../../../shared/api/index.js';
import { useForm } from '../../../shared/forms/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { AUTH_RULES, EMPTY_AUTH_VALUES } from '../form-rules.js';
import { useLogin, useRegister } from '../session.js';
import type { AuthMode, ResetPasswordState } from '../types.js';
import { useAuthDialog } from './auth-dialog-context.js';
import '../../../shared/ui/stacked-form.css';
import './auth-form.css';

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
  const { welcomeNewcomer, closeAuthDialog } = useAuthDialog();
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm({ initial: EMPTY_AUTH_VALUES, rules: AUTH_RULES[mode] });
  const pending = login.isPending || register.isPending;
  const isRegister = mode === 'register';

  // The form loads on demand (LazyAuthForm.tsx): when it arrives in a dialog already open, the dialog
  // has given the focus to what it held then; the form takes it for its first field, as at an opening.
  useLayoutEffect(() => {
    const element = form.ref.current;
    if (!element?.closest('dialog[open]') || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [form.ref]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSuccess(null);
    if (!form.submit()) return;
    const { username, email, password } = form.values;
    try {
      if (isRegister) {
        const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
        await register.mutateAsync({ username, email, password, language });
        // The dialog closes as the session starts: the welcome is said on the page, where it stays.
        welcomeNewcomer(username.trim());
      } else {
        await login.mutateAsync({ email, password });
      }
      setSuccess(t(isRegister ? 'auth.registerSuccess' : 'auth.loginSuccess'));
    } catch (error) {
      form.refuse(error, errorMessage(t, error, isRegister ? 'auth.register.error' : 'auth.login.error'));
    }
  };

  return (
    <form
      ref={form.ref}
      className="stacked-form auth-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={pending}
    >
      {form.refusal && <Alert tone="error">{form.refusal}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      {isRegister && (
        <TextField
          {...form.bind('username')}
          label={t('auth.field.username')}
          autoComplete="username"
          data-autofocus
        />
      )}
      <TextField
        {...form.bind('email')}
        type="email"
        label={t('auth.field.email')}
        autoComplete="email"
        inputMode="email"
        data-autofocus={isRegister ? undefined : true}
      />
      <PasswordField
        {...form.bind('password')}
        label={t('auth.field.password')}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
      />
      {!isRegister && (
        <p className="auth-form__forgot">
          {/* The address typed so far comes along; the dialog closes, as the page it covers goes. */}
          <Link
            to="/reset-password"
            state={{ email: form.values.email.trim() } satisfies ResetPasswordState}
            onClick={closeAuthDialog}
          >
            {t('account.forgotPassword')}
          </Link>
        </p>
      )}
      {isRegister && (
        <PasswordField
          {...form.bind('confirmPassword')}
          label={t('auth.field.confirmPassword')}
          autoComplete="new-password"
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
