import { sql } from 'kysely';
import type { ProposalPolicy } from '../../../common/api/settings.js';
import type { Language } from '../../../common/constants.js';
import { foldText } from '../../../common/text/index.js';
import type { Executor } from '../../db/executor.js';
import { newReadableId } from '../../db/readable-id.js';
import type { TopicRow } from '../../db/schema.js';

/** The topic columns every list needs (no timestamps, no title_key). */
export const SUMMARY_COLUMNS = [
  'topics.id',
  'topics.readable_id',
  'topics.slug',
  'topics.title',
  'topics.description',
  'topics.language',
  'topics.category_id',
  'topics.is_main',
  'topics.main_topic_id',
  'topics.mandatory_types',
  'topics.is_active',
  'topics.vote_count',
] as const;

/** A topic row as lists read it: the columns of SUMMARY_COLUMNS. */
export type TopicListRow = Pick<
  TopicRow,
  (typeof SUMMARY_COLUMNS)[number] extends `topics.${infer Column}` ? Column : never
>;

export interface NewTopic {
  slug: string;
  title: string;
  description: string | null;
  language: Language;
  categoryId: number;
  isMain: boolean;
  mainTopicId: number | null;
  mandatoryTypes: string[];
  tagIds: number[];
}

/** Every line of SQL about topics and their tags (`topics`, `topic_tags`): public reads and the back-office's. */
export class TopicsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Active topics by vote count, ties by id: the order of the topics_popular index, so a page costs
   * the same whatever the table's size. One row more than asked tells whether another page exists.
   */
  async popular(options: { limit: number; offset: number; type?: 'main' | 'sub' }) {
    // Literals, not parameters: a planner can only pick the partial index topics_popular_main when it
    // sees that the query asks for exactly its rows.
    let query = this.db
      .selectFrom('topics')
      .select(SUMMARY_COLUMNS)
      .where('is_active', '=', sql.lit(1))
      .orderBy('vote_count', 'desc')
      .orderBy('id', 'asc')
      .limit(options.limit + 1)
      .offset(options.offset);
    if (options.type) query = query.where('is_main', '=', sql.lit(options.type === 'main' ? 1 : 0));
    const rows = await query.execute();
    return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
  }

  /** By id when the key is a number (links pass the id), else by slug; a numeric slug still works. */
  async findByKey(
    key: string,
    options: { includeInactive?: boolean } = {},
  ): Promise<TopicListRow | undefined> {
    const base = () => {
      let query = this.db.selectFrom('topics').select(SUMMARY_COLUMNS);
      if (!options.includeInactive) query = query.where('is_active', '=', 1);
      return query;
    };
    if (/^\d{1,10}$/.test(key)) {
      const id = Number(key);
      if (id <= 2_147_483_647) {
        const byId = await base().where('id', '=', id).executeTakeFirst();
        if (byId) return byId;
      }
    }
    return base().where('slug', '=', key).executeTakeFirst();
  }

  findById(id: number, options: { includeInactive?: boolean } = {}) {
    let query = this.db.selectFrom('topics').select(SUMMARY_COLUMNS).where('id', '=', id);
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.executeTakeFirst();
  }

  /** The tags of these topics, in the order lists show them (type, then slug). */
  tagsOfTopics(topicIds: readonly number[]) {
    if (topicIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('topic_tags')
      .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
      .select(['topic_tags.topic_id', 'tags.id', 'tags.slug', 'tags.name', 'tags.type'])
      .where('topic_tags.topic_id', 'in', [...topicIds])
      .orderBy('tags.type')
      .orderBy('tags.slug')
      .execute();
  }

  /**
   * How many listed propositions a topic has, when its last ballot was cast (null before the first), and
   * how many of its ballots hold places without counting (few: read from the standing's index).
   */
  async counts(
    topicId: number,
  ): Promise<{ propositions: number; lastVoteAt: string | null; uncountedBallots: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('propositions')
          .select(eb.fn.countAll<number>().as('n'))
          .where('topic_id', '=', topicId)
          .where('listed_at', 'is not', null)
          .as('propositions'),
        eb
          .selectFrom('votes')
          .select((v) => v.fn.max('created_at').as('at'))
          .where('topic_id', '=', topicId)
          .as('last_vote_at'),
        eb
          .selectFrom('ballots')
          .select(eb.fn.countAll<number>().as('n'))
          .where('topic_id', '=', topicId)
          .where('state', '<>', 'counted')
          .where((b) =>
            b.or([
              b('first_id', 'is not', null),
              b('second_id', 'is not', null),
              b('third_id', 'is not', null),
            ]),
          )
          .as('uncounted'),
      ])
      .executeTakeFirstOrThrow();
    return {
      propositions: Number(row.propositions),
      lastVoteAt: row.last_vote_at ?? null,
      uncountedBallots: Number(row.uncounted),
    };
  }

  /** The base titles of these topics, the language each is written in, and their slugs. */
  titlesOf(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('topics')
      .select(['id', 'slug', 'title', 'language'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  slugTaken(slug: string) {
    return this.db.selectFrom('topics').select('id').where('slug', '=', slug).executeTakeFirst();
  }

  /** A main topic of that name in the category (other than `exceptId`): main topic names are unique there. */
  mainTitleTaken(categoryId: number, title: string, exceptId?: number) {
    let query = this.db
      .selectFrom('topics')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('title_key', '=', foldText(title))
      .where('is_main', '=', 1);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.executeTakeFirst();
  }

  /** Inserts a topic and its tags; the caller checks the slug and main-title conflicts first. */
  async insertTopic(input: NewTopic, now: string): Promise<number> {
    const inserted = await this.db
      .insertInto('topics')
      .values({
        readable_id: newReadableId('T'),
        slug: input.slug,
        title: input.title,
        title_key: foldText(input.title),
        description: input.description,
        language: input.language,
        category_id: input.categoryId,
        is_main: input.isMain ? 1 : 0,
        main_topic_id: input.mainTopicId,
        mandatory_types: JSON.stringify(input.mandatoryTypes),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tagIds = [...new Set(input.tagIds)];
    if (tagIds.length > 0) {
      await this.db
        .insertInto('topic_tags')
        .values(tagIds.map((tagId) => ({ topic_id: inserted.id, tag_id: tagId })))
        .execute();
    }
    return inserted.id;
  }

  async setActive(id: number, isActive: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('topics')
      .set({ is_active: isActive ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** One sitemap page of active topics in id order; sitemaps are fetched rarely, so an offset is fine. */
  activeTopicPage(offset: number, limit: number) {
    return this.db
      .selectFrom('topics')
      .select(['id', 'updated_at'])
      .where('is_active', '=', 1)
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Topics visitors may not see (nor their texts). */
  async inactiveIds(): Promise<Set<number>> {
    const rows = await this.db.selectFrom('topics').select('id').where('is_active', '=', 0).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Base texts of these topics (or all), with the language they are written in. */
  baseTexts(ids: readonly number[] | 'all') {
    let query = this.db
      .selectFrom('topics')
      .select(['id', 'title', 'description', 'language', 'created_at', 'updated_at']);
    if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
    return query.execute();
  }

  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom('topics')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  // The back-office's lists and edits.

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
          .where('propositions.listed_at', 'is not', null)
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

  async updateTopic(
    id: number,
    changes: {
      slug?: string;
      title?: string;
      description?: string | null;
      category_id?: number;
      proposal_policy?: ProposalPolicy | null;
    },
    now: string,
  ) {
    await this.db
      .updateTable('topics')
      .set({
        ...changes,
        ...(changes.title !== undefined ? { title_key: foldText(changes.title) } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
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
}
