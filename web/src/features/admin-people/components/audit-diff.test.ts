import { describe, expect, it } from 'vitest';
import { diffSnapshots } from './audit-diff.js';

describe('diffSnapshots', () => {
  it('keeps only the fields that changed', () => {
    expect(diffSnapshots({ isActive: true, isAdmin: false }, { isActive: false, isAdmin: false })).toEqual([
      { field: 'isActive', before: 'true', after: 'false' },
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

  it('compares plain values as one field', () => {
    expect(diffSnapshots('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b' }]);
  });
});
