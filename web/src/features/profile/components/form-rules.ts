import {
  confirmationProblem,
  emailProblem,
  type FieldRules,
  newPasswordProblem,
  personNameProblem,
  requiredProblem,
  usernameProblem,
} from '../../../shared/forms/index.js';

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

/** The server keeps e-mails lower-cased: only another address counts as a change. */
export function emailChangedFrom(accountEmail: string, values: ProfileValues): boolean {
  return values.email.trim().toLowerCase() !== accountEmail;
}

export function profileRules(accountEmail: string): FieldRules<ProfileValues> {
  return {
    username: usernameProblem,
    email: emailProblem,
    currentPassword: (value, values) =>
      emailChangedFrom(accountEmail, values) ? requiredProblem(value) : undefined,
    firstName: personNameProblem,
    lastName: personNameProblem,
  };
}

export const PASSWORD_RULES: FieldRules<PasswordValues> = {
  currentPassword: requiredProblem,
  newPassword: newPasswordProblem,
  confirmPassword: (value, values) => confirmationProblem(value, values.newPassword),
};
