/**
 * The orderings of a ranking a reader may ask for: the ranking route's `order` and the topic page's
 * `?order=` (server/modules/rankings/order.ts defines them). `points` (the spec's, total points) is the
 * default and is not written in an address; `average` is the weighted average per eligible ballot.
 * No zod here: the topic page's bundle imports it.
 */
export const RANKING_ORDER_IDS = ['points', 'average'] as const;
export type RankingOrderId = (typeof RANKING_ORDER_IDS)[number];
export const DEFAULT_RANKING_ORDER: RankingOrderId = 'points';
/** The query parameter that names the order, in the API and in a topic page's address. */
export const RANKING_ORDER_PARAM = 'order';

/** The ordering an address asks for (`?order=`), the default for anything else. */
export function rankingOrderOf(value: string | null | undefined): RankingOrderId {
  return RANKING_ORDER_IDS.find((id) => id === value) ?? DEFAULT_RANKING_ORDER;
}
