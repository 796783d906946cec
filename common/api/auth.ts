import { z } from 'zod';
import type { Language } from '../constants.js';
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

export interface UserDto {
  id: number;
  readableId: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: Language;
  isActive: boolean;
  isAdmin: boolean;
  createdAt: string;
  voteCount: number;
}

export interface SessionDto {
  user: UserDto;
  accessToken: string;
  /** Same value as accessToken (the spec's register response calls it token). */
  token: string;
  refreshToken: string;
}
