import type { Kysely } from 'kysely';
import type { RankingData, RankingEntryDto } from '../../../common/api/topics.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { BY_POINTS, type RankingOrder, rankRows } from './order.js';
import { rankingCacheFor } from './ranking-cache.js';
import { type RankingRow, RankingsRepository } from './repository.js';

/** Sorted rows as the API shows them, each with its competition rank (order.ts). */
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
    options: { includeInactive?: boolean } = {},
  ): Promise<RankingData | undefined> {
    const topic = await this.rankings.topic(topicId, options);
    if (!topic) return undefined;
    const rows = await this.rankings.ranking(topicId, limit, this.order);
    return { topicId, voteCount: Number(topic.vote_count), rankings: rankedEntries(rows, this.order) };
  }

  /**
   * The ranking route's answer: the public reads the ranking cache, administrators (who see inactive
   * topics) read fresh. The cache holds the default order's rankings (it is keyed by topic and limit):
   * another ordering reads fresh until it has a key of its own there.
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
    const cached = !options.includeInactive && this.order === BY_POINTS;
    return cached ? rankingCacheFor(this.db).get(topicId, limit, load) : load();
  }

  /** Each topic's podium (its first three propositions with points), ranked, by topic id. */
  async podiums(topicIds: readonly number[]): Promise<Map<number, RankingEntryDto[]>> {
    const podiums = await this.rankings.podiums(topicIds, this.order);
    return new Map([...podiums].map(([topicId, rows]) => [topicId, rankedEntries(rows, this.order)]));
  }
}
