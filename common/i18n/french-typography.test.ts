import { describe, expect, it } from 'vitest';
import { lacksSpaceBeforeMark, letsALineStartWithAMark } from './french-typography.js';
import { uiCatalog } from './index.js';

const french = Object.entries(uiCatalog.fr);

describe('French typography in the UI texts', () => {
  it('never lets a line start with ? ! ; : or » (the space before them does not break)', () => {
    const offenders = french.filter(([, text]) => letsALineStartWithAMark(text));
    expect(offenders.map(([key]) => key)).toEqual([]);
  });

  it('puts a space before ? ! ; and inside guillemets', () => {
    const offenders = french.filter(([, text]) => lacksSpaceBeforeMark(text));
    expect(offenders.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});
