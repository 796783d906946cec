import { isSingleScript } from './scripts.js';

/**
 * The account field rules as plain functions, so that the server's schemas (common/api/fields.ts)
 * and the web's forms apply the same rule without the forms loading zod into the first page.
 */

/** One label of a domain name: letters, digits and inner hyphens, at most 63 characters. */
const DOMAIN_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/**
 * An e-mail address as HTML's `<input type="email">` reads one (a local part of RFC 5322 "atext"
 * characters and dots, never two in a row nor at either end), with a domain of at least two labels.
 */
const EMAIL_ADDRESS = new RegExp(
  `^[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*@${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})+$`,
);

export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}

/** Letters (with their accents), digits, "_", "." and "-". */
export const USERNAME_CHARACTERS = /^[\p{L}\p{M}\p{N}_.-]+$/u;

/** The characters a username may hold, all from one script (no "раypal" mixing Cyrillic and Latin). */
export function isUsernameShape(value: string): boolean {
  return USERNAME_CHARACTERS.test(value) && isSingleScript(value);
}
