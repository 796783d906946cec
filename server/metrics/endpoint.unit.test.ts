import { describe, expect, it } from 'vitest';
import { carriesToken } from './endpoint.js';

describe('carriesToken', () => {
  const token = 'metrics-token-for-tests-0123456789abcdef';

  it('accepts the token as a bearer token, whatever the scheme is spelled', () => {
    expect(carriesToken(`Bearer ${token}`, token)).toBe(true);
    expect(carriesToken(`bearer ${token}`, token)).toBe(true);
  });

  it('refuses no header, another scheme, a prefix, a longer guess and the bare token', () => {
    for (const header of [
      undefined,
      '',
      `Basic ${token}`,
      `Bearer ${token.slice(0, 10)}`,
      `Bearer ${token}x`,
      token,
    ])
      expect(carriesToken(header, token)).toBe(false);
  });
});
