/**
 * The time windows of a ranking (issue 37): the ranking route's `window` and the topic page's `?window=`.
 * A ballot counts in a window when its voter cast its current version within it: the last 7, 30 or 365
 * days, rolling, up to now. `all` (every counted ballot) is the default and is not written in an address.
 * No zod here: the topic page's bundle imports it.
 */
export const RANKING_WINDOW_IDS = ['all', 'year', 'month', 'week'] as const;
export type RankingWindowId = (typeof RANKING_WINDOW_IDS)[number];
export const DEFAULT_RANKING_WINDOW: RankingWindowId = 'all';
/** The query parameter that names the window, in the API and in a topic page's address. */
export const RANKING_WINDOW_PARAM = 'window';

const DAY_MS = 86_400_000;
/** Each window's length; `all` has none. */
export const RANKING_WINDOW_DAYS: Readonly<Record<Exclude<RankingWindowId, 'all'>, number>> = {
  year: 365,
  month: 30,
  week: 7,
};

/** The window an address asks for (`?window=`), the default for anything else. */
export function rankingWindowOf(value: string | null | undefined): RankingWindowId {
  return RANKING_WINDOW_IDS.find((id) => id === value) ?? DEFAULT_RANKING_WINDOW;
}

/** The first instant (epoch ms) a window holds at `nowMs`, or null for `all`. */
export function windowStartMs(window: RankingWindowId, nowMs: number): number | null {
  return window === 'all' ? null : nowMs - RANKING_WINDOW_DAYS[window] * DAY_MS;
}

/** A window's length in ms (what a ballot stays in it), or null for `all`. */
export function windowLengthMs(window: RankingWindowId): number | null {
  return window === 'all' ? null : RANKING_WINDOW_DAYS[window] * DAY_MS;
}
