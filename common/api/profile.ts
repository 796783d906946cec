import { z } from 'zod';
import type { VotePoints } from '../constants.js';

/** GET /api/users/me/votes: the topics the caller voted on, newest first. */
export const myVotesQuery = z.object({
  /** Checked by the route (400 UNSUPPORTED_LANGUAGE). */
  lang: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export interface MyTopicVotesDto {
  id: number;
  slug: string;
  /** In the asked language, else fr, en, then the topic's base title. */
  title: string;
  isActive: boolean;
  /** When the caller last voted on it. */
  votedAt: string;
  /** Best place first (3, 2, 1 points). */
  votes: Array<{ itemName: string; points: VotePoints }>;
}

export interface MyVotesData {
  topics: MyTopicVotesDto[];
  total: number;
}
