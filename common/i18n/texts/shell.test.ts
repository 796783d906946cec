import { describe, expect, it } from 'vitest';
import { uiCatalog } from '../index.js';

describe('the shell texts', () => {
  it('keeps the French fallbacks SPEC.md quotes for auth failures', () => {
    expect(uiCatalog.fr['auth.login.error']).toBe('Erreur de connexion');
    expect(uiCatalog.fr['auth.register.error']).toBe("Erreur d'inscription");
  });
});
