/** Days before today that "a month ago" names. */
export const MONTH_DAYS = 30;

/** Where a proposition stood before today, for the sentence beside its sparkline. */
export type RankTrend =
  /** Ranked `rank` `daysAgo` days ago (a month ago when it was then; else when it first entered the top 10). */
  | { kind: 'then'; rank: number; daysAgo: number }
  /** In the top 10 today and on none of the days before. */
  | { kind: 'new' }
  /** Nothing to say: outside the top 10 on every day and today. */
  | { kind: 'none' };

/**
 * The comparison a reader wants from a rank history (`ranks`: the days ending yesterday, oldest first;
 * null outside the top 10) and today's rank: a month ago if it was ranked then, else the first day it
 * was since, else the last day it was before.
 */
export function rankTrend(
  ranks: readonly (number | null)[] | undefined,
  today: number | undefined,
): RankTrend {
  const days = ranks?.length ?? 0;
  const daysAgo = (index: number) => days - index;
  const monthAgo = days - MONTH_DAYS;
  const at = (index: number) => (ranks?.[index] ?? null) as number | null;
  if (ranks && monthAgo >= 0 && at(monthAgo) !== null)
    return { kind: 'then', rank: at(monthAgo) as number, daysAgo: MONTH_DAYS };
  for (let index = Math.max(0, monthAgo + 1); index < days; index++)
    if (at(index) !== null) return { kind: 'then', rank: at(index) as number, daysAgo: daysAgo(index) };
  for (let index = monthAgo - 1; index >= 0; index--)
    if (at(index) !== null) return { kind: 'then', rank: at(index) as number, daysAgo: daysAgo(index) };
  return today !== undefined && today <= 10 ? { kind: 'new' } : { kind: 'none' };
}
