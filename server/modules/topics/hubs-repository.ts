import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { SUMMARY_COLUMNS } from './repository.js';

/**
 * Every line of SQL about hubs: a main topic and its sub-topics (rows of `topics` linked by
 * `main_topic_id`), the tags they carry, and the hub's count of the ballots on them.
 */
export class HubsRepository {
  constructor(private readonly db: Executor) {}

  /** Active sub-topics of a main topic, most voted first; with tag slugs, only those carrying all of them. */
  subTopics(mainTopicId: number, options: { limit: number; offset?: number; tagSlugs?: readonly string[] }) {
    return this.subTopicsQuery(mainTopicId, options.tagSlugs)
      .select(SUMMARY_COLUMNS)
      .orderBy('vote_count', 'desc')
      .orderBy('id', 'asc')
      .limit(options.limit)
      .offset(options.offset ?? 0)
      .execute();
  }

  /** How many active sub-topics `subTopics` pages through. */
  async subTopicCount(mainTopicId: number, tagSlugs?: readonly string[]): Promise<number> {
    const row = await this.subTopicsQuery(mainTopicId, tagSlugs)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private subTopicsQuery(mainTopicId: number, tagSlugs: readonly string[] = []) {
    const query = this.db
      .selectFrom('topics')
      .where('main_topic_id', '=', mainTopicId)
      .where('is_active', '=', 1);
    const slugs = [...new Set(tagSlugs)];
    if (slugs.length === 0) return query;
    return query.where('topics.id', 'in', (eb) =>
      eb
        .selectFrom('topic_tags')
        .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
        .select('topic_tags.topic_id')
        .where('tags.slug', 'in', slugs)
        .groupBy('topic_tags.topic_id')
        .having((h) => h.fn.count('topic_tags.tag_id').distinct(), '=', slugs.length),
    );
  }

  /** Tags used by a main topic's active sub-topics, with how many sub-topics carry each. */
  async subTopicTags(mainTopicId: number) {
    return this.db
      .selectFrom('topic_tags')
      .innerJoin('topics', 'topics.id', 'topic_tags.topic_id')
      .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
      .select([
        'tags.id',
        'tags.slug',
        'tags.name',
        'tags.type',
        (eb) => eb.fn.countAll<number>().as('topic_count'),
      ])
      .where('topics.main_topic_id', '=', mainTopicId)
      .where('topics.is_active', '=', 1)
      .groupBy(['tags.id', 'tags.slug', 'tags.name', 'tags.type'])
      .execute();
  }

  /** main topic id -> how many active sub-topics it has, for those of `mainTopicIds` that have any. */
  async activeSubTopicCounts(mainTopicIds: readonly number[]): Promise<Map<number, number>> {
    if (mainTopicIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('topics')
      .select(['main_topic_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('main_topic_id', 'in', [...mainTopicIds])
      .where('is_active', '=', 1)
      .groupBy('main_topic_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.main_topic_id), Number(row.n)]));
  }

  /**
   * Sets each of these main topics' `vote_count` to the ballots on its active sub-topics (each
   * sub-topic's vote_count counts its ballots); `all` recounts every main topic (bulk loads).
   */
  async recountHubs(mainTopicIds: readonly number[] | 'all'): Promise<void> {
    if (mainTopicIds !== 'all' && mainTopicIds.length === 0) return;
    let update = this.db
      .updateTable('topics')
      .set((eb) => ({
        vote_count: eb
          .selectFrom('topics as sub')
          .select(sql<number>`coalesce(sum(sub.vote_count), 0)`.as('total'))
          .whereRef('sub.main_topic_id', '=', 'topics.id')
          .where('sub.is_active', '=', 1),
      }))
      .where('is_main', '=', 1);
    if (mainTopicIds !== 'all') update = update.where('id', 'in', [...mainTopicIds]);
    await update.execute();
  }

  subTopicIds(mainTopicId: number) {
    return this.db
      .selectFrom('topics')
      .select(['id', 'title_key'])
      .where('main_topic_id', '=', mainTopicId)
      .execute();
  }

  async moveSubTopics(mainTopicId: number, categoryId: number, now: string) {
    await this.db
      .updateTable('topics')
      .set({ category_id: categoryId, updated_at: now })
      .where('main_topic_id', '=', mainTopicId)
      .execute();
  }
}
