import type {
  AdminTopicData,
  AdminTopicDto,
  AdminTopicsData,
  UpdateTopicInput,
} from '../../../common/api/catalogue.js';
import type { ProposalPolicy } from '../../../common/api/settings.js';
import type { CreateTopicInput, TopicDto } from '../../../common/api/topics.js';
import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import { slugify } from '../../../common/text/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { withUniqueSlug } from '../../db/unique-slug.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { CategoriesRepository } from '../catalogue/categories-repository.js';
import { TagsRepository } from '../catalogue/tags-repository.js';
import { HubsRepository } from './hubs-repository.js';
import { TopicsRepository } from './repository.js';
import { TopicsService } from './service.js';

type Trx = Executor;

/**
 * Every administrator write of topics (SPEC 7 admin API). Each runs in `ctx.changes.transaction`
 * and records what it changed; the search index, caches and live rankings follow from that.
 */
export class TopicsAdminService {
  private readonly topics: TopicsService;

  constructor(private readonly ctx: AppContext) {
    this.topics = new TopicsService(ctx);
  }

  /** An administrator reads fresh, inactive topics included. */
  read(key: string, language: Language): Promise<TopicDto> {
    return this.topics.topic(key, language, { includeInactive: true });
  }

  /** The topic as its editor shows it: its page's fields and its own proposal policy. */
  async readForEditing(key: string, language: Language): Promise<AdminTopicData> {
    const topic = await this.read(key, language);
    const { proposal_policy } = await new TopicsRepository(this.ctx.db).findFull(topic.id);
    return { topic, proposalPolicy: proposal_policy };
  }

