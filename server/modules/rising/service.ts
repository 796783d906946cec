import {
  RISING_LIST_SIZE,
  RISING_TOP,
  RISING_WINDOW_DAYS,
  type RisingData,
} from '../../../common/api/rising.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { type ReadCache, readCacheFor } from '../../db/read-cache.js';
import { BY_POINTS, rankRows } from '../rankings/order.js';
import { RankingsRepository } from '../rankings/repository.js';
import { TopicSummaries } from '../topics/summaries.js';
import { type CastInWindow, RisingRepository } from './repository.js';

const DAY_MS = 86_400_000;
/**
 * How many of the week's busiest topics climbers are looked for in. Comparing every topic with a ballot
 * this week took 0.4 to 0.7 s on the bench's week (8,669 topics), redone after each ballot.
 */
export const CLIMBERS_SCOPE = 100;
/** Topics whose placed ballots are read at a time, from the busiest (`busiest`). */
const TOPICS_PER_BATCH = 50;
/** The read-cache tag of every answer: dropped by each change that moves a ranking (follow.ts). */
export const RISING_TAG = 'rising';

/** What moved this week, before any text: ids and figures, the same in every language. */
interface Movement {
  since: string;
  comparedWith: string;
  topics: { id: number; ballots: number }[];
  propositions: {
    id: number;
    name: string;
    topicId: number;
    rankNow: number;
    rankBefore: number | null;
    placesGained: number | null;
  }[];
}

/**
 * How far a proposition climbed, for ordering: the places it gained, or for one that entered the top ten,
 * the least it can have climbed (from eleventh). The answer never shows the latter as a number.
 */
const climb = (p: Movement['propositions'][number]) => p.placesGained ?? RISING_TOP + 1 - p.rankNow;

/**
 * "Rising this week" (docs/decisions/024-rising-this-week.md): the active topics with the most counted
 * ballots cast in the last seven days (rolling, on the app's clock), and the propositions that climbed
 * most in their topic's live top ten since the topic's rank history of a week ago.
 */
export class RisingService {
  private readonly cache: ReadCache;
  private readonly summaries: TopicSummaries;

  constructor(private readonly ctx: AppContext) {
    this.cache = readCacheFor(ctx.db);
    this.summaries = new TopicSummaries(ctx.db, ctx.texts);
  }

  /**
   * In one language. Kept in the read cache (its budget, its one-second lifetime for the window's
   * boundary) and dropped by every change that moves a ranking, so a ballot shows on the next read.
   */
  rising(language: Language): Promise<RisingData> {
    return this.cache.get(`rising:${language}`, async () => this.describe(await this.movement(), language), {
      tagOf: () => RISING_TAG,
    });
  }

  /** Shared by the four languages' answers: measured once per change or second, whatever the language. */
  private movement(): Promise<Movement> {
    return this.cache.get('rising', () => this.measure(), { tagOf: () => RISING_TAG });
  }

  private async measure(): Promise<Movement> {
    const since = new Date(this.ctx.clock.now() - RISING_WINDOW_DAYS * DAY_MS).toISOString();
    // The standing at the end of the day a week ago: that day's snapshot, or the latest before it.
    const comparedWith = since.slice(0, 10);
    const rising = new RisingRepository(this.ctx.db);
    const week = (await rising.castSince(since)).sort((a, b) => b.cast - a.cast || a.topicId - b.topicId);
    const topics = await this.busiest(rising, week, since);

    // Climbers are looked for in the week's busiest topics (by ballots cast, withdrawals too) that have a
    // standing of a week ago to compare with and are still shown: a bounded read whatever the week's
    // size (docs/decisions/024-rising-this-week.md).
    const scope = week.slice(0, CLIMBERS_SCOPE).map((topic) => topic.topicId);
    const before = await rising.standingsAt(scope, comparedWith);
    const compared = [...(await rising.activeAmong([...before.keys()]))];
    const leaders = await new RankingsRepository(this.ctx.db).leaders(compared, BY_POINTS, RISING_TOP);
    const propositions: Movement['propositions'] = [];
    for (const [topicId, rows] of leaders) {
      const then = before.get(topicId) ?? new Map<number, number>();
      for (const { row, rank } of rankRows(rows, BY_POINTS)) {
        const rankBefore = then.get(row.id) ?? null;
        const placesGained = rankBefore === null ? null : rankBefore - rank;
        if (placesGained !== null && placesGained <= 0) continue;
        propositions.push({ id: row.id, name: row.name, topicId, rankNow: rank, rankBefore, placesGained });
      }
    }
    propositions.sort(
      (a, b) => climb(b) - climb(a) || a.rankNow - b.rankNow || a.topicId - b.topicId || a.id - b.id,
    );
    return { since, comparedWith, topics, propositions: propositions.slice(0, RISING_LIST_SIZE) };
  }

  /**
   * The active topics with the most placed ballots in the window (then by id). `week` is by cast ballots,
   * most first; a topic's placed ballots are at most its cast ones, so they are read a batch at a time
   * from the busiest, and the walk stops once no topic left could overtake the last one listed.
   */
  private async busiest(
    rising: RisingRepository,
    week: readonly CastInWindow[],
    since: string,
  ): Promise<Movement['topics']> {
    const listed: Movement['topics'] = [];
    for (let start = 0; start < week.length; start += TOPICS_PER_BATCH) {
      const ids = week.slice(start, start + TOPICS_PER_BATCH).map((topic) => topic.topicId);
      const [placed, active] = await Promise.all([rising.placedSince(ids, since), rising.activeAmong(ids)]);
      for (const id of ids) {
        const ballots = placed.get(id) ?? 0;
        if (ballots > 0 && active.has(id)) listed.push({ id, ballots });
      }
      listed.sort((a, b) => b.ballots - a.ballots || a.id - b.id);
      listed.length = Math.min(listed.length, RISING_LIST_SIZE);
      const last = listed[RISING_LIST_SIZE - 1];
      const next = week[start + TOPICS_PER_BATCH];
      // Strictly: a topic left with as many ballots could come first by its id.
      if (!next || (last && last.ballots > next.cast)) break;
    }
    return listed;
  }

  private async describe(movement: Movement, language: Language): Promise<RisingData> {
    const titles = await this.summaries.titles(
      [...movement.topics.map((topic) => topic.id), ...movement.propositions.map((p) => p.topicId)],
      language,
    );
    const titleOf = (id: number) => titles.get(id) ?? '';
    return {
      since: movement.since,
      comparedWith: movement.comparedWith,
      topics: movement.topics.map((topic) => ({
        id: topic.id,
        title: titleOf(topic.id),
        ballots: topic.ballots,
      })),
      propositions: movement.propositions.map(({ topicId, ...proposition }) => ({
        ...proposition,
        topic: { id: topicId, title: titleOf(topicId) },
      })),
    };
  }
}
