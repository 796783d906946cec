import type { Executor } from '../../db/executor.js';
import { SUMMARY_COLUMNS } from '../topics/repository.js';
import type { SnapshotPodium } from './podium-changes.js';

/** Places of a snapshot a podium feed shows: competition ranks 1 to 3 (ties included). */
const PODIUM_RANK = 3;

/** The feeds' SQL: a topic's podiums in its rank history, a category's newest topics. */
export class FeedsRepository {
  constructor(private readonly db: Executor) {}

  /** When the topic was created (an empty feed's `updated`); undefined when it is not active. */
  async activeTopicCreatedAt(topicId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('topics')
      .select('created_at')
      .where('id', '=', topicId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return row?.created_at;
  }

  /**
   * Every snapshot of the topic's rank history (decision 023), oldest first, each with its places of rank
   * 1 to 3 and their names; a snapshot with no such place (the ranking became empty) has none.
   */
  async podiumSnapshots(topicId: number): Promise<SnapshotPodium[]> {
    const rows = await this.db
      .selectFrom('rank_snapshots as s')
      .leftJoin('rank_snapshot_places as p', (join) =>
        join
          .onRef('p.topic_id', '=', 's.topic_id')
          .onRef('p.day', '=', 's.day')
          .on('p.rank', '<=', PODIUM_RANK),
      )
      .leftJoin('propositions as n', 'n.id', 'p.proposition_id')
      .select(['s.day', 'p.proposition_id', 'p.rank', 'p.total_points', 'n.name'])
      .where('s.topic_id', '=', topicId)
      .orderBy('s.day')
      .orderBy('p.rank')
      .orderBy('p.proposition_id')
      .execute();
    const snapshots: SnapshotPodium[] = [];
    for (const row of rows) {
      let last = snapshots.at(-1);
      if (last?.day !== row.day) {
        last = { day: row.day, places: [] };
        snapshots.push(last);
      }
      if (row.proposition_id === null || row.rank === null || row.name === null) continue;
      last.places.push({
        propositionId: row.proposition_id,
        rank: row.rank,
        name: row.name,
        points: Number(row.total_points),
      });
    }
    return snapshots;
  }

  /** The category, if it exists, and the ids of its subcategories (whose topics its page lists too). */
  async categoryWithChildren(
    categoryId: number,
  ): Promise<{ id: number; name: string; createdAt: string; childIds: number[] } | undefined> {
    const rows = await this.db
      .selectFrom('categories')
      .select(['id', 'name', 'parent_id', 'created_at'])
      .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)]))
      .execute();
    const category = rows.find((row) => row.id === categoryId);
    if (!category) return undefined;
    return {
      id: category.id,
      name: category.name,
      createdAt: category.created_at,
      childIds: rows.filter((row) => row.id !== categoryId).map((row) => row.id),
    };
  }

  /** The newest active topics (main topics and sub-topics) of these categories, newest first. */
  newestTopics(categoryIds: readonly number[], limit: number) {
    return this.db
      .selectFrom('topics')
      .select([...SUMMARY_COLUMNS, 'topics.created_at'])
      .where('topics.category_id', 'in', [...categoryIds])
      .where('topics.is_active', '=', 1)
      .orderBy('topics.created_at', 'desc')
      .orderBy('topics.id', 'desc')
      .limit(limit)
      .execute();
  }
}
