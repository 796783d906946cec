import type { Kysely } from 'kysely';
import type { RankingData, RankingEntryDto } from '../../../common/api/topics.js';
import type { RankingOrderId } from '../../../common/rankings/orders.js';
import {
  DEFAULT_RANKING_WINDOW,
  type RankingWindowId,
  windowLengthMs,
  windowStartMs,
} from '../../../common/rankings/windows.js';
import { cacheBudgetFor } from '../../cache/budget-for.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { BY_POINTS, RANKING_ORDERS, type RankingOrder, rankRows } from './order.js';
import { rankingCacheFor } from './ranking-cache.js';
import { type RankingRow, RankingsRepository } from './repository.js';
import { type Standing, type StandingRow, standingOf } from './standing.js';
import { standingCacheFor } from './standing-cache.js';
import { TopicBallots, type WindowBallots } from './topic-ballots.js';

/** Sorted rows with their totals as a podium shows them, each with its competition rank (order.ts). */
function rankedEntries(rows: readonly RankingRow[], order: RankingOrder): RankingEntryDto[] {
  return rankRows(rows, order).map(({ row, rank }) => ({
    id: row.id,
    rank,
    itemName: row.name,
    totalPoints: Number(row.total_points),
    voteCount: Number(row.vote_count),
    firstPlaces: Number(row.first_count),
    secondPlaces: Number(row.second_count),
    thirdPlaces: Number(row.third_count),
  }));
}

/** More propositions than any topic holds: a ranking read whole. */
const WHOLE_RANKING = 1_000_000;

/** Propositions the head-to-head view compares: the first of the ranking. */
export const HEAD_TO_HEAD_SIZE = 10;

/** The rows of `byPoints` (the default order) in `order`, which may read their standing (by average). */
function inOrder(byPoints: readonly StandingRow[], order: RankingOrder, standing: Standing): StandingRow[] {
  if (order === BY_POINTS) return [...byPoints];
  return byPoints
    .map((row) => ({ ...row, weighted_average: standing.confidence.get(row.id)?.average ?? null }))
    .sort(order.compare);
}

/** The first `limit` rows of `rows` (sorted by `order`), ranked, each with its standing. */
function rankingRowsOf(rows: readonly StandingRow[], limit: number, order: RankingOrder, standing: Standing) {
  return rankedEntries(rows.slice(0, limit), order).map((entry) => {
    const confidence = standing.confidence.get(entry.id);
    return {
      ...entry,
      eligibleBallots: standing.eligibleBallots.get(entry.id) ?? 0,
      weightedAverage: confidence?.average ?? null,
      interval: confidence ? { low: confidence.low, high: confidence.high } : null,
    };
  });
}

/** Who wins head to head among the first rows of `rows` (sorted for display), and whether the points leader does. */
function headToHeadOf(
  rows: readonly StandingRow[],
  pointsLeader: StandingRow | undefined,
  standing: Standing,
) {
  const compared = rows.slice(0, HEAD_TO_HEAD_SIZE).map((row) => row.id);
  const winner = standing.headToHead.condorcetWinner();
  return {
    condorcetWinnerId: winner,
    leaderIsCondorcetWinner: winner !== null && pointsLeader?.id === winner,
    headToHead: {
      propositionIds: compared,
      wins: compared.map((above) => compared.map((below) => standing.headToHead.wins(above, below))),
    },
  };
}

/**
 * The propositions named by a time window's ballots, with their totals among those ballots alone, in the
 * default order (issue 37). A proposition no ballot of the window names is not in the window's ranking.
 */
function windowRows(rows: readonly StandingRow[], inWindow: WindowBallots): StandingRow[] {
  return rows
    .flatMap((row) => {
      const places = inWindow.places.get(row.id);
      if (!places) return [];
      return [
        {
          ...row,
          total_points: 3 * places.first + 2 * places.second + places.third,
          vote_count: places.first + places.second + places.third,
          first_count: places.first,
          second_count: places.second,
          third_count: places.third,
        },
      ];
    })
    .sort(BY_POINTS.compare);
}

/**
 * A topic's ranking as every reader gets it: the ranking route, the topic page rendered on the server,
 * the live events, the hub's podiums. Ranked on the server, so that every reader numbers ties alike.
 */
