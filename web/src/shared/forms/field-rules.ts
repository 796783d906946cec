import { LIMITS } from '../../../../common/constants.js';
import { isEmailAddress, isUsernameShape } from '../../../../common/text/account-rules.js';
import type { Problem } from './problems.js';

/**
 * The fields' rules, the server's own (common/text/account-rules.ts, LIMITS, the settings' bounds), as the
 * forms check them while the person types. Each takes the field as typed: surrounding spaces are not sent.
 */

export function requiredProblem(value: string): Problem | undefined {
  return value.trim() ? undefined : { key: 'form.required' };
}

export function usernameProblem(value: string): Problem | undefined {
  const username = value.trim();
  if (!username) return { key: 'form.required' };
  if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax) {
    return { key: 'form.usernameLength', params: { min: LIMITS.usernameMin, max: LIMITS.usernameMax } };
  }
  // Its text lists the characters allowed, so "jo hn" learns what to type instead.
  return isUsernameShape(username) ? undefined : { key: 'form.usernameShape' };
}

export function emailProblem(value: string): Problem | undefined {
  const email = value.trim();
  if (!email) return { key: 'form.required' };
  return email.length <= LIMITS.emailMax && isEmailAddress(email) ? undefined : { key: 'form.emailInvalid' };
}

/** A password being chosen; one being proven (login, current password) is only required. */
export function newPasswordProblem(value: string): Problem | undefined {
  const password = value.trim();
  if (!password) return { key: 'form.required' };
  return password.length < LIMITS.passwordMin
    ? { key: 'form.passwordTooShort', params: { min: LIMITS.passwordMin } }
    : undefined;
}

export function confirmationProblem(confirmation: string, password: string): Problem | undefined {
  if (!confirmation.trim()) return { key: 'form.required' };
  return confirmation.trim() === password.trim() ? undefined : { key: 'form.passwordMismatch' };
}

/** A first or last name: optional, but bounded. */
export function personNameProblem(value: string): Problem | undefined {
  return value.trim().length > LIMITS.personNameMax
    ? { key: 'form.nameTooLong', params: { max: LIMITS.personNameMax } }
    : undefined;
}

/** A count typed in a number field (days, say): digits only, from `min` to `max`. */
export function wholeNumberProblem(value: string, min: number, max: number): Problem | undefined {
  const digits = value.trim();
  const number = Number(digits);
  return /^\d+$/.test(digits) && number >= min && number <= max
    ? undefined
    : { key: 'form.wholeNumber', params: { min, max } };
}
