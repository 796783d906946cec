/**
 * UTC days as the rank history names them (YYYY-MM-DD): a snapshot records a topic's ranking at the end
 * of its day, the instant the next day begins.
 */

export const DAY_MS = 86_400_000;

/** The days of history a topic page shows: the last 90, ending yesterday. */
export const RANK_HISTORY_DAYS = 90;

/** Places a snapshot keeps: the propositions ranked 1 to 10 (ties share a rank, so there may be more). */
export const RANK_HISTORY_PLACES = 10;

/** The UTC day an instant (ms since the epoch) falls in. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The instant a day starts (ms). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The instant a day ends, which is when the next one starts (ms): a snapshot's moment. */
export function dayEnd(day: string): number {
  return dayStart(day) + DAY_MS;
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(dayStart(day) + count * DAY_MS);
}

/** `count` days ending with `last`, oldest first. */
export function daysEndingWith(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}
