import { LIMITS } from '../../../../common/constants.js';
import { isEmailAddress } from '../../../../common/text/account-rules.js';
import type { AuthMode } from './types.js';

export interface AuthFormValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type AuthField = keyof AuthFormValues;

/** Field -> translation key of the problem; empty when the form may be sent. */
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

/** SPEC 5: username only when registering; e-mail and password always; then length and match. */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  const email = values.email.trim();
  const password = values.password.trim();
  if (mode === 'register' && !values.username.trim()) errors.username = 'auth.error.required';
  if (!email) errors.email = 'auth.error.required';
  else if (!isEmailAddress(email)) errors.email = 'auth.error.emailInvalid';
  if (!password) errors.password = 'auth.error.required';
  if (mode === 'register') {
    if (password && password.length < LIMITS.passwordMin) errors.password = 'auth.passwordTooShort';
    if (!values.confirmPassword.trim()) errors.confirmPassword = 'auth.error.required';
    else if (values.confirmPassword.trim() !== password) errors.confirmPassword = 'auth.passwordMismatch';
  }
  return errors;
}
