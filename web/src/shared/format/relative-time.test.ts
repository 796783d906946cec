import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../common/languages.js';
import { pastIn, timeAgo } from './relative-time.js';

const now = Date.parse('2026-11-24T12:00:00Z');
const secondsAgo = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit, in the reader’s language', () => {
    expect(timeAgo(secondsAgo(3 * 3600 + 59), 'fr', now)).toBe('il y a 3 heures');
    expect(timeAgo(secondsAgo(2 * 24 * 3600), 'de', now)).toBe('vorgestern');
    expect(timeAgo(secondsAgo(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(timeAgo(secondsAgo(40 * 24 * 3600), 'es', now)).toBe('el mes pasado');
  });

  it('says "now" under a minute, and for a time a skewed clock puts in the future', () => {
    expect(timeAgo(secondsAgo(20), 'en', now)).toBe('now');
    expect(timeAgo(secondsAgo(-30), 'fr', now)).toBe('maintenant');
  });
});

describe('timeAgo without Intl', () => {
  it('says every past count exactly as Intl.RelativeTimeFormat does, in each UI language', () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
      expect(timeAgo(secondsAgo(10), language, now)).toBe(intl.format(0, 'second'));
      for (const unit of ['year', 'month', 'week', 'day', 'hour', 'minute'] as const)
        for (const count of [1, 2, 3, 4, 5, 7, 11, 12, 21, 59, 100, 1000, 12345])
          expect(pastIn(language, count, unit)).toBe(intl.format(-count, unit));
    }
  });
});
