import { z } from 'zod';
import { apiComponents } from './components.js';

/** What is rising this week (issue 37, docs/decisions/024-rising-this-week.md): the home page's block. */

/** The rolling window, in days, read from the app's clock. */
export const RISING_WINDOW_DAYS = 7;
/** How many topics and how many propositions the block lists. */
export const RISING_LIST_SIZE = 5;
/** A proposition is compared within its topic's top ten (the rank history keeps ten places). */
export const RISING_TOP = 10;

/** A language in the path is checked by the route (400 UNSUPPORTED_LANGUAGE), not here. */
export const risingParams = z.object({ lang: z.string().max(20) });

export const risingTopicDto = z
  .object({
    id: z.int(),
    /** In the asked language, with the texts' fallback. */
    title: z.string(),
    /** Counted ballots with at least one place whose current version was cast in the window. */
    ballots: z.int(),
  })
  .register(apiComponents, { id: 'RisingTopicDto' });
export type RisingTopicDto = z.infer<typeof risingTopicDto>;

export const risingPropositionDto = z
  .object({
    id: z.int(),
    name: z.string(),
    topic: risingTopicDto.pick({ id: true, title: true }),
    /** Its rank in the live ranking (competition ranks: 1, 2, 2, 4), within the top ten. */
    rankNow: z.int(),
    /** Its rank in the topic's snapshot of a week ago; null when it was not in that top ten. */
    rankBefore: z.int().nullable(),
    /** rankBefore - rankNow; null when it entered the top ten (how far it climbed is not known). */
    placesGained: z.int().nullable(),
  })
  .register(apiComponents, { id: 'RisingPropositionDto' });
export type RisingPropositionDto = z.infer<typeof risingPropositionDto>;

/**
 * The week is the last seven days up to the read. Its first instant is not in the answer: the home page
 * carries this answer, and a page built again from the same ballots must be the same bytes (its ETag).
 */
export const risingData = z.object({
  /** The UTC day (YYYY-MM-DD) whose end the propositions' earlier ranks are read at, or before. */
  comparedWith: z.string(),
  topics: z.array(risingTopicDto),
  propositions: z.array(risingPropositionDto),
});
export type RisingData = z.infer<typeof risingData>;
