import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { isEmailAddress, USERNAME_CHARACTERS } from '../text/account-rules.js';
import { isSingleScript } from '../text/scripts.js';

/** Field rules of DESIGN.md, shared by the server's validation and the web forms. */
export const usernameField = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(USERNAME_CHARACTERS, 'Username may contain letters, digits, "_", "." and "-" only')
  .refine(isSingleScript, 'Username must be written in one alphabet')
  // One spelling per name: "é" typed as one character or as "e" and an accent is stored the same way.
  .transform((username) => username.normalize('NFC'));

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, `E-mail must be at most ${LIMITS.emailMax} characters`)
  .refine(isEmailAddress, 'Invalid e-mail address');

/** Trimmed everywhere (register, login, change) so that what works once always works. */
export const passwordField = z
  .string()
  .trim()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const personNameField = z
  .string()
  .trim()
  .max(LIMITS.personNameMax, `Name must be at most ${LIMITS.personNameMax} characters`)
  .transform((name) => (name === '' ? null : name))
  .nullable();

export const languageField = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });

/** A positive integer id given in a path or query string. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
