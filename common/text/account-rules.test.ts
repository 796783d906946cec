import { describe, expect, it } from 'vitest';
import { emailField, usernameField } from '../api/fields.js';
import { isEmailAddress, isUsernameShape } from './account-rules.js';

describe('account rules shared by the server and the forms', () => {
  it('accept the e-mail addresses people have and refuse what cannot be one', () => {
    for (const email of ['ana@example.com', 'jean.dupont+podium@mail.example.fr', 'x_y-z@sub.domain.io']) {
      expect(isEmailAddress(email), email).toBe(true);
    }
    for (const email of [
      'nope',
      'a@b',
      'a@@b.com',
      '.a@b.com',
      'a..b@c.com',
      'a b@c.com',
      'a@-b.com',
      'a@b.com.',
    ]) {
      expect(isEmailAddress(email), email).toBe(false);
    }
  });

  it('are the rules the server’s schemas apply, so a form never lets through what the server refuses', () => {
    for (const email of ['ana@example.com', 'nope', 'a@b', 'a..b@c.com']) {
      expect(emailField.safeParse(email).success, email).toBe(isEmailAddress(email));
    }
    for (const username of ['jean_dupont', 'jo hn', 'josé.m', 'pаypal']) {
      expect(usernameField.safeParse(username).success, username).toBe(isUsernameShape(username));
    }
  });
});
