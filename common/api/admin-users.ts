import { z } from 'zod';
import { userDto } from './auth.js';
import {
  emailField,
  idParam,
  languageField,
  passwordField,
  personNameField,
  usernameField,
} from './fields.js';

/** Request schemas and response shapes of the administrators' user API (/api/admin/users). */

export const adminUserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminUserParams = z.object({ id: idParam });

export const adminCreateUserBody = z.object({
  email: emailField,
  username: usernameField,
  password: passwordField,
  firstName: personNameField.optional(),
  lastName: personNameField.optional(),
  isAdmin: z.boolean().default(false),
  language: languageField.optional(),
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserBody>;

export const adminUpdateUserBody = z
  .object({ isActive: z.boolean(), isAdmin: z.boolean() })
  .partial()
  .refine((body) => body.isActive !== undefined || body.isAdmin !== undefined, {
    message: 'Send isActive or isAdmin',
    path: ['isActive'],
  });
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserBody>;

export const adminUserListData = z.object({ users: z.array(userDto), total: z.int() });
export type AdminUserListData = z.infer<typeof adminUserListData>;

/** An account deleted as its owner would delete it (issue 35): `ballotsWithdrawn` ballots held places. */
export const adminUserDeleteData = z.object({
  id: z.int(),
  deleted: z.literal(true),
  ballotsWithdrawn: z.int(),
});

/** Conflict codes the user screens translate (SPEC 8 "Users"). */
export const ADMIN_USER_ERRORS = {
  lastAdmin: 'LAST_ADMIN',
  selfChange: 'SELF_CHANGE',
} as const;
