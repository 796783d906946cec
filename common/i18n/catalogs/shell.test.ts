import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants.js';
import { shellCatalog } from './shell.js';

describe('shellCatalog', () => {
  it('defines the same keys, all non-empty, in every language', () => {
    const frenchKeys = Object.keys(shellCatalog.fr).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(shellCatalog[language]).sort()).toEqual(frenchKeys);
      for (const text of Object.values(shellCatalog[language])) expect(text.trim()).not.toBe('');
    }
  });

  it('keeps the French fallbacks SPEC.md quotes for auth failures', () => {
    expect(shellCatalog.fr['auth.login.error']).toBe('Erreur de connexion');
    expect(shellCatalog.fr['auth.register.error']).toBe("Erreur d'inscription");
  });
});
