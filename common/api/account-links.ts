import { z } from 'zod';
import { emailField, passwordField } from './fields.js';

/**
 * Links mailed to a person about their account (issue 35): confirming their address and resetting a
 * forgotten password. Each link carries a single-use token, stored hashed, valid for a short time.
 */

/** What a mailed link's token looks like: 43 URL-safe characters (32 random bytes). */
export const linkTokenField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

/** Asks for a reset link. The answer is the same whether or not an account has the address. */
export const passwordResetRequestBody = z.object({ email: emailField });

/** Sets a new password with the token of a reset link; every session of the account ends. */
export const passwordResetBody = z.object({ token: linkTokenField, password: passwordField });

export const emailVerificationBody = z.object({ token: linkTokenField });

/** Confirms a new address (the link mailed to it), or cancels the change (the link mailed to the old one). */
export const emailChangeLinkBody = z.object({ token: linkTokenField });

/** A change cancelled from the old address: every session of the account has ended. */
export const emailChangeCancelledData = z.object({ cancelled: z.literal(true) });

/** The answer to a request for a link: it is on its way if the address has an account (never said which). */
export const linkRequestedData = z.object({ requested: z.literal(true) });

/**
 * Minutes a link stays valid. A new address is confirmed within a day; the old address may cancel the
 * change (and take the account back) for a week.
 */
export const LINK_VALIDITY_MINUTES = {
  reset_password: 30,
  verify_email: 60 * 24 * 3,
  change_email: 60 * 24,
  cancel_email_change: 60 * 24 * 7,
} as const;
export type LinkPurpose = keyof typeof LINK_VALIDITY_MINUTES;
