import { randomInt } from 'node:crypto';

// Crockford's alphabet: no I, L, O or U, so a code read aloud or typed is never ambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export type ReadableIdPrefix = 'U' | 'T';

/** A short human-friendly code such as `U-4F7K2Q`; uniqueness is the database's job (unique index). */
export function newReadableId(prefix: ReadableIdPrefix): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${code}`;
}
