import { z } from 'zod';
import { apiComponents } from './components.js';

/**
 * A person's own data (issue 35, GDPR Articles 15, 17 and 20): everything Podium keeps about an account, as
 * one JSON document they can take away, and the deletion of the account.
 */

/** The places of one version of a ballot; a proposition deleted since is null (its name went with it). */
const placedProposition = z.object({ id: z.int(), name: z.string() }).nullable();

export const accountExportDto = z
  .object({
    /** What this document is, so that a program reading it knows. */
    format: z.literal('podium-account-export'),
    version: z.literal(1),
    exportedAt: z.string(),
    profile: z.object({
      readableId: z.string(),
      username: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      pendingEmail: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      language: z.string(),
      isAdmin: z.boolean(),
      createdAt: z.string(),
    }),
    /** Every ballot, with every version it has had (oldest first), including withdrawn ones. */
    ballots: z.array(
      z.object({
        topic: z.object({ id: z.int(), slug: z.string(), title: z.string() }),
        firstCastAt: z.string(),
        versions: z.array(
          z.object({
            version: z.int(),
            castAt: z.string(),
            /** vote, withdrawal, proposition_deleted, merge or rejection. */
            cause: z.string(),
            first: placedProposition,
            second: placedProposition,
            third: placedProposition,
          }),
        ),
      }),
    ),
    /** Propositions they created that still exist, listed or awaiting review. */
    propositions: z.array(
      z.object({
        topic: z.object({ id: z.int(), slug: z.string(), title: z.string() }),
        name: z.string(),
        createdAt: z.string(),
        awaitingReview: z.boolean(),
      }),
    ),
    /** Every proposition creation counted against their limits, with the network address it came from. */
    propositionCreations: z.array(
      z.object({ topicId: z.int(), createdAt: z.string(), clientAddress: z.string() }),
    ),
    /** Their sessions (open and ended, until pruned), newest first. */
    sessions: z.array(
      z.object({
        /** The browser's User-Agent when the session opened, if it sent one. */
        device: z.string().nullable(),
        openedAt: z.string(),
        lastUsedAt: z.string().nullable(),
        endedAt: z.string().nullable(),
      }),
    ),
    /** What they were told about administrators' changes to their ballots and have not dismissed. */
    notices: z.array(
      z.object({
        topicId: z.int(),
        kind: z.string(),
        propositionName: z.string(),
        reason: z.string().nullable(),
        note: z.string().nullable(),
        intoName: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .register(apiComponents, { id: 'AccountExportDto' });
export type AccountExportDto = z.infer<typeof accountExportDto>;

/** DELETE /api/users/me: the caller's password, asked again, confirms the deletion. */
export const accountDeletionBody = z.object({
  currentPassword: z.string().trim().min(1, 'Current password is required').max(1024),
});

/** An account deleted: its ballots were withdrawn (`ballotsWithdrawn`, the ones that held places). */
export const accountDeletedData = z.object({ deleted: z.literal(true), ballotsWithdrawn: z.int() });
export type AccountDeletedData = z.infer<typeof accountDeletedData>;
