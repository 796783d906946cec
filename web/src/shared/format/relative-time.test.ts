import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.js';

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
