import type { Kysely } from 'kysely';
import type {
  CreateTopicInput,
  MainTopicData,
  MainTopicFilterData,
  PopularTopicsData,
  RankingData,
  TopicDto,
} from '../../../common/api/topics.js';
import type { Language } from '../../../common/constants.js';
import { slugify } from '../../../common/text/index.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthUser } from '../auth/guards.js';
import { indexTopics } from '../search/indexer.js';
import { rankingCacheFor } from './ranking-cache.js';
import { type ReadCache, readCacheFor } from './read-cache.js';
import { TopicsRepository } from './repository.js';

/**
 * A topic's details (texts, counts, its vote count) change with every vote, and each vote drops them
 * (`topicChanged`, wired to the ranking events); the lifetime only bounds how long an administrator's
 * edit made on another app server takes to show.
 */
const TOPIC_DETAIL_TTL_MS = 3000;
const topicTag = (topicId: number) => `topic-id:${topicId}`;

/** Drops what this process keeps of a topic whose ranking (and so vote count) changed. */
export function topicChanged(db: Kysely<Database>, topicId: number | 'all'): void {
  const rankings = rankingCacheFor(db);
  const reads = readCacheFor(db);
  if (topicId === 'all') {
    rankings.clear();
    reads.clear();
    return;
  }
  rankings.invalidate(topicId);
  reads.forget(topicTag(topicId));
}

/** Rules of browsing and creating topics; routes stay one call deep, the back-office reuses it. */
export class TopicsService {
  readonly repository: TopicsRepository;
  private readonly cache: ReadCache;

  constructor(private readonly db: Kysely<Database>) {
    this.repository = new TopicsRepository(db);
    this.cache = readCacheFor(db);
  }

  async popular(
    language: Language,
    options: { limit: number; offset: number; type?: 'main' | 'sub' },
  ): Promise<PopularTopicsData> {
    const key = `popular:${language}:${options.limit}:${options.offset}:${options.type ?? ''}`;
    return this.cache.get(key, async () => {
      const { rows, hasMore } = await this.repository.popular(options);
      return {
        topics: await this.repository.toSummaries(rows, language),
        limit: options.limit,
        offset: options.offset,
        hasMore,
      };
    });
  }

  /** A topic by id or slug; inactive ones exist only for administrators (who always read fresh). */
  async topic(
    key: string,
    language: Language,
    options: { includeInactive?: boolean } = {},
  ): Promise<TopicDto> {
    const load = async () => {
      const row = await this.repository.findByKey(key, options);
      if (!row) throw errors.notFound('Topic');
      return this.repository.toDetail(row, language);
    };
    if (options.includeInactive) return load();
    const cacheKey = `topic:${language}:${key}`;
    // Filed under the id (links use the slug too) so that a vote drops it: see topicChanged.
    return this.cache.get(cacheKey, load, {
      ttlMs: TOPIC_DETAIL_TTL_MS,
      tagOf: (topic) => topicTag(topic.id),
    });
  }

  async mainTopic(id: number, language: Language, limit: number): Promise<MainTopicData> {
    const row = await this.requireMainTopic(id);
    const [mainTopic, subRows] = await Promise.all([
      this.repository.toDetail(row, language),
      this.repository.subTopics(id, { limit }),
    ]);
    return { mainTopic, subTopics: await this.repository.toSummaries(subRows, language) };
  }

  async filterSubTopics(
    id: number,
    tagSlugs: string[],
    language: Language,
    limit: number,
  ): Promise<MainTopicFilterData> {
    await this.requireMainTopic(id);
    const [subRows, tagRows] = await Promise.all([
      this.repository.subTopics(id, { limit, tagSlugs }),
      this.repository.subTopicTags(id),
    ]);
    const [subTopics, availableTags] = await Promise.all([
      this.repository.toSummaries(subRows, language),
      this.repository.groupTags(tagRows, language),
    ]);
    return { mainTopicId: id, selectedTags: tagSlugs, subTopics, availableTags };
  }

  /** Administrators read fresh (they also see inactive topics); the public reads the ranking cache. */
  async ranking(
    topicId: number,
    limit: number,
    options: { includeInactive?: boolean } = {},
  ): Promise<RankingData> {
    const load = async () => {
      const topic = await this.repository.rankingTopic(topicId, options);
      if (!topic) throw errors.notFound('Topic');
      return {
        topicId,
        voteCount: Number(topic.vote_count),
        rankings: await this.repository.ranking(topicId, limit),
      };
    };
    return options.includeInactive ? load() : rankingCacheFor(this.db).get(topicId, limit, load);
  }

  /** Creates a main topic, a sub-topic of one, or a standalone topic (SPEC admin API, DESIGN data rules). */
  async create(actor: AuthUser, input: CreateTopicInput): Promise<TopicDto> {
    const title = (input.name ?? input.title ?? '').trim();
    const slug = input.slug?.trim() ? slugify(input.slug) : slugify(title);
    if (slug === '') throw errors.validation('The name gives an empty slug; give a slug', 'slug');

    let categoryId = input.categoryId;
    let mainTopicId: number | null = null;
    if (!input.isMainTopic && input.mainTopicId) {
      const main = await this.repository.findById(input.mainTopicId, { includeInactive: true });
      if (main?.is_main !== 1) throw errors.validation('mainTopicId must name a main topic', 'mainTopicId');
      mainTopicId = main.id;
      categoryId ??= main.category_id;
    }
    if (categoryId === undefined) throw errors.validation('categoryId is required', 'categoryId');
    if (!(await this.repository.categoryExists(categoryId))) {
      throw errors.validation('categoryId does not name a category', 'categoryId');
    }
    const tagSlugs = [...new Set(input.tags)];
    const tags = await this.repository.tagsBySlug(tagSlugs);
    const unknown = tagSlugs.filter((s) => !tags.some((tag) => tag.slug === s));
    if (unknown.length > 0) throw errors.validation(`Unknown tag: ${unknown.join(', ')}`, 'tags');

    this.cache.clear();
    const id = await this.repository.createTopic(
      {
        slug,
        title,
        description: input.description?.trim() || null,
        language: input.language,
        categoryId,
        isMain: input.isMainTopic,
        mainTopicId,
        mandatoryTypes: input.isMainTopic ? [...new Set(input.mandatoryTypes)] : [],
        tagIds: tags.map((tag) => tag.id),
      },
      async (trx, id) => {
        await indexTopics(trx, [id]);
        await recordAudit(trx, actor, {
          action: 'create',
          entityType: 'topic',
          entityId: id,
          after: { slug, title, categoryId },
        });
      },
    );
    return this.topic(String(id), input.language, { includeInactive: true });
  }

  async setActive(actor: AuthUser, key: string, isActive: boolean, language: Language): Promise<TopicDto> {
    const row = await this.repository.findByKey(key, { includeInactive: true });
    if (!row) throw errors.notFound('Topic');
    // Only active topics are searchable: the index follows the status in the same transaction.
    await this.db.transaction().execute(async (trx) => {
      await this.repository.setActive(row.id, isActive, trx);
      await indexTopics(trx, [row.id]);
      await recordAudit(trx, actor, {
        action: 'status',
        entityType: 'topic',
        entityId: row.id,
        before: { isActive: row.is_active === 1 },
        after: { isActive },
      });
    });
    this.cache.clear();
    rankingCacheFor(this.db).invalidate(row.id);
    return this.topic(String(row.id), language, { includeInactive: true });
  }

  private async requireMainTopic(id: number) {
    const row = await this.repository.findById(id);
    if (row?.is_main !== 1) throw errors.notFound('Main topic');
    return row;
  }
}
