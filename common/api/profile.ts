import { z } from 'zod';
import { apiComponents } from './components.js';
import { votePointsField } from './votes.js';

/** GET /api/users/me/votes: the topics the caller voted on, newest first. */
export const myVotesQuery = z.object({
  /** Checked by the route (400 UNSUPPORTED_LANGUAGE). */
  lang: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const myTopicVotesDto = z
  .object({
    id: z.int(),
    slug: z.string(),
    /** In the asked language, else fr, en, then the topic's base title. */
    title: z.string(),
    isActive: z.boolean(),
    /** When the caller last voted on it. */
    votedAt: z.string(),
    /** Best place first (3, 2, 1 points). */
    votes: z.array(
      z.object({
        itemName: z.string(),
        points: votePointsField,
        /** A proposal of the topic held for review (issue 34): in this ballot, not yet in the ranking. */
        awaitingReview: z.boolean(),
      }),
    ),
  })
  .register(apiComponents, { id: 'MyTopicVotesDto' });
export type MyTopicVotesDto = z.infer<typeof myTopicVotesDto>;

export const myVotesData = z.object({ topics: z.array(myTopicVotesDto), total: z.int() });
export type MyVotesData = z.infer<typeof myVotesData>;
