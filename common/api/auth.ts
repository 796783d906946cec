import { z } from 'zod';
import { apiComponents } from './components.js';
import { emailField, languageField, passwordField, personNameField, usernameField } from './fields.js';

export const registerBody = z.object({
  username: usernameField,
  email: emailField,
  password: passwordField,
  language: languageField.optional(),
});

export const loginBody = z.object({
  email: emailField,
  // Length rules are not re-checked at login: a wrong password is a 401, never a hint.
  password: z.string().trim().min(1, 'Password is required').max(1024),
});

export type RegisterInput = z.input<typeof registerBody>;
export type LoginInput = z.input<typeof loginBody>;

export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
/** `everywhere` ends every session of the person (the refresh token's owner, or the caller's token's). */
export const logoutBody = z
  .object({ refreshToken: z.string().max(512).optional(), everywhere: z.boolean().optional() })
  .nullish();

/** Partial update: omitted fields stay as they are. */
export const profileBody = z
  .object({
    username: usernameField,
    email: emailField,
    firstName: personNameField,
    lastName: personNameField,
    language: languageField,
    /** Required when `email` changes it. */
    currentPassword: z.string().trim().max(1024),
  })
  .partial();

export const passwordChangeBody = z.object({
  currentPassword: z.string().trim().min(1, 'Current password is required').max(1024),
  newPassword: passwordField,
});

export const userDto = z
  .object({
    id: z.int(),
    readableId: z.string(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    language: languageField,
    isActive: z.boolean(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
    voteCount: z.int(),
    /** Whether the person confirmed their address through the link mailed to it (issue 35). */
    emailVerified: z.boolean(),
    /** A new address asked for and not confirmed yet: `email` stays the account's until it is. */
    pendingEmail: z.string().nullable(),
  })
  .register(apiComponents, { id: 'UserDto' });
export type UserDto = z.infer<typeof userDto>;

/** What a refresh answers: a new pair of tokens for the same session. */
export const sessionTokensDto = z
  .object({
    accessToken: z.string(),
    /** Same value as accessToken (the spec's register response calls it token). */
    token: z.string(),
    refreshToken: z.string(),
  })
  .register(apiComponents, { id: 'SessionTokensDto' });

/** What a sign-in answers (register, login, password change): the account and its session's tokens. */
export const sessionDto = sessionTokensDto
  .extend({ user: userDto })
  .register(apiComponents, { id: 'SessionDto' });
export type SessionDto = z.infer<typeof sessionDto>;

/** The account as the caller's own routes and the administrators' user routes answer it. */
export const userData = z.object({ user: userDto });

export const logoutData = z.object({ loggedOut: z.literal(true) });
