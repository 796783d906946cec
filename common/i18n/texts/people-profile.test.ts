import { describe, expect, it } from 'vitest';
import { uiCatalog } from '../index.js';

describe("the spec's wording", () => {
  it('is the seeded text of the user, translation and profile messages', () => {
    expect(uiCatalog.fr['adminPeople.users.error.emailExists']).toBe('Email déjà utilisé');
    expect(uiCatalog.fr['adminPeople.users.error.usernameExists']).toBe("Nom d'utilisateur déjà utilisé");
    expect(uiCatalog.fr['adminPeople.users.error.conflict']).toBe('Conflit détecté');
    expect(uiCatalog.fr['adminPeople.users.noName']).toBe('Non renseigné');
    expect(uiCatalog.en['adminPeople.users.error.add']).toBe('Failed to add user');
    expect(uiCatalog.en['adminPeople.translations.error.required']).toBe('Key and value are required');
    expect(uiCatalog.en['adminPeople.users.deleteConfirm']).toBe(
      'Are you sure you want to delete this user? This action cannot be undone.',
    );
    expect(uiCatalog.fr['profile.error.update']).toBe('Erreur de mise à jour');
    expect(uiCatalog.fr['profile.password.error']).toBe('Erreur de modification');
  });
});
