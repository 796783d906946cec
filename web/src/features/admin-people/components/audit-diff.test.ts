import { describe, expect, it } from 'vitest';
import { type AuditWords, describeAuditValue, diffSnapshots } from './audit-diff.js';

describe('diffSnapshots', () => {
  it('keeps only the fields that changed', () => {
    expect(diffSnapshots({ isActive: true, isAdmin: false }, { isActive: false, isAdmin: false })).toEqual([
      { field: 'isActive', before: true, after: false },
    ]);
  });

  it('lists every field of a creation or a deletion', () => {
    expect(diffSnapshots(null, { name: 'Pizza' })).toEqual([
      { field: 'name', before: undefined, after: 'Pizza' },
    ]);
    expect(diffSnapshots({ name: 'Pizza' }, null)).toEqual([
      { field: 'name', before: 'Pizza', after: undefined },
    ]);
  });

  it('compares plain values as one field, and nested values by content', () => {
    expect(diffSnapshots('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b' }]);
    expect(diffSnapshots({ translations: { fr: 'Café' } }, { translations: { fr: 'Café' } })).toEqual([]);
  });
});

describe('describeAuditValue', () => {
  const french: AuditWords = {
    yes: 'Oui',
    no: 'Non',
    field: (name) => ({ fr: 'Français', topics: 'Sujets', isActive: 'Actif' })[name] ?? name,
    dateTime: (at) => new Intl.DateTimeFormat('fr', { dateStyle: 'short', timeZone: 'UTC' }).format(at),
    number: (value) => new Intl.NumberFormat('fr').format(value),
    code: (field, value) =>
      field === 'proposalPolicy' ? { review: 'Garder pour examen' }[value] : undefined,
  };

  it('writes flags, instants and numbers in the reader’s language', () => {
    expect(describeAuditValue(true, french)).toBe('Oui');
    expect(describeAuditValue(false, french)).toBe('Non');
    expect(describeAuditValue('2026-11-24T17:05:00.000Z', french)).toBe('24/11/2026');
    expect(describeAuditValue(12345, french)).toBe('12\u202f345');
  });

  it('labels the fields of nested values and leaves out what is empty', () => {
    expect(describeAuditValue({ fr: 'Café', es: null }, french)).toBe('Français: Café');
    expect(describeAuditValue({ topics: 2 }, french)).toBe('Sujets: 2');
    expect(describeAuditValue(null, french)).toBeUndefined();
    expect(describeAuditValue({}, french)).toBeUndefined();
  });

  it('writes a coded value of a field in words, and leaves other values as stored', () => {
    expect(describeAuditValue('review', french, 'proposalPolicy')).toBe('Garder pour examen');
    expect(describeAuditValue({ proposalPolicy: 'review' }, french)).toBe(
      'proposalPolicy: Garder pour examen',
    );
    expect(describeAuditValue('review', french, 'slug')).toBe('review');
  });
});
