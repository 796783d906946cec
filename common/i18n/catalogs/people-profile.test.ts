import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../constants.js';
import { adminPeopleCatalog } from './admin-people.js';
import { profileCatalog } from './profile.js';

describe.each([
  ['adminPeopleCatalog', adminPeopleCatalog],
  ['profileCatalog', profileCatalog],
])('%s', (_name, catalog) => {
  it('defines the same keys, all non-empty, in every language', () => {
    const frenchKeys = Object.keys(catalog.fr).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(catalog[language]).sort()).toEqual(frenchKeys);
      for (const text of Object.values(catalog[language])) expect(text.trim()).not.toBe('');
    }
  });
});

describe("the spec's wording", () => {
  it('is the seeded text of the user, translation and profile messages', () => {
    expect(adminPeopleCatalog.fr['adminPeople.users.error.emailExists']).toBe('Email déjà utilisé');
    expect(adminPeopleCatalog.fr['adminPeople.users.error.usernameExists']).toBe(
      "Nom d'utilisateur déjà utilisé",
    );
    expect(adminPeopleCatalog.fr['adminPeople.users.error.conflict']).toBe('Conflit détecté');
    expect(adminPeopleCatalog.fr['adminPeople.users.noName']).toBe('Non renseigné');
    expect(adminPeopleCatalog.en['adminPeople.users.error.add']).toBe('Failed to add user');
    expect(adminPeopleCatalog.en['adminPeople.translations.error.required']).toBe(
      'Key and value are required',
    );
    expect(adminPeopleCatalog.en['adminPeople.users.deleteConfirm']).toBe(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    expect(profileCatalog.fr['profile.error.update']).toBe('Erreur de mise à jour');
    expect(profileCatalog.fr['profile.password.error']).toBe('Erreur de modification');
  });
});
