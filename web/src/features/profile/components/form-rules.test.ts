import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../../shared/forms/index.js';
import { PASSWORD_RULES, profileRules } from './form-rules.js';

const profile = {
  username: 'lea',
  firstName: '',
  lastName: '',
  email: 'lea@example.test',
  language: 'fr',
  currentPassword: '',
};
const rules = profileRules('lea@example.test');

describe('the profile form', () => {
  it('accepts the account as it is', () => {
    expect(problemsOf(rules, profile)).toEqual({});
  });

  it('checks the username, e-mail and names with the account rules', () => {
    expect(
      problemsOf(rules, {
        ...profile,
        username: 'le',
        lastName: 'x'.repeat(81),
        email: 'nope',
        currentPassword: 'secret',
      }),
    ).toEqual({
      username: { key: 'form.usernameLength', params: { min: 3, max: 32 } },
      email: { key: 'form.emailInvalid' },
      lastName: { key: 'form.nameTooLong', params: { max: 80 } },
    });
  });

  it('asks for the current password only when the e-mail changes, whatever its case', () => {
    expect(problemsOf(rules, { ...profile, email: 'LEA@example.test' })).toEqual({});
    expect(problemsOf(rules, { ...profile, email: 'new@example.test' })).toEqual({
      currentPassword: { key: 'form.required' },
    });
    expect(problemsOf(rules, { ...profile, email: 'new@example.test', currentPassword: 'secret' })).toEqual(
      {},
    );
  });
});

describe('the password form', () => {
  it('needs the current password, a new one of 6 characters or more and the same confirmation', () => {
    const base = { currentPassword: 'old-one', newPassword: 'brand new', confirmPassword: 'brand new' };
    expect(problemsOf(PASSWORD_RULES, base)).toEqual({});
    expect(
      problemsOf(PASSWORD_RULES, { currentPassword: '', newPassword: '12345', confirmPassword: 'other' }),
    ).toEqual({
      currentPassword: { key: 'form.required' },
      newPassword: { key: 'form.passwordTooShort', params: { min: 6 } },
      confirmPassword: { key: 'form.passwordMismatch' },
    });
  });
});
