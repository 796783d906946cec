import { describe, expect, it } from 'vitest';
import { clip } from './html.js';

describe('clip', () => {
  it('keeps the non-breaking spaces French puts before « : » and inside guillemets', () => {
    const french = 'Ce que signifie «\u00a0au coude-à-coude\u00a0»\u00a0: expliqué.';
    expect(clip(french, 300)).toBe(french);
  });

  it('makes one space of each run of spaces and line breaks, and cuts at a word with an ellipsis', () => {
    expect(clip('  Where\n\n to   eat  ', 300)).toBe('Where to eat');
    expect(clip('Where to eat pizza tonight', 16)).toBe('Where to eat…');
  });
});
