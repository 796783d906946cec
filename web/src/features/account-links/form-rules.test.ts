import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../shared/forms/index.js';
import { NEW_PASSWORD_RULES, RESET_REQUEST_RULES } from './form-rules.js';

describe('the reset request form', () => {
  it('asks for an address and refuses a malformed one', () => {
    expect(problemsOf(RESET_REQUEST_RULES, { email: '' })).toEqual({ email: { key: 'form.required' } });
    expect(problemsOf(RESET_REQUEST_RULES, { email: 'nope' })).toEqual({
      email: { key: 'form.emailInvalid' },
    });
    expect(problemsOf(RESET_REQUEST_RULES, { email: ' alice@example.com ' })).toEqual({});
  });
});

describe('the new password form', () => {
  it('holds the new password to the rules of registration', () => {
    expect(problemsOf(NEW_PASSWORD_RULES, { password: '12345', confirmPassword: '12346' })).toEqual({
      password: { key: 'form.passwordTooShort', params: { min: 6 } },
      confirmPassword: { key: 'form.passwordMismatch' },
    });
    expect(problemsOf(NEW_PASSWORD_RULES, { password: '', confirmPassword: '' })).toEqual({
      password: { key: 'form.required' },
      confirmPassword: { key: 'form.required' },
    });
    expect(problemsOf(NEW_PASSWORD_RULES, { password: 'secret1', confirmPassword: ' secret1' })).toEqual({});
  });
});
