import {
  confirmationProblem,
  emailProblem,
  type FieldRules,
  newPasswordProblem,
  requiredProblem,
  usernameProblem,
} from '../../shared/forms/index.js';
import type { AuthMode } from './types.js';

export interface AuthValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_AUTH_VALUES: AuthValues = { username: '', email: '', password: '', confirmPassword: '' };

/**
 * SPEC 5: signing in asks only for an e-mail and a password (a wrong one is the server's 401, never a
 * hint); registering checks the account's fields as the profile does.
 */
export const AUTH_RULES: Record<AuthMode, FieldRules<AuthValues>> = {
  login: { email: emailProblem, password: requiredProblem },
  register: {
    username: usernameProblem,
    email: emailProblem,
    password: newPasswordProblem,
    confirmPassword: (value, values) => confirmationProblem(value, values.password),
  },
};
