import { z } from 'zod';
import { LIMITS, VOTE_POINTS } from '../constants.js';
import { propositionKey } from '../text/proposition-key.js';
import { ballotCountingDto } from './ballot-counting.js';
import { apiComponents } from './components.js';
import { idParam } from './fields.js';
import { ballotNoticeDto } from './proposals.js';

export const topicIdParams = z.object({ topicId: idParam });

/** `userId` is optional: the caller's own votes are meant; another id needs an administrator. */
export const userVotesQuery = z.object({ userId: idParam.optional() });

export const propositionNameField = z
  .string()
  .trim()
  .min(1, 'Proposition name is required')
  .max(LIMITS.propositionNameMax, `Proposition name must be at most ${LIMITS.propositionNameMax} characters`)
  .refine((name) => propositionKey(name) !== '', 'Proposition name must contain a letter or a digit');

/** 3, 2 or 1: the points of the 1st, 2nd and 3rd place. */
export const votePointsField = z.union([z.literal(3), z.literal(2), z.literal(1)], {
  error: 'Points must be 3, 2 or 1',
});

export const voteEntry = z.object({
  itemName: propositionNameField,
  points: votePointsField,
  userId: idParam.optional(),
});

/** SPEC 7: one to three entries, each place (3, 2, 1 points) once, each proposition once. */
export const submitVotesBody = z.object({
  topicId: idParam,
  propositions: z
    .array(voteEntry)
    .min(1, 'Give at least one proposition')
    .max(VOTE_POINTS.length, `Give at most ${VOTE_POINTS.length} propositions`)
    .superRefine((entries, context) => {
      const points = new Set<number>();
      const keys = new Set<string>();
      entries.forEach((entry, index) => {
        if (points.has(entry.points)) {
          context.addIssue({
            code: 'custom',
            message: 'Each place can be given once',
            path: [index, 'points'],
          });
        }
        points.add(entry.points);
        const key = propositionKey(entry.itemName);
        if (keys.has(key)) {
          context.addIssue({
            code: 'custom',
            message: 'The same proposition cannot take two places',
            path: [index, 'itemName'],
          });
        }
        keys.add(key);
      });
    }),
  /** Sent by the spec's client as an empty list; accepted and ignored. */
  userTags: z.array(z.string().max(80)).max(20).optional(),
});

export type SubmitVotesBody = z.infer<typeof submitVotesBody>;
export type VoteEntry = z.infer<typeof voteEntry>;

export const userVoteDto = z
  .object({
    id: z.int(),
    itemName: z.string(),
    points: votePointsField,
    userId: z.int(),
    propositionId: z.int(),
    /** A proposal held for review (issue 34): counted in this ballot, not yet in the public ranking. */
    awaitingReview: z.boolean(),
  })
  .register(apiComponents, { id: 'UserVoteDto' });
export type UserVoteDto = z.infer<typeof userVoteDto>;

export const userVotesDto = z.object({
  votes: z.array(userVoteDto),
  hasVoted: z.boolean(),
  /** What administrators changed in this ballot since the voter last dismissed it (issue 34). */
  notices: z.array(ballotNoticeDto),
  /** Whether the ballot counts, and if not, what it waits for (issue 36); null before the first ballot. */
  counting: ballotCountingDto.nullable(),
});
export type UserVotesDto = z.infer<typeof userVotesDto>;

/**
 * The caller's votes as saved. The new ranking is not included: the page already reloads it from
 * the live ranking event, and leaving it out keeps a vote to its writes.
 */
export const submitVotesDto = z.object({ votes: z.array(userVoteDto) });
export type SubmitVotesDto = z.infer<typeof submitVotesDto>;

/** How many votes of the caller on the topic were withdrawn. */
export const withdrawVotesData = z.object({ withdrawn: z.int() });
