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
import { type RisingChanges, risingChangesFor } from './changes.js';
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

/** A proposition that climbed in its topic's top ten, or entered it. */
interface Climber {
  id: number;
  name: string;
  topicId: number;
  rankNow: number;
  rankBefore: number | null;
  placesGained: number | null;
}

/** What moved this week, before any text: ids and figures, the same in every language. */
interface Movement {
  comparedWith: string;
  topics: { id: number; ballots: number }[];
  propositions: Climber[];
}

/**
 * What a measure of the week has read, per topic, so that a correction rereads only the topics that
 * changed since: every topic's cast ballots, and what was needed of some (placed ballots, whether
 * active, the standing of a week ago, the climbers).
 */
interface WeekState {
  since: string;
  comparedWith: string;
  cast: Map<number, number>;
  placed: Map<number, number>;
  active: Map<number, boolean>;
  /** Topics whose standing of a week ago was looked for; `standings` holds those that have one. */
  standingRead: Set<number>;
  standings: Map<number, Map<number, number>>;
  climbers: Map<number, Climber[]>;
}

interface Measure {
  /** The change sequence when it started reading (follow.ts): later changes are corrected on read. */
  sequence: number;
  state: WeekState;
  movement: Movement;
}

const copyOf = (state: WeekState): WeekState => ({
  ...state,
  cast: new Map(state.cast),
  placed: new Map(state.placed),
  active: new Map(state.active),
  standingRead: new Set(state.standingRead),
  standings: new Map(state.standings),
  climbers: new Map(state.climbers),
});

/**
 * What a measure holds, for the cache budget (decision 012): its maps' entries (a number or two and a Map's
 * own record, about 64 bytes each) and the climbers it keeps (about 150 bytes each, with a name).
 */
const bytesOf = ({ state }: Measure): number => {
  const entries = state.cast.size + state.placed.size + state.active.size + state.standingRead.size;
  let climbers = 0;
  for (const list of state.climbers.values()) climbers += list.length;
  let places = 0;
  for (const standing of state.standings.values()) places += standing.size;
  return 64 * (entries + places + state.climbers.size) + 150 * climbers;
};

/**
 * How far a proposition climbed, for ordering: the places it gained, or for one that entered the top ten,
 * the least it can have climbed (from eleventh). The answer never shows the latter as a number.
 */
const climb = (p: Climber) => p.placesGained ?? RISING_TOP + 1 - p.rankNow;

/**
 * "Rising this week" (docs/decisions/024-rising-this-week.md): the active topics with the most counted
 * ballots cast in the last seven days (rolling, on the app's clock), and the propositions that climbed
 * most in their topic's live top ten since the topic's rank history of a week ago.
 */
export class RisingService {
  private readonly cache: ReadCache;
  private readonly summaries: TopicSummaries;
  private readonly changes: RisingChanges;

  constructor(private readonly ctx: AppContext) {
    this.cache = readCacheFor(ctx.db);
    this.summaries = new TopicSummaries(ctx.db, ctx.texts);
    this.changes = risingChangesFor(ctx.db);
  }

  /**
   * In one language. Kept in the read cache and dropped by every change that moves a ranking (follow.ts),
   * so a ballot shows on the next read, here or, through the change events, on another app server.
   */
  rising(language: Language): Promise<RisingData> {
    return this.cache.get(`rising:${language}`, async () => this.describe(await this.movement(), language), {
      tagOf: () => RISING_TAG,
    });
  }

  /**
   * The week as measured at most a second or so ago (the read cache's lifetime: the window's boundary
   * moves with the clock), corrected for the topics whose ranking changed since it started: a ballot
   * costs a reread of its topic, not of the week.
   */
  private async movement(): Promise<Movement> {
    let measure = await this.cache.get('rising:week', () => this.measure(), { sizeOf: bytesOf });
    if (measure.sequence < this.changes.everythingAt) measure = await this.measure();
    const changed = this.changes.since(measure.sequence);
    if (changed.length === 0) return measure.movement;
    const rising = new RisingRepository(this.ctx.db);
    const state = copyOf(measure.state);
    const cast = await rising.castOf(changed, state.since);
    for (const id of changed) {
      const count = cast.get(id);
      if (count === undefined) state.cast.delete(id);
      else state.cast.set(id, count);
      state.placed.delete(id);
      state.active.delete(id);
      state.climbers.delete(id);
    }
    return this.complete(rising, state);
  }

