import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  RankingEntryDto,
  TagGroupDto,
  TopicDto,
  TopicSummaryDto,
  TopicTagDto,
} from '../../../common/api/topics.js';
import type { Language } from '../../../common/constants.js';
import { foldText } from '../../../common/text/index.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import { newReadableId, nowIso } from '../../db/readable-id.js';
import type { Database, TopicRow } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { loadTexts } from './texts.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The topic columns every list needs (no timestamps, no title_key). */
const SUMMARY_COLUMNS = [
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

export type TopicListRow = Pick<
  TopicRow,
  | 'id'
  | 'readable_id'
  | 'slug'
  | 'title'
  | 'description'
  | 'language'
  | 'category_id'
  | 'is_main'
  | 'main_topic_id'
  | 'mandatory_types'
  | 'is_active'
  | 'vote_count'
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

function parseTypes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Every line of SQL about topics, rankings and their texts; the back-office reuses it. */
export class TopicsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** Active sub-topics of a main topic, most voted first; with tag slugs, only those carrying all of them. */
  async subTopics(mainTopicId: number, options: { limit: number; tagSlugs?: readonly string[] }) {
    let query = this.db
      .selectFrom('topics')
      .select(SUMMARY_COLUMNS)
      .where('main_topic_id', '=', mainTopicId)
      .where('is_active', '=', 1)
      .orderBy('vote_count', 'desc')
      .orderBy('id', 'asc')
      .limit(options.limit);
    const slugs = [...new Set(options.tagSlugs ?? [])];
    if (slugs.length > 0) {
      query = query.where('topics.id', 'in', (eb) =>
        eb
          .selectFrom('topic_tags')
          .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
          .select('topic_tags.topic_id')
          .where('tags.slug', 'in', slugs)
          .groupBy('topic_tags.topic_id')
          .having((h) => h.fn.count('topic_tags.tag_id').distinct(), '=', slugs.length),
      );
    }
    return query.execute();
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

  /** The two columns a ranking needs of its topic (kept narrow: this runs on every ranking read). */
  rankingTopic(id: number, options: { includeInactive?: boolean } = {}) {
    let query = this.db.selectFrom('topics').select(['id', 'vote_count']).where('id', '=', id);
    if (!options.includeInactive) query = query.where('is_active', '=', 1);
    return query.executeTakeFirst();
  }

  /** Propositions in ranking order, read from their running totals (the propositions_ranking index). */
  async ranking(topicId: number, limit: number): Promise<RankingEntryDto[]> {
    const rows = await this.db
      .selectFrom('propositions')
      .select(['id', 'name', 'total_points', 'vote_count', 'first_count', 'second_count', 'third_count'])
      .where('topic_id', '=', topicId)
      .orderBy('total_points', 'desc')
      .orderBy('vote_count', 'desc')
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      itemName: row.name,
      totalPoints: Number(row.total_points),
      voteCount: Number(row.vote_count),
      firstPlaces: Number(row.first_count),
      secondPlaces: Number(row.second_count),
      thirdPlaces: Number(row.third_count),
    }));
  }

  /** Turns topic rows into list items in one language: 4 batched queries, whatever the number of rows. */
  async toSummaries(rows: readonly TopicListRow[], language: Language): Promise<TopicSummaryDto[]> {
    if (rows.length === 0) return [];
    const topicIds = rows.map((row) => row.id);
    const categoryIds = [...new Set(rows.map((row) => row.category_id))];
    const [topicTexts, categories, tagRows] = await Promise.all([
      loadTexts(this.db, 'topic', topicIds, language),
      this.db
        .selectFrom('categories')
        .select(['id', 'slug', 'name'])
        .where('id', 'in', categoryIds)
        .execute(),
      this.db
        .selectFrom('topic_tags')
        .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
        .select(['topic_tags.topic_id', 'tags.id', 'tags.slug', 'tags.name', 'tags.type'])
        .where('topic_tags.topic_id', 'in', topicIds)
        .orderBy('tags.type')
        .orderBy('tags.slug')
        .execute(),
    ]);
    const tagIds = [...new Set(tagRows.map((row) => row.id))];
    const [categoryTexts, tagTexts] = await Promise.all([
      loadTexts(this.db, 'category', categoryIds, language),
      loadTexts(this.db, 'tag', tagIds, language),
    ]);
    const categoryById = new Map(
      categories.map((c) => [
        c.id,
        { id: c.id, slug: c.slug, name: categoryTexts.pick(c.id, 'name', { text: c.name }) },
      ]),
    );
    const tagsByTopic = new Map<number, TopicTagDto[]>();
    for (const row of tagRows) {
      let list = tagsByTopic.get(row.topic_id);
      if (!list) {
        list = [];
        tagsByTopic.set(row.topic_id, list);
      }
      list.push({
        id: row.id,
        slug: row.slug,
        name: tagTexts.pick(row.id, 'name', { text: row.name }),
        type: row.type,
      });
    }
    return rows.map((row) => {
      const title = topicTexts.pick(row.id, 'title', { text: row.title, language: row.language });
      return {
        id: row.id,
        slug: row.slug,
        readableId: row.readable_id,
        title,
        name: title,
        description: topicTexts.pick(row.id, 'description', {
          text: row.description,
          language: row.language,
        }),
        category: categoryById.get(row.category_id) ?? { id: row.category_id, slug: '', name: '' },
        tags: tagsByTopic.get(row.id) ?? [],
        voteCount: Number(row.vote_count),
        type: row.is_main === 1 ? 'main' : 'sub',
        isMainTopic: row.is_main === 1,
        mainTopicId: row.main_topic_id,
        language: row.language,
      };
    });
  }

  /** One topic with its counts and its main topic's title, in one language. */
  async toDetail(row: TopicListRow, language: Language): Promise<TopicDto> {
    const [summary] = await this.toSummaries([row], language);
    if (!summary) throw new Error('unreachable: one row gives one summary');
    const [counts, mainTopic] = await Promise.all([
      this.db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('propositions')
            .select(eb.fn.countAll<number>().as('n'))
            .where('topic_id', '=', row.id)
            .as('propositions'),
          eb
            .selectFrom('topics')
            .select(eb.fn.countAll<number>().as('n'))
            .where('main_topic_id', '=', row.id)
            .where('is_active', '=', 1)
            .as('sub_topics'),
        ])
        .executeTakeFirstOrThrow(),
      row.main_topic_id === null
        ? undefined
        : this.db
            .selectFrom('topics')
            .select(['id', 'title', 'language'])
            .where('id', '=', row.main_topic_id)
            .executeTakeFirst(),
    ]);
    let mainTopicTitle: string | null = null;
    if (mainTopic) {
      const texts = await loadTexts(this.db, 'topic', [mainTopic.id], language);
      mainTopicTitle = texts.pick(mainTopic.id, 'title', {
        text: mainTopic.title,
        language: mainTopic.language,
      });
    }
    return {
      ...summary,
      categoryId: summary.category.id,
      categoryName: summary.category.name,
      isActive: row.is_active === 1,
      mainTopic: mainTopicTitle,
      mandatoryTypes: parseTypes(row.mandatory_types),
      propositionCount: Number(counts.propositions),
      subTopicCount: Number(counts.sub_topics),
    };
  }

  /** Tag rows grouped by type with names in one language, types in their usual order. */
  async groupTags(
    rows: ReadonlyArray<{ id: number; slug: string; name: string; type: string; topic_count: number }>,
    language: Language,
  ): Promise<TagGroupDto[]> {
    const texts = await loadTexts(
      this.db,
      'tag',
      rows.map((row) => row.id),
      language,
    );
    const groups = new Map<string, TagGroupDto>();
    for (const row of rows) {
      let group = groups.get(row.type);
      if (!group) {
        group = { type: row.type, tags: [] };
        groups.set(row.type, group);
      }
      group.tags.push({
        id: row.id,
        slug: row.slug,
        name: texts.pick(row.id, 'name', { text: row.name }),
        type: row.type,
        topicCount: Number(row.topic_count),
      });
    }
    const sorted = [...groups.values()].sort((a, b) => a.type.localeCompare(b.type));
    for (const group of sorted) group.tags.sort((a, b) => a.name.localeCompare(b.name));
    return sorted;
  }

  categoryExists(id: number) {
    return this.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
  }

  tagsBySlug(slugs: readonly string[]) {
    if (slugs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'slug'])
      .where('slug', 'in', [...slugs])
      .execute();
  }

  slugTaken(slug: string, db: Db = this.db) {
    return db.selectFrom('topics').select('id').where('slug', '=', slug).executeTakeFirst();
  }

  mainTitleTaken(categoryId: number, title: string, db: Db = this.db) {
    return db
      .selectFrom('topics')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('title_key', '=', foldText(title))
      .where('is_main', '=', 1)
      .executeTakeFirst();
  }

  /**
   * Inserts a topic and its tags in one transaction. The checks before the insert name the right
   * conflict; the unique indexes still decide a race between two administrators.
   */
  /** `alsoInTransaction` runs after the insert in the same transaction (audit, search index). */
  async createTopic(
    input: NewTopic,
    alsoInTransaction?: (trx: Db, id: number) => Promise<void>,
  ): Promise<number> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (input.isMain && (await this.mainTitleTaken(input.categoryId, input.title, trx))) {
          throw mainTopicExists();
        }
        if (await this.slugTaken(input.slug, trx)) throw slugExists();
        const id = await this.insertTopic(trx, input);
        await alsoInTransaction?.(trx, id);
        return id;
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint?.includes('slug')) throw slugExists();
      if (constraint?.includes('title_key') || constraint?.includes('main_title')) throw mainTopicExists();
      throw error;
    }
  }

  /**
   * The insert itself, inside a transaction the caller holds (the back-office wizard creates a whole
   * run in one); the caller checks the slug and main-title conflicts first.
   */
  async insertTopic(db: Db, input: NewTopic): Promise<number> {
    const now = nowIso();
    const inserted = await db
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
      await db
        .insertInto('topic_tags')
        .values(tagIds.map((tagId) => ({ topic_id: inserted.id, tag_id: tagId })))
        .execute();
    }
    return inserted.id;
  }

  async setActive(id: number, isActive: boolean, db: Db = this.db): Promise<void> {
    await db
      .updateTable('topics')
      .set({ is_active: isActive ? 1 : 0, updated_at: nowIso() })
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

  async countActive(): Promise<number> {
    const row = await this.db
      .selectFrom('topics')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}

const slugExists = () => errors.conflict('SLUG_EXISTS', 'A topic with this slug already exists', 'slug');
const mainTopicExists = () =>
  errors.conflict('TOPIC_EXISTS', 'A main topic with this name already exists in this category', 'name');
