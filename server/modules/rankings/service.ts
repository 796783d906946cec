import type { Kysely } from 'kysely';
import type { RankingData, RankingEntryDto } from '../../../common/api/topics.js';
import type { RankingOrderId } from '../../../common/rankings/orders.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { BY_POINTS, RANKING_ORDERS, type RankingOrder, rankRows } from './order.js';
import { rankingCacheFor } from './ranking-cache.js';
import { type RankingRow, RankingsRepository } from './repository.js';
import { type Standing, type StandingRow, standingOf } from './standing.js';
import { standingCacheFor } from './standing-cache.js';
import { TopicBallots } from './topic-ballots.js';

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

/** Propositions the head-to-head view compares: the first of the ranking. */
export const HEAD_TO_HEAD_SIZE = 10;

/**
 * The ranking answer's rows and topic figures: `byPoints` is every proposition in the default order, the
 * standing their figures beyond points; `order` sorts them for display (in memory: an ordering may read
 * the standing, as by average does).
 */
function rankingOf(byPoints: readonly StandingRow[], limit: number, order: RankingOrder, standing: Standing) {
  const rows =
    order === BY_POINTS
      ? byPoints
      : byPoints
          .map((row) => ({ ...row, weighted_average: standing.confidence.get(row.id)?.average ?? null }))
          .sort(order.compare);
  const rankings = rankedEntries(rows.slice(0, limit), order).map((entry) => {
    const confidence = standing.confidence.get(entry.id);
    return {
      ...entry,
      eligibleBallots: standing.eligibleBallots.get(entry.id) ?? 0,
      weightedAverage: confidence?.average ?? null,
      interval: confidence ? { low: confidence.low, high: confidence.high } : null,
    };
  });
  const compared = rows.slice(0, HEAD_TO_HEAD_SIZE).map((row) => row.id);
  const winner = standing.headToHead.condorcetWinner();
  const pointsLeader = byPoints[0];
  return {
    rankings,
    condorcetWinnerId: winner,
    leaderIsCondorcetWinner: winner !== null && pointsLeader?.id === winner,
    headToHead: {
      propositionIds: compared,
      wins: compared.map((above) => compared.map((below) => standing.headToHead.wins(above, below))),
    },
  };
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
    options: { includeInactive?: boolean; fromScratch?: boolean } = {},
  ): Promise<RankingData | undefined> {
    const topic = await this.rankings.topic(topicId, options);
    if (!topic) return undefined;
    const rows = await this.rankings.standingRows(topicId);
    // From scratch, the ballots are read anew instead of kept in step: what a recount compares with.
    const ballots = options.fromScratch
      ? await this.loadBallots(topicId, rows)
      : await this.topicBallots(topicId, rows);
    return {
      topicId,
      voteCount: Number(topic.vote_count),
      ...rankingOf(rows, limit, this.order, standingOf(rows, ballots)),
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
    options: { includeInactive?: boolean } = {},
  ): Promise<RankingData> {
    const load = async () => {
      const ranking = await this.read(topicId, limit, options);
      if (!ranking) throw errors.notFound('Topic');
      return ranking;
    };
    return options.includeInactive
      ? load()
      : rankingCacheFor(this.db).get(topicId, `${this.order.id}:${limit}`, load);
  }

  /** Each topic's podium (its first three propositions with points), ranked, by topic id. */
  async podiums(topicIds: readonly number[]): Promise<Map<number, RankingEntryDto[]>> {
    // A podium is the spec's: by points, whatever the ordering of the topic's own ranking.
    const podiums = await this.rankings.podiums(topicIds, BY_POINTS);
    return new Map([...podiums].map(([topicId, rows]) => [topicId, rankedEntries(rows, BY_POINTS)]));
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
