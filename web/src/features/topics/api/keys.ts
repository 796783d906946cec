import type { Language } from '../../../../../common/constants.js';
import { DEFAULT_RANKING_ORDER, type RankingOrderId } from '../../../../../common/rankings/orders.js';
import { DEFAULT_RANKING_WINDOW, type RankingWindowId } from '../../../../../common/rankings/windows.js';

/** Query keys of the topic feature; the vote feature invalidates `rankings(topicId)` after a vote. */
export const topicKeys = {
  all: ['topics'] as const,
  popular: (language: Language, params: { limit: number; offset?: number; type?: 'main' | 'sub' }) =>
    ['topics', 'popular', language, params] as const,
  /** Every topic's details, by id or slug and in every language: one topic is found by its data's id. */
  details: ['topics', 'detail'] as const,
  topic: (slugOrId: string, language: Language) => ['topics', 'detail', slugOrId, language] as const,
  /** A topic's ranking in every order and window (to invalidate them together). */
  rankings: (topicId: number) => ['topics', 'ranking', topicId] as const,
  ranking: (
    topicId: number,
    order: RankingOrderId = DEFAULT_RANKING_ORDER,
    window: RankingWindowId = DEFAULT_RANKING_WINDOW,
  ) => ['topics', 'ranking', topicId, order, window] as const,
  /** A topic's rank history (not under `rankings`: a vote does not change it). */
  rankHistory: (topicId: number) => ['topics', 'rank-history', topicId] as const,
  mainTopic: (id: number, language: Language) => ['topics', 'main', id, language] as const,
  hub: (id: number, tags: readonly string[], offset: number, language: Language) =>
    ['topics', 'hub', id, [...tags].sort(), offset, language] as const,
  /** What is rising this week, in every language (a ballot moves it: the vote feature invalidates it). */
  risingAll: ['topics', 'rising'] as const,
  rising: (language: Language) => ['topics', 'rising', language] as const,
};
