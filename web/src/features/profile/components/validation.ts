import { LIMITS } from '../../../../../common/constants.js';
import { isEmailAddress, isUsernameShape } from '../../../../../common/text/account-rules.js';

export interface ProfileValues {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  /** Asked only when the e-mail changes (the server refuses a new e-mail without it). */
  currentPassword: string;
}

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Field -> translation key (and its parameters) of the problem; empty when the form may be sent. */
export type FieldProblems<T> = Partial<Record<keyof T, { key: string; params?: Record<string, number> }>>;

/** The registration rules of DESIGN.md, the server's own (common/text/account-rules.ts), checked as the user types. */
export function validateProfile(
  values: ProfileValues,
  { emailChanged = false }: { emailChanged?: boolean } = {},
): FieldProblems<ProfileValues> {
  const problems: FieldProblems<ProfileValues> = {};
  if (emailChanged && !values.currentPassword.trim())
    problems.currentPassword = { key: 'profile.error.required' };
  const username = values.username.trim();
  if (!username) problems.username = { key: 'profile.error.required' };
  else if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax) {
    problems.username = {
      key: 'profile.error.usernameLength',
      params: { min: LIMITS.usernameMin, max: LIMITS.usernameMax },
    };
  } else if (!isUsernameShape(username)) problems.username = { key: 'profile.error.usernameShape' };
  const email = values.email.trim();
  if (!email) problems.email = { key: 'profile.error.required' };
  else if (email.length > LIMITS.emailMax || !isEmailAddress(email))
    problems.email = { key: 'profile.error.email' };
  for (const field of ['firstName', 'lastName'] as const) {
    if (values[field].trim().length > LIMITS.personNameMax) {
      problems[field] = { key: 'profile.error.nameTooLong', params: { max: LIMITS.personNameMax } };
    }
  }
  return problems;
}

export function validatePassword(values: PasswordValues): FieldProblems<PasswordValues> {
  const problems: FieldProblems<PasswordValues> = {};
  const next = values.newPassword.trim();
  if (!values.currentPassword.trim()) problems.currentPassword = { key: 'profile.error.required' };
  if (!next) problems.newPassword = { key: 'profile.error.required' };
  else if (next.length < LIMITS.passwordMin) {
    problems.newPassword = { key: 'auth.passwordTooShort', params: { min: LIMITS.passwordMin } };
  }
  if (!values.confirmPassword.trim()) problems.confirmPassword = { key: 'profile.error.required' };
  else if (values.confirmPassword.trim() !== next)
    problems.confirmPassword = { key: 'auth.passwordMismatch' };
  return problems;
}
