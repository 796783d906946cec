import type { RankingData, RankingEventDto } from './topics.js';

/**
 * The `ranking` server-sent event of GET /api/topics/{topicId}/events, defined once for the server that
 * sends it and the pages that read it. (No zod here: the topic page's bundle imports this file.)
 *
 * An event carries the top of the ranking, not all of it: a topic with hundreds of propositions would
 * otherwise send every watcher the whole list on every vote. A reader whose ranking is longer than
 * `rankings` (see `isWholeRanking`) fetches the rest from the ranking route. Each row carries its rank
 * as the ranking route gives it (rows equal on points and voters share one: 1, 2, 2, 4).
 *
 * A reader ignores an event whose `version` it does not know, so the version changes only when an
 * older reader would misread an event (a field removed, or its meaning changed): such a page would stop
 * being live until reloaded. A field an older reader can leave unread keeps the version: the rows' `rank`
 * came so, and a page opened before it kept applying the events (numbering its rows by position, as its
 * code did) until its next load.
 */
export const RANKING_EVENT_VERSION = 1;
/** Rows an event carries at most: the first RANKING_EVENT_MAX_ROWS of the ranking, every figure of each. */
export const RANKING_EVENT_MAX_ROWS = 100;

/** Its shape is the schema `rankingEventDto` (topics.ts), which the OpenAPI document publishes. */
export type { RankingEventDto };

export function rankingEventOf(ranking: RankingData): RankingEventDto {
  return {
    ...ranking,
    version: RANKING_EVENT_VERSION,
    rowCount: ranking.rankings.length,
    rankings: ranking.rankings.slice(0, RANKING_EVENT_MAX_ROWS),
  };
}

/** The ranking an event carries, as the ranking route answers it (whole only if `isWholeRanking`). */
export function rankingOfEvent({
  version: _version,
  rowCount: _rowCount,
  ...ranking
}: RankingEventDto): RankingData {
  return ranking;
}

/** Whether the event holds every row of the ranking, so that it can stand for the ranking read. */
export function isWholeRanking(event: RankingEventDto): boolean {
  return event.rankings.length >= event.rowCount;
}
