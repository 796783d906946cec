import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../common/constants.js';
import { uiCatalog } from '../../../../common/i18n/index.js';
import {
  confirmationProblem,
  emailProblem,
  newPasswordProblem,
  personNameProblem,
  requiredProblem,
  usernameProblem,
  wholeNumberProblem,
} from './field-rules.js';

describe('requiredProblem', () => {
  it('refuses an empty value or one of spaces only', () => {
    expect(requiredProblem('')).toEqual({ key: 'form.required' });
    expect(requiredProblem('   ')).toEqual({ key: 'form.required' });
    expect(requiredProblem(' x ')).toBeUndefined();
  });
});

describe('usernameProblem', () => {
  it('accepts letters of one script with digits, "_", "." and "-", trimmed', () => {
    for (const username of ['lea', 'Zoé_2.0-b', '  alice  ', 'Андрей'])
      expect(usernameProblem(username)).toBeUndefined();
  });

  it('tells the length allowed for a username outside 3 to 32 characters', () => {
    const length = { key: 'form.usernameLength', params: { min: 3, max: 32 } };
    expect(usernameProblem('ab')).toEqual(length);
    expect(usernameProblem('a'.repeat(33))).toEqual(length);
    expect(usernameProblem('a'.repeat(32))).toBeUndefined();
  });

  it('tells the characters allowed for a space, a symbol or mixed scripts', () => {
    for (const username of ['jo hn', 'jo@hn', 'раypal']) {
      expect(usernameProblem(username)).toEqual({ key: 'form.usernameShape' });
    }
  });

  it('asks for a username before judging it', () => {
    expect(usernameProblem(' ')).toEqual({ key: 'form.required' });
  });
});

describe('emailProblem', () => {
  it('accepts an address as the browser reads one, trimmed', () => {
    expect(emailProblem(' lea@example.test ')).toBeUndefined();
  });

  it('refuses a malformed address or one over 254 characters', () => {
    expect(emailProblem('nope')).toEqual({ key: 'form.emailInvalid' });
    expect(emailProblem('lea@localhost')).toEqual({ key: 'form.emailInvalid' });
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(long).toHaveLength(255);
    expect(emailProblem(long)).toEqual({ key: 'form.emailInvalid' });
  });

  it('asks for an address before judging it', () => {
    expect(emailProblem('')).toEqual({ key: 'form.required' });
  });
});

describe('newPasswordProblem', () => {
  it('tells the minimum length of a password under 6 characters, spaces around it not counted', () => {
    const tooShort = { key: 'form.passwordTooShort', params: { min: 6 } };
    expect(newPasswordProblem('12345')).toEqual(tooShort);
    expect(newPasswordProblem(' 12345 ')).toEqual(tooShort);
    expect(newPasswordProblem('123456')).toBeUndefined();
    expect(newPasswordProblem('')).toEqual({ key: 'form.required' });
  });
});

describe('confirmationProblem', () => {
  it('refuses a confirmation that differs from the password, and an empty one', () => {
    expect(confirmationProblem('secret2', 'secret1')).toEqual({ key: 'form.passwordMismatch' });
    expect(confirmationProblem('secret1 ', 'secret1')).toBeUndefined();
    expect(confirmationProblem('', 'secret1')).toEqual({ key: 'form.required' });
  });
});

describe('personNameProblem', () => {
  it('leaves a name optional but refuses one over 80 characters', () => {
    expect(personNameProblem('')).toBeUndefined();
    expect(personNameProblem('x'.repeat(80))).toBeUndefined();
    expect(personNameProblem('x'.repeat(81))).toEqual({ key: 'form.nameTooLong', params: { max: 80 } });
  });
});

describe('wholeNumberProblem', () => {
  it('accepts a whole number within its bounds, spaces around it not counted', () => {
    for (const value of ['0', '3', ' 365 ']) expect(wholeNumberProblem(value, 0, 365)).toBeUndefined();
  });

  it('tells the bounds of an empty value, a fraction, a sign or a number out of them', () => {
    const outside = { key: 'form.wholeNumber', params: { min: 0, max: 365 } };
    for (const value of ['', '2.5', '-1', '1e2', '366'])
      expect(wholeNumberProblem(value, 0, 365)).toEqual(outside);
  });
});

describe('the problems the rules give', () => {
  it('each have a text in all four languages', () => {
    const keys = [
      requiredProblem(''),
      usernameProblem('ab'),
      usernameProblem('jo hn'),
      emailProblem('nope'),
      newPasswordProblem('1'),
      confirmationProblem('a', 'b'),
      personNameProblem('x'.repeat(81)),
      wholeNumberProblem('', 0, 1),
    ].map((problem) => problem?.key);
    for (const language of LANGUAGES) {
      for (const key of keys)
        expect(uiCatalog[language][key ?? 'missing'], `${language} ${key}`).toBeTruthy();
    }
  });
});
