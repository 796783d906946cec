import { z } from 'zod';
import { apiComponents } from './components.js';

/** One proposition's rank at the end of each day of a rank history. */
export const rankHistoryLineDto = z
  .object({
    propositionId: z.int(),
    /**
     * Its rank at the end of each day, oldest first, as the ranking showed it then (ties share a rank);
     * null where it was outside the top 10 or did not exist yet.
     */
    ranks: z.array(z.int().min(1).nullable()),
  })
  .register(apiComponents, { id: 'RankHistoryLineDto' });
export type RankHistoryLineDto = z.infer<typeof rankHistoryLineDto>;

/**
 * A topic's rank history (issue 37): the days `from`..`to` (UTC, `to` is yesterday, the last day a
 * snapshot can exist) and a line per proposition that was in the top 10 on one of them. A proposition of
 * the ranking without a line was outside the top 10 on every day.
 */
export const rankHistoryData = z.object({
  topicId: z.int(),
  from: z.iso.date(),
  to: z.iso.date(),
  lines: z.array(rankHistoryLineDto),
});
export type RankHistoryData = z.infer<typeof rankHistoryData>;
