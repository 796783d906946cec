import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../api/error-codes.js';
import { LANGUAGES } from '../constants.js';
import { uiCatalog } from './index.js';

describe('error codes', () => {
  it('each has a text in every language, so no one reads the server’s English', () => {
    const missing = LANGUAGES.flatMap((language) =>
      ERROR_CODES.filter((code) => !uiCatalog[language][`error.${code}`]?.trim()).map(
        (code) => `${language}: error.${code}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
