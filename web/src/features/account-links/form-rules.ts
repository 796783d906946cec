import {
  confirmationProblem,
  emailProblem,
  type FieldRules,
  newPasswordProblem,
} from '../../shared/forms/index.js';

/** Asking for a reset link: an address, checked as registration checks it. */
export const RESET_REQUEST_RULES: FieldRules<{ email: string }> = { email: emailProblem };

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** A password chosen through a reset link follows registration's rules (web/src/features/auth/form-rules.ts). */
export const NEW_PASSWORD_RULES: FieldRules<NewPasswordValues> = {
  password: newPasswordProblem,
  confirmPassword: (value, values) => confirmationProblem(value, values.password),
};
