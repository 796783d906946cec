import type {
  HubData,
  MainTopicData,
  MainTopicFilterData,
  PopularTopicsData,
  TopicDto,
} from '../../../common/api/topics.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { type ReadCache, readCacheFor } from '../../db/read-cache.js';
import { errors } from '../../http/errors.js';
import { RankingsService } from '../rankings/service.js';
import { TOPIC_DETAIL_TTL_MS, topicTag } from './caches.js';
import { HubsRepository } from './hubs-repository.js';
import { TopicsRepository } from './repository.js';
import { TopicSummaries } from './summaries.js';

/** Public browsing: popular lists, one topic, main topics and their sub-topics with their podiums. */
export class TopicsService {
  readonly repository: TopicsRepository;
  private readonly hubs: HubsRepository;
  readonly summaries: TopicSummaries;
  private readonly cache: ReadCache;

  constructor(private readonly ctx: AppContext) {
    this.repository = new TopicsRepository(ctx.db);
    this.hubs = new HubsRepository(ctx.db);
    this.summaries = new TopicSummaries(ctx.db, ctx.texts);
    this.cache = readCacheFor(ctx.db);
  }

  async popular(
    language: Language,
    options: { limit: number; offset: number; type?: 'main' | 'sub' },
  ): Promise<PopularTopicsData> {
    const key = `popular:${language}:${options.limit}:${options.offset}:${options.type ?? ''}`;
    return this.cache.get(key, async () => {
      const { rows, hasMore } = await this.repository.popular(options);
      return {
        topics: await this.summaries.summaries(rows, language),
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
      return this.summaries.detail(row, language);
    };
    if (options.includeInactive) return load();
    // Filed under the id (links use the slug too) so that a change of the topic drops it (caches.ts).
    return this.cache.get(`topic:${language}:${key}`, load, {
      ttlMs: TOPIC_DETAIL_TTL_MS,
      tagOf: (topic) => topicTag(topic.id),
    });
  }

  async mainTopic(id: number, language: Language, limit: number): Promise<MainTopicData> {
    const row = await this.requireMainTopic(id);
    const [mainTopic, subRows] = await Promise.all([
      this.summaries.detail(row, language),
      this.hubs.subTopics(id, { limit }),
    ]);
    return { mainTopic, subTopics: await this.summaries.summaries(subRows, language) };
  }

  /**
   * A main topic's page in one request: the topic, one page of its sub-topics, each with its podium,
   * and the tags to filter them by. Filed under the main topic's id, like the topic itself: every change
   * a page shows is recorded on the main topic (its sub-topics' set, votes and propositions, see
   * `ChangeSet`) or empties the read cache (texts, tags, categories), so caches.ts drops it.
   */
  async hub(
    id: number,
    language: Language,
    options: { tagSlugs: string[]; offset: number; limit: number },
  ): Promise<HubData> {
    const key = `hub:${language}:${id}:${options.offset}:${options.limit}:${options.tagSlugs.join(',')}`;
    return this.cache.get(key, () => this.loadHub(id, language, options), {
      ttlMs: TOPIC_DETAIL_TTL_MS,
      tagOf: () => topicTag(id),
    });
  }

  private async loadHub(
    id: number,
    language: Language,
    options: { tagSlugs: string[]; offset: number; limit: number },
  ): Promise<HubData> {
    const row = await this.requireMainTopic(id);
    const page = { tagSlugs: options.tagSlugs, offset: options.offset, limit: options.limit };
    const [mainTopic, subRows, total, tagRows] = await Promise.all([
      this.summaries.detail(row, language),
      this.hubs.subTopics(id, page),
      this.hubs.subTopicCount(id, options.tagSlugs),
      this.hubs.subTopicTags(id),
    ]);
    const [subTopics, podiums, availableTags] = await Promise.all([
      this.summaries.summaries(subRows, language),
      new RankingsService(this.ctx.db).podiums(subRows.map((sub) => sub.id)),
      this.summaries.groupTags(tagRows, language),
    ]);
    return {
      mainTopic,
      subTopics: subTopics.map((sub) => ({
        ...sub,
        podium: podiums.get(sub.id) ?? [],
      })),
      total,
      offset: options.offset,
      limit: options.limit,
      selectedTags: options.tagSlugs,
      availableTags,
    };
  }

  async filterSubTopics(
    id: number,
    tagSlugs: string[],
    language: Language,
    limit: number,
  ): Promise<MainTopicFilterData> {
    await this.requireMainTopic(id);
    const [subRows, tagRows] = await Promise.all([
      this.hubs.subTopics(id, { limit, tagSlugs }),
      this.hubs.subTopicTags(id),
    ]);
    const [subTopics, availableTags] = await Promise.all([
      this.summaries.summaries(subRows, language),
      this.summaries.groupTags(tagRows, language),
    ]);
    return { mainTopicId: id, selectedTags: tagSlugs, subTopics, availableTags };
  }

  private async requireMainTopic(id: number) {
    const row = await this.repository.findById(id);
    if (row?.is_main !== 1) throw errors.notFound('Main topic');
    return row;
  }
}
