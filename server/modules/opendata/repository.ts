import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';

/**
 * Every line of SQL of the open-data exports. The administrators' exports read in keyset pages (the next rows
 * after the last one sent, by a unique index), so that a download of a million ballots holds one page in memory
 * at a time and each page is an index range, never an OFFSET that reads everything before it again.
 */
export class OpenDataRepository {
  constructor(private readonly db: Executor) {}

  /** The topic a ranking export names (public: active topics only). */
  activeTopic(id: number) {
    return this.db
      .selectFrom('topics')
      .select(['id', 'readable_id', 'slug', 'title', 'language'])
      .where('id', '=', id)
      .where('is_active', '=', 1)
      .executeTakeFirst();
  }

  categories(afterId: number, limit: number) {
    return this.db
      .selectFrom('categories')
      .select(['id', 'slug', 'name', 'parent_id', 'is_system', 'created_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  tags(afterId: number, limit: number) {
    return this.db
      .selectFrom('tags')
      .select(['id', 'slug', 'name', 'type', 'category_id', 'created_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  topics(afterId: number, limit: number) {
    return this.db
      .selectFrom('topics')
      .select([
        'id',
        'readable_id',
        'slug',
        'title',
        'language',
        'category_id',
        'is_main',
        'main_topic_id',
        'is_active',
        'vote_count',
        'created_at',
      ])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The tags of the given topics, each topic's in tag id order. */
  tagsOfTopics(topicIds: readonly number[]) {
    if (topicIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('topic_tags')
      .select(['topic_id', 'tag_id'])
      .where('topic_id', 'in', topicIds)
      .orderBy('topic_id')
      .orderBy('tag_id')
      .execute();
  }

  propositions(afterId: number, limit: number) {
    return this.db
      .selectFrom('propositions')
      .select([
        'id',
        'topic_id',
        'name',
        'total_points',
        'vote_count',
        'first_count',
        'second_count',
        'third_count',
        'created_at',
        'listed_at',
      ])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * The next ballots that place a proposition, by (topic, voter) after `after`: the unique index
   * `(topic_id, user_id)` gives the order and the range. The voter's id leaves this module only as a pseudonym.
   */
  ballots(after: { topicId: number; userId: number }, limit: number) {
    return this.db
      .selectFrom('ballots')
      .select(['topic_id', 'user_id', 'state', 'voted_at', 'first_id', 'second_id', 'third_id'])
      .where((eb) => eb(eb.refTuple('topic_id', 'user_id'), '>', eb.tuple(after.topicId, after.userId)))
      .where(sql<boolean>`coalesce(first_id, second_id, third_id) is not null`)
      .orderBy('topic_id')
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }
}
