import { z } from 'zod';
import { apiComponents } from './components.js';
import { idParam } from './fields.js';
import { PROPOSAL_POLICIES } from './settings.js';

/**
 * Proposals under review (issue 34): a name a voter types that matches no proposition of a topic whose
 * policy is `review` is held. It counts in the ballots that name it and shows to them as awaiting review;
 * the public ranking lists it once an administrator approves it. A rejection takes it out of those ballots
 * and leaves each of their voters a notice, shown in their language the next time they open the topic.
 */

/** A topic's own policy; null follows the global setting (SettingsDto.proposalPolicy). */
export const topicProposalPolicyField = z.enum(PROPOSAL_POLICIES).nullable();

/** Why an administrator turned a proposal down: each has its text in the four languages. */
export const REJECTION_REASONS = ['duplicate', 'off_topic', 'inappropriate', 'unclear', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const PROPOSAL_NOTE_MAX = 300;

export const rejectProposalBody = z.object({
  reason: z.enum(REJECTION_REASONS, { error: 'Choose a reason' }),
  /** Shown to the voters as typed, beside the reason's text in their language. */
  note: z
    .string()
    .trim()
    .max(PROPOSAL_NOTE_MAX, `The note must be at most ${PROPOSAL_NOTE_MAX} characters`)
    .optional(),
});
export type RejectProposalBody = z.infer<typeof rejectProposalBody>;

export const proposalParams = z.object({ id: idParam });
export const proposalsQuery = z.object({ topicId: idParam.optional() });

/** A held proposal as the review queue shows it. */
export const proposalDto = z
  .object({
    id: z.int(),
    itemName: z.string(),
    topic: z.object({ id: z.int(), slug: z.string(), title: z.string() }),
    /** The username of the voter who typed it first; null when their account is gone. */
    proposedBy: z.string().nullable(),
    proposedAt: z.string(),
    /** Points and ballots of the counted ballots that name it (its author's, and any other voter's since). */
    totalPoints: z.int(),
    voteCount: z.int(),
    /** Published propositions of its topic with a similar name: candidates to merge it into, likeliest first. */
    similar: z.array(z.object({ id: z.int(), itemName: z.string() })),
  })
  .register(apiComponents, { id: 'ProposalDto' });
export type ProposalDto = z.infer<typeof proposalDto>;

export const proposalsData = z.object({ proposals: z.array(proposalDto), pending: z.int() });
export type ProposalsData = z.infer<typeof proposalsData>;

/** The number beside the admin panel's entry. */
export const pendingProposalsData = z.object({ pending: z.int() });

export const proposalRejectedData = z.object({ rejected: z.literal(true), ballots: z.int() });

/** What a voter is told about a change an administrator made to their ballot. */
export const ballotNoticeDto = z
  .object({
    id: z.int(),
    /** `rejected`: their proposal was turned down and left the ballot. `merged`: it now names `intoName`. */
    kind: z.enum(['rejected', 'merged']),
    propositionName: z.string(),
    reason: z.enum(REJECTION_REASONS).nullable(),
    note: z.string().nullable(),
    intoName: z.string().nullable(),
    at: z.string(),
  })
  .register(apiComponents, { id: 'BallotNoticeDto' });
export type BallotNoticeDto = z.infer<typeof ballotNoticeDto>;

export const noticesDismissedData = z.object({ dismissed: z.int() });
