import { foldText } from '../../../common/text/index.js';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/timestamps.js';

/**
 * The back-office's SQL about topics beyond TopicsRepository (which it reuses for reads and
 * inserts): the admin list, edits, deletes, topic tags and propositions.
 */
export class TopicsAdminRepository {
  constructor(private readonly db: Executor) {}

  /** Main topics each followed by their sub-topics, so the table reads as a tree. */
  list(options: { status: 'all' | 'active' | 'inactive'; limit: number; offset: number }) {
    let query = this.db
      .selectFrom('topics as t')
      .innerJoin('categories as c', 'c.id', 't.category_id')
      .select((eb) => [
        't.id',
        't.slug',
        't.readable_id',
        't.title',
        't.description',
        't.language',
        't.is_main',
        't.is_active',
        't.main_topic_id',
        't.vote_count',
        't.created_at',
        't.category_id',
        'c.slug as category_slug',
        'c.name as category_name',
        eb
          .selectFrom('propositions')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('propositions.topic_id', '=', 't.id')
          .as('propositions'),
        eb
          .selectFrom('topics as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.main_topic_id', '=', 't.id')
          .as('sub_topics'),
      ])
      .orderBy((eb) => eb.fn.coalesce('t.main_topic_id', 't.id'), 'desc')
      .orderBy('t.is_main', 'desc')
      .orderBy('t.title')
      .orderBy('t.id')
      .limit(options.limit)
      .offset(options.offset);
    if (options.status !== 'all')
      query = query.where('t.is_active', '=', options.status === 'active' ? 1 : 0);
    return query.execute();
  }

  async statusCounts() {
    const rows = await this.db
      .selectFrom('topics')
      .select((eb) => ['is_active', eb.fn.countAll<number>().as('n')])
      .groupBy('is_active')
      .execute();
    const active = Number(rows.find((row) => row.is_active === 1)?.n ?? 0);
    const inactive = Number(rows.find((row) => row.is_active === 0)?.n ?? 0);
    return { all: active + inactive, active, inactive };
  }

  findFull(id: number) {
    return this.db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  categoryBySlug(slug: string) {
    return this.db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst();
  }

  subTopicIds(mainTopicId: number) {
    return this.db
      .selectFrom('topics')
      .select(['id', 'title_key'])
      .where('main_topic_id', '=', mainTopicId)
      .execute();
  }

  async updateTopic(
    id: number,
    changes: { slug?: string; title?: string; description?: string | null; category_id?: number },
  ) {
    await this.db
      .updateTable('topics')
      .set({
        ...changes,
        ...(changes.title !== undefined ? { title_key: foldText(changes.title) } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  async moveSubTopics(mainTopicId: number, categoryId: number) {
    await this.db
      .updateTable('topics')
      .set({ category_id: categoryId, updated_at: nowIso() })
      .where('main_topic_id', '=', mainTopicId)
      .execute();
  }

  async replaceTags(topicId: number, tagIds: readonly number[]) {
    await this.db.deleteFrom('topic_tags').where('topic_id', '=', topicId).execute();
    if (tagIds.length > 0) {
      await this.db
        .insertInto('topic_tags')
        .values([...new Set(tagIds)].map((tagId) => ({ topic_id: topicId, tag_id: tagId })))
        .execute();
    }
  }

  async addTag(topicId: number, tagId: number) {
    await this.db
      .insertInto('topic_tags')
      .values({ topic_id: topicId, tag_id: tagId })
      .onConflict((oc) => oc.columns(['topic_id', 'tag_id']).doNothing())
      .execute();
  }

  async removeTag(topicId: number, tagId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('topic_tags')
      .where('topic_id', '=', topicId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** What deleting these topics takes with it, for the audit trail. */
  async contentsOf(topicIds: readonly number[]) {
    const [propositions, votes] = await Promise.all([
      this.db
        .selectFrom('propositions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('topic_id', 'in', [...topicIds])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('topic_id', 'in', [...topicIds])
        .executeTakeFirstOrThrow(),
    ]);
    return { propositions: Number(propositions.n), votes: Number(votes.n) };
  }

  /** Sub-topics, propositions, votes and topic tags go by the foreign keys' cascades; texts by the texts service. */
  async deleteTopics(topicIds: readonly number[]) {
    await this.db
      .deleteFrom('topics')
      .where('id', 'in', [...topicIds])
      .execute();
  }

  /** Tags the wizard may combine in a category: its own and the cross-cutting ones (no category). */
  wizardTags(categoryId: number, types: readonly string[]) {
    return this.db
      .selectFrom('tags')
      .select(['id', 'slug', 'name', 'type'])
      .where((eb) => eb.or([eb('category_id', '=', categoryId), eb('category_id', 'is', null)]))
      .where('type', 'in', [...types])
      .orderBy('type')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }
}
