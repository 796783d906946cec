import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../shared/forms/index.js';
import { AUTH_RULES, EMPTY_AUTH_VALUES } from './form-rules.js';

const filled = {
  username: 'alice',
  email: 'alice@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('the login form', () => {
  it('asks for an e-mail and a password, and nothing about the username', () => {
    expect(problemsOf(AUTH_RULES.login, EMPTY_AUTH_VALUES)).toEqual({
      email: { key: 'form.required' },
      password: { key: 'form.required' },
    });
  });

  it('checks the e-mail but never hints at the password rules', () => {
    expect(problemsOf(AUTH_RULES.login, { ...filled, email: 'nope', password: '1' })).toEqual({
      email: { key: 'form.emailInvalid' },
    });
  });
});

describe('the register form', () => {
  it('accepts a complete registration', () => {
    expect(problemsOf(AUTH_RULES.register, filled)).toEqual({});
  });

  it('requires all four fields', () => {
    expect(Object.values(problemsOf(AUTH_RULES.register, EMPTY_AUTH_VALUES))).toEqual(
      Array(4).fill({ key: 'form.required' }),
    );
  });

  it('tells the characters a username may hold, as the profile does', () => {
    expect(problemsOf(AUTH_RULES.register, { ...filled, username: 'jo hn' })).toEqual({
      username: { key: 'form.usernameShape' },
    });
  });

  it('refuses a short password and a confirmation that differs', () => {
    expect(
      problemsOf(AUTH_RULES.register, { ...filled, password: '12345', confirmPassword: '12346' }),
    ).toEqual({
      password: { key: 'form.passwordTooShort', params: { min: 6 } },
      confirmPassword: { key: 'form.passwordMismatch' },
    });
  });
});