  async list(
    language: Language,
    options: { status: 'all' | 'active' | 'inactive'; limit: number; offset: number },
  ): Promise<AdminTopicsData> {
    const repository = new TopicsRepository(this.ctx.db);
    const [rows, statusCounts] = await Promise.all([repository.list(options), repository.statusCounts()]);
    const mainIds = [
      ...new Set(rows.flatMap((row) => (row.main_topic_id === null ? [] : [row.main_topic_id]))),
    ];
    const categoryIds = [...new Set(rows.map((row) => row.category_id))];
    const [topicTexts, categoryTexts, mainTitles] = await Promise.all([
      this.ctx.texts.picker(
        'topic',
        rows.map((row) => row.id),
        language,
      ),
      this.ctx.texts.picker('category', categoryIds, language),
      this.topics.summaries.titles(mainIds, language),
    ]);
    const topics: AdminTopicDto[] = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      readableId: row.readable_id,
      title: topicTexts.pick(row.id, 'title', { text: row.title, language: row.language }),
      description: topicTexts.pick(row.id, 'description', { text: row.description, language: row.language }),
      language: row.language,
      category: {
        id: row.category_id,
        slug: row.category_slug,
        name: categoryTexts.pick(row.category_id, 'name', {
          text: row.category_name,
          language: BASE_NAME_LANGUAGE,
        }),
      },
      type: row.is_main === 1 ? 'main' : 'sub',
      isMainTopic: row.is_main === 1,
      isActive: row.is_active === 1,
      mainTopicId: row.main_topic_id,
      mainTopic: row.main_topic_id === null ? null : (mainTitles.get(row.main_topic_id) ?? null),
      voteCount: Number(row.vote_count),
      counts: { propositions: Number(row.propositions ?? 0), subTopics: Number(row.sub_topics ?? 0) },
      createdAt: row.created_at,
    }));
    return { topics, statusCounts };
  }

  /** Creates a main topic, a sub-topic of one, or a standalone topic (SPEC admin API, DESIGN data rules). */
  async create(actor: AuthUser, input: CreateTopicInput): Promise<TopicDto> {
    const title = (input.name ?? input.title ?? '').trim();
    const slug = input.slug?.trim() ? slugify(input.slug) : slugify(title);
    if (slug === '') throw errors.validation('The name gives an empty slug; give a slug', 'slug');
    const id = await this.write(async (trx, change) => {
      const topics = new TopicsRepository(trx);
      let categoryId = input.categoryId;
      let mainTopicId: number | null = null;
      if (!input.isMainTopic && input.mainTopicId) {
        const main = await topics.findById(input.mainTopicId, { includeInactive: true });
        if (main?.is_main !== 1) throw errors.validation('mainTopicId must name a main topic', 'mainTopicId');
        mainTopicId = main.id;
        categoryId ??= main.category_id;
        change.topic(main.id, 'subTopics');
      }
      if (categoryId === undefined) throw errors.validation('categoryId is required', 'categoryId');
      if (!(await new CategoriesRepository(trx).findById(categoryId))) {
        throw errors.validation('categoryId does not name a category', 'categoryId');
      }
      const tagSlugs = [...new Set(input.tags)];
      const tags = await new TagsRepository(trx).findBySlugs(tagSlugs);
      const unknown = tagSlugs.filter((s) => !tags.some((tag) => tag.slug === s));
      if (unknown.length > 0) throw errors.validation(`Unknown tag: ${unknown.join(', ')}`, 'tags');
      if (input.isMainTopic && (await topics.mainTitleTaken(categoryId, title))) throw errors.topicExists();
      if (await topics.slugTaken(slug)) throw errors.slugExists('topic');
      const id = await topics.insertTopic(
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
        change.at,
      );
      change.topic(id, 'created').topicOpened({ topicId: id, mainTopicId, by: actor.id, cause: 'created' });
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'topic',
        entityId: id,
        after: { slug, title, categoryId },
      });
      return id;
    });
    return this.read(String(id), input.language);
  }

  async setActive(actor: AuthUser, key: string, isActive: boolean, language: Language): Promise<TopicDto> {
    const id = await this.write(async (trx, change) => {
      const topic = await this.require(trx, key);
      await new TopicsRepository(trx).setActive(topic.id, isActive, change.at);
      change.topic(topic.id, 'status');
      if (isActive && topic.is_active !== 1)
        change.topicOpened({
          topicId: topic.id,
          mainTopicId: topic.main_topic_id,
          by: actor.id,
          cause: 'activated',
        });
      if (topic.main_topic_id !== null) change.topic(topic.main_topic_id, 'subTopics');
      await recordAudit(trx, change, actor, {
        action: 'status',
        entityType: 'topic',
        entityId: topic.id,
        before: { isActive: topic.is_active === 1 },
        after: { isActive },
      });
      return topic.id;
    });
    return this.read(String(id), language);
  }

  /** SPEC 7 PUT: title and description in a language (its own by default), slug, category and tags. */
  async update(
    actor: AuthUser,
    key: string,
    input: UpdateTopicInput,
    language: Language,
  ): Promise<AdminTopicData> {
    const id = await this.write(async (trx, change) => {
      const topic = await this.require(trx, key);
      const topics = new TopicsRepository(trx);
      const changes: { slug?: string; category_id?: number; proposal_policy?: ProposalPolicy | null } = {};
      if (input.proposalPolicy !== undefined && input.proposalPolicy !== topic.proposal_policy) {
        changes.proposal_policy = input.proposalPolicy;
      }
      if (input.slug !== undefined) {
        const slug = slugify(input.slug);
        if (slug === '') throw errors.validation('The slug is empty', 'slug');
        if (slug !== topic.slug) {
          if (await topics.slugTaken(slug)) throw errors.slugExists('topic');
          changes.slug = slug;
        }
      }
      if (input.categorySlug !== undefined) {
        const category = await new CategoriesRepository(trx).findBySlug(input.categorySlug);
        if (!category) throw errors.validation('categorySlug does not name a category', 'categorySlug');
        if (category.id !== topic.category_id) changes.category_id = category.id;
      }
      await topics.updateTopic(topic.id, changes, change.at);
      if (changes.category_id !== undefined) {
        change.topic(topic.id, 'category');
        // A main topic and its sub-topics live in one category: they move together.
        if (topic.is_main === 1) {
          const hubs = new HubsRepository(trx);
          await hubs.moveSubTopics(topic.id, changes.category_id, change.at);
          for (const sub of await hubs.subTopicIds(topic.id)) change.topic(sub.id, 'category');
        }
      }
      if (changes.slug !== undefined) change.topic(topic.id, 'texts');

      const textLanguage = input.language ?? (topic.language as Language);
      const text = (textKey: 'title' | 'description', value: string | null) =>
        this.ctx.texts.write(
          trx,
          change,
          { entityType: 'topic', entityId: topic.id, key: textKey, language: textLanguage },
          value,
        );
      if (input.title !== undefined) await text('title', input.title);
      if (input.description !== undefined) await text('description', input.description || null);
      // Moved as it is (the title did not change), a main topic may meet its namesake in the new category.
      if (changes.category_id !== undefined && topic.is_main === 1) {
        const { title } = await topics.findFull(topic.id);
        if (await topics.mainTitleTaken(changes.category_id, title, topic.id)) throw errors.topicExists();
      }

      let tagIds: number[] | undefined;
      if (input.tags !== undefined) tagIds = await this.replaceTags(trx, change, topic.id, input.tags);
      await recordAudit(trx, change, actor, {
        action: 'update',
        entityType: 'topic',
        entityId: topic.id,
        // Only what this save changed, under the same names on both sides (the topic's history reads them
        // side by side).
        before: {
          ...(changes.slug !== undefined && { slug: topic.slug }),
          ...(changes.category_id !== undefined && { categoryId: topic.category_id }),
          ...(changes.proposal_policy !== undefined && { proposalPolicy: topic.proposal_policy }),
          ...(input.title !== undefined && { title: topic.title }),
          ...(input.description !== undefined && { description: topic.description }),
        },
        after: {
          ...(changes.slug !== undefined && { slug: changes.slug }),
          ...(changes.category_id !== undefined && { categoryId: changes.category_id }),
          ...(changes.proposal_policy !== undefined && { proposalPolicy: changes.proposal_policy }),
          ...(input.title !== undefined && { title: input.title }),
          ...(input.description !== undefined && { description: input.description }),
          ...((input.title !== undefined || input.description !== undefined) && { language: textLanguage }),
          ...(tagIds !== undefined && { tags: tagIds }),
        },
      });
      return topic.id;
    });
    return this.readForEditing(String(id), language);
  }

  /** A main topic takes its sub-topics, and every topic its propositions and votes (one transaction). */
  async delete(actor: AuthUser, key: string) {
    return this.write(async (trx, change) => {
      const topics = new TopicsRepository(trx);
      const topic = await this.require(trx, key);
      const subTopicIds =
        topic.is_main === 1 ? (await new HubsRepository(trx).subTopicIds(topic.id)).map((row) => row.id) : [];
      const ids = [topic.id, ...subTopicIds];
      const contents = await topics.contentsOf(ids);
      await this.ctx.texts.deleteAllOf(trx, 'topic', ids);
      await topics.deleteTopics(ids);
      for (const id of ids) change.topic(id, 'deleted');
      if (topic.main_topic_id !== null) change.topic(topic.main_topic_id, 'subTopics');
      await recordAudit(trx, change, actor, {
        action: 'delete',
        entityType: 'topic',
        entityId: topic.id,
        before: {
          slug: topic.slug,
          title: topic.title,
          isMain: topic.is_main === 1,
          subTopics: subTopicIds.length,
          ...contents,
        },
      });
      return { deleted: true as const, subTopics: subTopicIds.length, ...contents };
    });
  }

  /** Labels a topic with a tag, or takes the label off (404 when the topic does not carry it). */
  async setTag(
    actor: AuthUser,
    key: string,
    tagSlug: string,
    labelled: boolean,
    language: Language,
  ): Promise<TopicDto> {
    const id = await this.write(async (trx, change) => {
      const topics = new TopicsRepository(trx);
      const topic = await this.require(trx, key);
      const [tag] = await new TagsRepository(trx).findBySlugs([tagSlug]);
      if (labelled) {
        if (!tag) throw errors.notFound('Tag');
        await topics.addTag(topic.id, tag.id);
      } else if (!tag || !(await topics.removeTag(topic.id, tag.id))) {
        throw errors.notFound('Tag on this topic');
      }
      change.topic(topic.id, 'tags');
      await recordAudit(trx, change, actor, {
        action: labelled ? 'create' : 'delete',
        entityType: 'topic_tag',
        entityId: topic.id,
        ...(labelled ? { after: { tag: tagSlug } } : { before: { tag: tagSlug } }),
      });
      return topic.id;
    });
    return this.read(String(id), language);
  }

  /** Replaces a topic's tags by those slugs (all must exist); returns the new tag ids. */
  private async replaceTags(trx: Trx, change: ChangeSet, topicId: number, slugs: readonly string[]) {
    const wanted = [...new Set(slugs)];
    const tags = await new TagsRepository(trx).findBySlugs(wanted);
    const unknown = wanted.filter((slug) => !tags.some((tag) => tag.slug === slug));
    if (unknown.length > 0) throw errors.validation(`Unknown tag: ${unknown.join(', ')}`, 'tags');
    const tagIds = tags.map((tag) => tag.id);
    await new TopicsRepository(trx).replaceTags(topicId, tagIds);
    change.topic(topicId, 'tags');
    return tagIds;
  }

  /** Reads inside the write's transaction: on SQLite a read on the pool would wait for it forever. */
  async require(trx: Trx, key: string) {
    const topics = new TopicsRepository(trx);
    const row = await topics.findByKey(key, { includeInactive: true });
    if (!row) throw errors.notFound('Topic');
    return topics.findFull(row.id);
  }

  private write<T>(work: (trx: Trx, change: ChangeSet) => Promise<T>): Promise<T> {
    return withUniqueSlug(() => this.ctx.changes.transaction(work), {
      slug: () => errors.slugExists('topic'),
      other: () => errors.topicExists(),
    });
  }
}
