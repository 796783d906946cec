import { describe, expect, it } from 'vitest';
import { validatePassword, validateProfile } from './validation.js';

const profile = {
  username: 'lea',
  firstName: '',
  lastName: '',
  email: 'lea@example.test',
  language: 'fr',
  currentPassword: '',
};

describe('validateProfile', () => {
  it('accepts a valid profile and refuses short usernames, odd characters and bad e-mails', () => {
    expect(validateProfile(profile)).toEqual({});
    expect(validateProfile({ ...profile, username: 'le' }).username?.key).toBe(
      'profile.error.usernameLength',
    );
    expect(validateProfile({ ...profile, username: 'lé a' }).username?.key).toBe(
      'profile.error.usernameShape',
    );
    expect(validateProfile({ ...profile, email: 'nope' }).email?.key).toBe('profile.error.email');
    expect(validateProfile({ ...profile, lastName: 'x'.repeat(81) }).lastName?.key).toBe(
      'profile.error.nameTooLong',
    );
  });

  it('asks for the current password only when the e-mail changes', () => {
    expect(validateProfile(profile, { emailChanged: true }).currentPassword?.key).toBe(
      'profile.error.required',
    );
    expect(validateProfile({ ...profile, currentPassword: 'secret' }, { emailChanged: true })).toEqual({});
    expect(validateProfile(profile, { emailChanged: false }).currentPassword).toBeUndefined();
  });
});

describe('validatePassword', () => {
  it('needs at least 6 characters and a matching confirmation', () => {
    const base = { currentPassword: 'old-one', newPassword: 'brand new', confirmPassword: 'brand new' };
    expect(validatePassword(base)).toEqual({});
    expect(
      validatePassword({ ...base, newPassword: '12345', confirmPassword: '12345' }).newPassword?.key,
    ).toBe('auth.passwordTooShort');
    expect(validatePassword({ ...base, confirmPassword: 'other' }).confirmPassword?.key).toBe(
      'auth.passwordMismatch',
    );
  });
});
