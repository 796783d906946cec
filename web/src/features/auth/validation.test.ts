import { describe, expect, it } from 'vitest';
import { validateAuthForm } from './validation.js';

const filled = {
  username: 'alice',
  email: 'alice@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('validateAuthForm', () => {
  it('accepts a complete registration', () => {
    expect(validateAuthForm('register', filled)).toEqual({});
  });

  it('requires the username only when registering', () => {
    expect(validateAuthForm('login', { ...filled, username: '' })).toEqual({});
    expect(validateAuthForm('register', { ...filled, username: ' ' })).toEqual({
      username: 'auth.error.required',
    });
  });

  it('reports a password under 6 characters as passwordTooShort', () => {
    expect(validateAuthForm('register', { ...filled, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'auth.passwordTooShort',
    });
  });

  it('reports different passwords as passwordMismatch', () => {
    expect(validateAuthForm('register', { ...filled, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'auth.passwordMismatch',
    });
  });

  it('requires e-mail and password at login and checks the e-mail shape', () => {
    expect(validateAuthForm('login', { ...filled, email: '', password: '' })).toEqual({
      email: 'auth.error.required',
      password: 'auth.error.required',
    });
    expect(validateAuthForm('login', { ...filled, email: 'nope' })).toEqual({
      email: 'auth.error.emailInvalid',
    });
  });
});