export class RankingsService {
  private readonly rankings: RankingsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly order: RankingOrder = BY_POINTS,
  ) {
    this.rankings = new RankingsRepository(db);
  }

  /**
   * The first `limit` rows of the topic's ranking, read now; undefined for an unknown topic, or an
   * inactive one unless `includeInactive`.
   */
  async read(
    topicId: number,
    limit: number,
    options: { includeInactive?: boolean; fromScratch?: boolean; window?: RankingWindowId } = {},
  ): Promise<RankingData | undefined> {
    return (await this.readWithExpiry(topicId, limit, options))?.ranking;
  }

  /**
   * `read`, with the instant its answer stops being true by itself: a time window's ranking changes when
   * its earliest ballot leaves it, with no write to say so (null: only a write changes it).
   */
  private async readWithExpiry(
    topicId: number,
    limit: number,
    options: { includeInactive?: boolean; fromScratch?: boolean; window?: RankingWindowId },
  ): Promise<{ ranking: RankingData; expiresMs: number | null } | undefined> {
    const topic = await this.rankings.topic(topicId, options);
    if (!topic) return undefined;
    const rows = await this.rankings.standingRows(topicId);
    // From scratch, the ballots are read anew instead of kept in step: what a recount compares with.
    const ballots = options.fromScratch
      ? await this.loadBallots(topicId, rows)
      : await this.topicBallots(topicId, rows);
    const allTime = standingOf(rows, ballots, ballots.headToHead);
    const allTimeRows = inOrder(rows, this.order, allTime);
    // Head to head stays all-time in a window: a duel needs every ballot eligible for both.
    const headToHead = headToHeadOf(allTimeRows, rows[0], allTime);
    const window = options.window ?? DEFAULT_RANKING_WINDOW;
    const sinceMs = windowStartMs(window, cacheBudgetFor(this.db).clock.now());
    if (sinceMs === null) {
      const ranking = rankingRowsOf(allTimeRows, limit, this.order, allTime);
      return {
        ranking: {
          topicId,
          voteCount: Number(topic.vote_count),
          window,
          since: null,
          rankings: ranking,
          ...headToHead,
        },
        expiresMs: null,
      };
    }
    const inWindow = ballots.inWindow(sinceMs);
    const byPoints = windowRows(rows, inWindow);
    const standing = standingOf(byPoints, inWindow, ballots.headToHead);
    return {
      ranking: {
        topicId,
        voteCount: inWindow.ballots,
        window,
        since: new Date(sinceMs).toISOString(),
        rankings: rankingRowsOf(inOrder(byPoints, this.order, standing), limit, this.order, standing),
        ...headToHead,
      },
      // Still in the window at its edge (cast at or after the start): it leaves a millisecond later.
      expiresMs:
        inWindow.earliestCastMs === null
          ? null
          : inWindow.earliestCastMs + (windowLengthMs(window) as number) + 1,
    };
  }

  /**
   * The topic's counted ballots, kept in memory in step with its events (standing-cache.ts); read again
   * if they do not know exactly the propositions just read (a change they could not follow).
   */
  private async topicBallots(topicId: number, rows: readonly StandingRow[]): Promise<TopicBallots> {
    const cache = standingCacheFor(this.db);
    const load = () => this.loadBallots(topicId, rows);
    const ballots = await cache.get(topicId, load);
    if (ballots.knows(rows.map((row) => row.id))) return ballots;
    cache.forget(topicId);
    return cache.get(topicId, load);
  }

  private async loadBallots(topicId: number, rows: readonly StandingRow[]): Promise<TopicBallots> {
    return new TopicBallots(
      rows.map((row) => ({ id: row.id, listedAt: row.listed_at })),
      await this.rankings.countedBallots(topicId),
    );
  }

  /**
   * The ranking route's answer: the public reads the ranking cache (per ordering and limit),
   * administrators (who see inactive topics) read fresh.
   */
  async ranking(
    topicId: number,
    limit: number,
    options: { includeInactive?: boolean; window?: RankingWindowId } = {},
  ): Promise<RankingData> {
    const load = async () => {
      const read = await this.readWithExpiry(topicId, limit, options);
      if (!read) throw errors.notFound('Topic');
      return read;
    };
    if (options.includeInactive) return (await load()).ranking;
    const window = options.window ?? DEFAULT_RANKING_WINDOW;
    return rankingCacheFor(this.db).get(topicId, `${this.order.id}:${limit}:${window}`, load);
  }

  /**
   * The first `limit` rows of the topic's ranking by points (all of them by default), ranked, without its
   * standing (no ballot is read): what the podium watch of the notifications compares. Undefined for an
   * unknown or inactive topic.
   */
  async byPoints(topicId: number, limit = WHOLE_RANKING): Promise<RankingEntryDto[] | undefined> {
    if (!(await this.rankings.topic(topicId))) return undefined;
    return rankedEntries(await this.rankings.ranking(topicId, limit, BY_POINTS), BY_POINTS);
  }

  /** Each topic's podium (its first three propositions with points), ranked, by topic id. */
  podiums(topicIds: readonly number[]): Promise<Map<number, RankingEntryDto[]>> {
    // A podium is the spec's: by points, whatever the ordering of the topic's own ranking.
    return this.leadersByPoints(topicIds, 3);
  }

  /**
   * The first `count` propositions with points of each of these topics by points, ranked, by topic id, in one
   * query (a topic unknown, inactive or without points has none).
   */
  async leadersByPoints(topicIds: readonly number[], count: number): Promise<Map<number, RankingEntryDto[]>> {
    const leaders = await this.rankings.leaders(topicIds, BY_POINTS, count);
    return new Map([...leaders].map(([topicId, rows]) => [topicId, rankedEntries(rows, BY_POINTS)]));
  }
}

/** A service for each ordering a reader may ask for, by its id (the route's and the page's `order`). */
export function rankingServicesByOrder(
  db: Kysely<Database>,
): Readonly<Record<RankingOrderId, RankingsService>> {
  return Object.fromEntries(
    Object.entries(RANKING_ORDERS).map(([id, order]) => [id, new RankingsService(db, order)]),
  ) as Record<RankingOrderId, RankingsService>;
}