  private async measure(): Promise<Measure> {
    const sequence = this.changes.sequence;
    const since = new Date(this.ctx.clock.now() - RISING_WINDOW_DAYS * DAY_MS).toISOString();
    const rising = new RisingRepository(this.ctx.db);
    const cast = new Map((await rising.castSince(since)).map((topic) => [topic.topicId, topic.cast]));
    const state: WeekState = {
      since,
      // The standing at the end of the day a week ago: that day's snapshot, or the latest before it.
      comparedWith: since.slice(0, 10),
      cast,
      placed: new Map(),
      active: new Map(),
      standingRead: new Set(),
      standings: new Map(),
      climbers: new Map(),
    };
    const movement = await this.complete(rising, state);
    this.changes.measured(sequence);
    return { sequence, state, movement };
  }

  /** The lists from `state`, reading (and keeping in it) whatever they need that it does not hold. */
  private async complete(rising: RisingRepository, state: WeekState): Promise<Movement> {
    const week = [...state.cast]
      .map(([topicId, cast]) => ({ topicId, cast }))
      .sort((a, b) => b.cast - a.cast || a.topicId - b.topicId);
    const topics = await this.busiest(rising, week, state);

    // Climbers are looked for in the week's busiest topics (by ballots cast, withdrawals too) that have
    // a standing of a week ago to compare with and are still shown: a bounded read whatever the week's
    // size (docs/decisions/024-rising-this-week.md).
    const scope = week.slice(0, CLIMBERS_SCOPE).map((topic) => topic.topicId);
    const unread = scope.filter((id) => !state.standingRead.has(id));
    if (unread.length > 0) {
      const found = await rising.standingsAt(unread, state.comparedWith);
      for (const id of unread) {
        state.standingRead.add(id);
        const standing = found.get(id);
        if (standing) state.standings.set(id, standing);
      }
    }
    const compared = scope.filter((id) => state.standings.has(id));
    await this.readActive(rising, compared, state);
    const toRank = compared.filter((id) => state.active.get(id) && !state.climbers.has(id));
    const leaders = await new RankingsRepository(this.ctx.db).leaders(toRank, BY_POINTS, RISING_TOP);
    for (const topicId of toRank) {
      const then = state.standings.get(topicId) ?? new Map<number, number>();
      const climbers: Climber[] = [];
      for (const { row, rank } of rankRows(leaders.get(topicId) ?? [], BY_POINTS)) {
        const rankBefore = then.get(row.id) ?? null;
        const placesGained = rankBefore === null ? null : rankBefore - rank;
        if (placesGained !== null && placesGained <= 0) continue;
        climbers.push({ id: row.id, name: row.name, topicId, rankNow: rank, rankBefore, placesGained });
      }
      state.climbers.set(topicId, climbers);
    }
    const propositions = compared
      .filter((id) => state.active.get(id))
      .flatMap((id) => state.climbers.get(id) ?? [])
      .sort((a, b) => climb(b) - climb(a) || a.rankNow - b.rankNow || a.topicId - b.topicId || a.id - b.id);
    return {
      comparedWith: state.comparedWith,
      topics,
      propositions: propositions.slice(0, RISING_LIST_SIZE),
    };
  }

  private async readActive(rising: RisingRepository, ids: readonly number[], state: WeekState) {
    const unknown = ids.filter((id) => !state.active.has(id));
    if (unknown.length === 0) return;
    const active = await rising.activeAmong(unknown);
    for (const id of unknown) state.active.set(id, active.has(id));
  }

  /**
   * The active topics with the most placed ballots in the window (then by id). `week` is by cast ballots,
   * most first; a topic's placed ballots are at most its cast ones, so they are read a batch at a time
   * from the busiest, and the walk stops once no topic left could overtake the last one listed.
   */
  private async busiest(
    rising: RisingRepository,
    week: readonly CastInWindow[],
    state: WeekState,
  ): Promise<Movement['topics']> {
    const listed: Movement['topics'] = [];
    for (let start = 0; start < week.length; start += TOPICS_PER_BATCH) {
      const ids = week.slice(start, start + TOPICS_PER_BATCH).map((topic) => topic.topicId);
      const unknown = ids.filter((id) => !state.placed.has(id));
      const [placed] = await Promise.all([
        unknown.length > 0 ? rising.placedSince(unknown, state.since) : new Map<number, number>(),
        this.readActive(rising, ids, state),
      ]);
      for (const id of unknown) state.placed.set(id, placed.get(id) ?? 0);
      for (const id of ids) {
        const ballots = state.placed.get(id) ?? 0;
        if (ballots > 0 && state.active.get(id)) listed.push({ id, ballots });
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
