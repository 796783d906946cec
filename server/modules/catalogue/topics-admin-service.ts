import type { Transaction } from 'kysely';
import type {
  AdminTopicDto,
  AdminTopicsData,
  PropositionDto,
  TopicWizardData,
  TopicWizardInput,
  UpdateTopicInput,
  WizardTag,
} from '../../../common/api/catalogue.js';
import { planSubTopics, WIZARD_MAX_TOPICS } from '../../../common/api/catalogue.js';
import type { TopicDto } from '../../../common/api/topics.js';
import type { Language } from '../../../common/constants.js';
import { foldText, propositionKey, slugify } from '../../../common/text/index.js';
import type { AppContext } from '../../context.js';
import { violatedUniqueConstraint } from '../../db/constraint-errors.js';
import { nowIso } from '../../db/readable-id.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthUser } from '../auth/guards.js';
import { indexTopics } from '../search/indexer.js';
import { TopicsRepository } from '../topics/repository.js';
import { TopicsService } from '../topics/service.js';
import { loadTexts } from '../topics/texts.js';
import { insertProposition, lockTopic } from '../votes/repository.js';
import { categoriesRepository } from './categories-repository.js';
import { loadNames } from './names.js';
import { topicsAdminRepository as repo } from './topics-admin-repository.js';

const slugExists = () => errors.conflict('SLUG_EXISTS', 'A topic with this slug already exists', 'slug');
const mainTopicExists = () =>
  errors.conflict('TOPIC_EXISTS', 'A main topic with this name already exists in this category', 'title');
const propositionExists = () =>
  errors.conflict('PROPOSITION_EXISTS', 'This topic already has a proposition with this name', 'itemName');

type Trx = Transaction<Database>;

/** Back-office topic rules (SPEC 7 admin API); browse's TopicsService serves the reads it shares. */
export class TopicsAdminService {
  private readonly topics: TopicsService;
  private readonly topicsRepository: TopicsRepository;

  constructor(private readonly ctx: AppContext) {
    this.topics = new TopicsService(ctx.db);
    this.topicsRepository = this.topics.repository;
  }

  async list(
    language: Language,
    options: { status: 'all' | 'active' | 'inactive'; limit: number; offset: number },
  ): Promise<AdminTopicsData> {
    const [rows, statusCounts] = await Promise.all([
      repo.list(this.ctx.db, options),
      repo.statusCounts(this.ctx.db),
    ]);
    const mainIds = [
      ...new Set(rows.flatMap((row) => (row.main_topic_id === null ? [] : [row.main_topic_id]))),
    ];
    const mains = await repo.titlesOf(this.ctx.db, mainIds);
    const topicIds = [...rows.map((row) => row.id), ...mainIds];
    const categoryIds = [...new Set(rows.map((row) => row.category_id))];
    const [topicTexts, categoryTexts] = await Promise.all([
      loadTexts(this.ctx.db, 'topic', topicIds, language),
      loadTexts(this.ctx.db, 'category', categoryIds, language),
    ]);
    const mainTitle = new Map(
      mains.map((main) => [
        main.id,
        topicTexts.pick(main.id, 'title', { text: main.title, language: main.language }),
      ]),
    );
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
        name: categoryTexts.pick(row.category_id, 'name', { text: row.category_name }),
      },
      type: row.is_main === 1 ? 'main' : 'sub',
      isMainTopic: row.is_main === 1,
      isActive: row.is_active === 1,
      mainTopicId: row.main_topic_id,
      mainTopic: row.main_topic_id === null ? null : (mainTitle.get(row.main_topic_id) ?? null),
      voteCount: Number(row.vote_count),
      counts: { propositions: Number(row.propositions ?? 0), subTopics: Number(row.sub_topics ?? 0) },
      createdAt: row.created_at,
    }));
    return { topics, statusCounts };
  }

  /** SPEC 7 PUT: base text, or with `language` that language's translation; slug, category and tags too. */
  async update(actor: AuthUser, key: string, input: UpdateTopicInput, language: Language): Promise<TopicDto> {
    const id = await this.write(async (trx) => {
      const topic = await this.require(key, trx);
      const changes: { slug?: string; title?: string; description?: string | null; category_id?: number } =
        {};
      const translated = input.language !== undefined && input.language !== topic.language;
      if (translated && input.language) {
        if (input.title !== undefined)
          await repo.writeText(trx, topic.id, 'title', input.language, input.title);
        if (input.description !== undefined) {
          await repo.writeText(trx, topic.id, 'description', input.language, input.description);
        }
      } else {
        if (input.title !== undefined) changes.title = input.title;
        if (input.description !== undefined) changes.description = input.description || null;
      }
      if (input.slug !== undefined) {
        const slug = slugify(input.slug);
        if (slug === '') throw errors.validation('The slug is empty', 'slug');
        if (slug !== topic.slug) {
          if (await this.topicsRepository.slugTaken(slug, trx)) throw slugExists();
          changes.slug = slug;
        }
      }
      if (input.categorySlug !== undefined) {
        const category = await categoriesRepository.findBySlug(trx, input.categorySlug);
        if (!category) throw errors.validation('categorySlug does not name a category', 'categorySlug');
        if (category.id !== topic.category_id) changes.category_id = category.id;
      }
      const categoryId = changes.category_id ?? topic.category_id;
      if (topic.is_main === 1 && (changes.title !== undefined || changes.category_id !== undefined)) {
        if (await repo.mainTitleTaken(trx, categoryId, changes.title ?? topic.title, topic.id))
          throw mainTopicExists();
      }
      await repo.updateTopic(trx, topic.id, changes);
      const reindex = [topic.id];
      // A main topic and its sub-topics live in one category: they move together.
      if (changes.category_id !== undefined && topic.is_main === 1) {
        await repo.moveSubTopics(trx, topic.id, changes.category_id);
        reindex.push(...(await repo.subTopicIds(trx, topic.id)).map((row) => row.id));
      }
      let tagChange: { before: number[]; after: number[] } | undefined;
      if (input.tags !== undefined) {
        const slugs = [...new Set(input.tags)];
        const tags = await repo.tagsBySlug(trx, slugs);
        const unknown = slugs.filter((slug) => !tags.some((tag) => tag.slug === slug));
        if (unknown.length > 0) throw errors.validation(`Unknown tag: ${unknown.join(', ')}`, 'tags');
        const before = (await repo.tagIdsOf(trx, topic.id)).map((row) => row.tag_id);
        await repo.replaceTags(
          trx,
          topic.id,
          tags.map((tag) => tag.id),
        );
        tagChange = { before, after: tags.map((tag) => tag.id) };
      }
      await recordAudit(trx, actor, {
        action: 'update',
        entityType: 'topic',
        entityId: topic.id,
        before: {
          slug: topic.slug,
          title: topic.title,
          description: topic.description,
          categoryId: topic.category_id,
        },
        after: {
          ...changes,
          ...(translated
            ? { language: input.language, title: input.title, description: input.description }
            : {}),
          tags: tagChange?.after,
        },
      });
      await indexTopics(trx, reindex);
      return topic.id;
    });
    return this.topics.topic(String(id), language, { includeInactive: true });
  }

  /** Tells open topic pages and every app server's ranking cache; call it after the commit. */
  private rankingsChanged(topicIds: readonly number[]): void {
    for (const topicId of topicIds) this.ctx.rankingEvents?.announce(topicId);
  }

  /** A main topic takes its sub-topics, and every topic its propositions and votes (one transaction). */
  async delete(actor: AuthUser, key: string) {
    let deletedIds: number[] = [];
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const topic = await this.require(key, trx);
      const subTopicIds =
        topic.is_main === 1 ? (await repo.subTopicIds(trx, topic.id)).map((row) => row.id) : [];
      const ids = [topic.id, ...subTopicIds];
      const contents = await repo.contentsOf(trx, ids);
      await repo.deleteTopics(trx, ids);
      await recordAudit(trx, actor, {
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
      await indexTopics(trx, ids);
      deletedIds = ids;
      return { deleted: true as const, subTopics: subTopicIds.length, ...contents };
    });
    this.rankingsChanged(deletedIds);
    return result;
  }

  async addTag(actor: AuthUser, key: string, tagSlug: string, language: Language): Promise<TopicDto> {
    const topic = await this.require(key);
    await this.ctx.db.transaction().execute(async (trx) => {
      const [tag] = await repo.tagsBySlug(trx, [tagSlug]);
      if (!tag) throw errors.notFound('Tag');
      await repo.addTag(trx, topic.id, tag.id);
      await recordAudit(trx, actor, {
        action: 'create',
        entityType: 'topic_tag',
        entityId: topic.id,
        after: { tag: tagSlug },
      });
      await indexTopics(trx, [topic.id]);
    });
    return this.topics.topic(String(topic.id), language, { includeInactive: true });
  }

  async removeTag(actor: AuthUser, key: string, tagSlug: string, language: Language): Promise<TopicDto> {
    const topic = await this.require(key);
    await this.ctx.db.transaction().execute(async (trx) => {
      const [tag] = await repo.tagsBySlug(trx, [tagSlug]);
      if (!tag || !(await repo.removeTag(trx, topic.id, tag.id))) throw errors.notFound('Tag on this topic');
      await recordAudit(trx, actor, {
        action: 'delete',
        entityType: 'topic_tag',
        entityId: topic.id,
        before: { tag: tagSlug },
      });
      await indexTopics(trx, [topic.id]);
    });
    return this.topics.topic(String(topic.id), language, { includeInactive: true });
  }

  async addProposition(actor: AuthUser, key: string, itemName: string): Promise<PropositionDto> {
    const topic = await this.require(key);
    const nameKey = propositionKey(itemName);
    try {
      const added = await this.ctx.db.transaction().execute(async (trx) => {
        if (await repo.findPropositionByKey(trx, topic.id, nameKey)) throw propositionExists();
        const id = await insertProposition(trx, {
          topicId: topic.id,
          name: itemName,
          nameKey,
          createdAt: nowIso(),
        });
        await recordAudit(trx, actor, {
          action: 'create',
          entityType: 'proposition',
          entityId: id,
          after: { topicId: topic.id, itemName },
        });
        return { id, itemName, totalPoints: 0, voteCount: 0 };
      });
      this.rankingsChanged([topic.id]);
      return added;
    } catch (error) {
      if (violatedUniqueConstraint(error)) throw propositionExists();
      throw error;
    }
  }

  /** Saved on the server (DESIGN improves on the spec's local-only rename); votes keep pointing at it. */
  async renameProposition(
    actor: AuthUser,
    key: string,
    id: number,
    itemName: string,
  ): Promise<PropositionDto> {
    const topic = await this.require(key);
    const nameKey = propositionKey(itemName);
    try {
      const renamed = await this.ctx.db.transaction().execute(async (trx) => {
        const proposition = await repo.findProposition(trx, topic.id, id);
        if (!proposition) throw errors.notFound('Proposition');
        const other = await repo.findPropositionByKey(trx, topic.id, nameKey);
        if (other && other.id !== id) throw propositionExists();
        await repo.renameProposition(trx, id, itemName, nameKey);
        await recordAudit(trx, actor, {
          action: 'update',
          entityType: 'proposition',
          entityId: id,
          before: { itemName: proposition.name },
          after: { itemName },
        });
        await indexTopics(trx, [topic.id]);
        return {
          id,
          itemName,
          totalPoints: Number(proposition.total_points),
          voteCount: Number(proposition.vote_count),
        };
      });
      this.rankingsChanged([topic.id]);
      return renamed;
    } catch (error) {
      if (violatedUniqueConstraint(error)) throw propositionExists();
      throw error;
    }
  }

  /**
   * Its votes go with it; the other propositions' totals are untouched (each vote belongs to one
   * proposition) and the topic's voter count is recounted, under the same lock as a vote submission.
   */
  async deleteProposition(actor: AuthUser, key: string, id: number) {
    const topic = await this.require(key);
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      await lockTopic(trx, this.ctx.database.kind, topic.id);
      const proposition = await repo.findProposition(trx, topic.id, id);
      if (!proposition) throw errors.notFound('Proposition');
      await repo.deleteProposition(trx, id);
      const voteCount = await repo.recountVoters(trx, topic.id);
      await recordAudit(trx, actor, {
        action: 'delete',
        entityType: 'proposition',
        entityId: id,
        before: {
          topicId: topic.id,
          itemName: proposition.name,
          totalPoints: proposition.total_points,
          votes: proposition.vote_count,
        },
      });
      await indexTopics(trx, [topic.id]);
      return { deleted: true as const, topicVoteCount: voteCount };
    });
    this.rankingsChanged([topic.id]);
    return result;
  }

  /**
   * The whole wizard run in one transaction: the spec's client made one call per topic and could
   * leave half a run behind. Same outcomes as SPEC 8: an existing main topic of that name in the
   * category is reused; a sub-topic the main topic already has is skipped.
   */
  async runWizard(actor: AuthUser, input: TopicWizardInput): Promise<TopicWizardData> {
    const types = [...new Set(input.types)];
    const combinations = input.combinations
      .map((combination) => [...new Set(combination)].filter((type) => types.includes(type)))
      .filter((combination) => combination.length > 0);
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await categoriesRepository.findById(trx, input.categoryId))) {
          throw errors.validation('Please fill in all required fields', 'categoryId');
        }
        const tags = await this.wizardTags(trx, input.categoryId, types, input.language);
        const plan = planSubTopics(input.mainTopicName, combinations, tags, foldText);
        if (plan.length === 0)
          throw errors.validation('Please create at least one tag combination', 'combinations');
        if (plan.length > WIZARD_MAX_TOPICS) {
          throw errors.validation(`A run creates at most ${WIZARD_MAX_TOPICS} sub-topics`, 'combinations');
        }
        const stamp = Date.now().toString();
        const slugOf = (title: string) => `${slugify(title) || 'topic'}-${stamp}`;
        const usedSlugs = new Set<string>();
        const uniqueSlug = async (title: string) => {
          let slug = slugOf(title);
          for (let n = 2; usedSlugs.has(slug) || (await this.topicsRepository.slugTaken(slug, trx)); n++) {
            slug = `${slugOf(title)}-${n}`;
          }
          usedSlugs.add(slug);
          return slug;
        };
        const title = input.mainTopicName.trim();
        const existing = await this.topicsRepository.mainTitleTaken(input.categoryId, title, trx);
        let mainId: number;
        if (existing) {
          mainId = existing.id;
        } else {
          mainId = await this.topicsRepository.insertTopic(trx, {
            slug: await uniqueSlug(title),
            title,
            description: input.description?.trim() || null,
            language: input.language,
            categoryId: input.categoryId,
            isMain: true,
            mainTopicId: null,
            mandatoryTypes: types,
            tagIds: [],
          });
          await recordAudit(trx, actor, {
            action: 'create',
            entityType: 'topic',
            entityId: mainId,
            after: { title, types, wizard: true },
          });
        }
        const [main] = await repo.titlesOf(trx, [mainId]);
        const present = new Set((await repo.subTopicIds(trx, mainId)).map((row) => row.title_key));
        const created: TopicWizardData['created'] = [];
        const skipped: string[] = [];
        for (const sub of plan) {
          if (present.has(foldText(sub.title))) {
            skipped.push(sub.title);
            continue;
          }
          const slug = await uniqueSlug(sub.title);
          const id = await this.topicsRepository.insertTopic(trx, {
            slug,
            title: sub.title,
            description: null,
            language: input.language,
            categoryId: input.categoryId,
            isMain: false,
            mainTopicId: mainId,
            mandatoryTypes: [],
            tagIds: sub.tags.map((tag) => tag.id),
          });
          created.push({ id, slug, title: sub.title });
        }
        if (created.length > 0) {
          await recordAudit(trx, actor, {
            action: 'create',
            entityType: 'topic',
            entityId: mainId,
            after: { subTopics: created.map((topic) => ({ id: topic.id, title: topic.title })) },
          });
        }
        await indexTopics(trx, [mainId, ...created.map((topic) => topic.id)]);
        const mainSlug = (await repo.findFull(trx, mainId)).slug;
        return {
          mainTopic: { id: mainId, slug: mainSlug, title: main?.title ?? title },
          reusedMainTopic: existing !== undefined,
          created,
          skipped,
        };
      });
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint?.includes('slug')) throw slugExists();
      if (constraint) throw mainTopicExists();
      throw error;
    }
  }

  /** Tags of the chosen types in the category (and cross-cutting ones), named in the wizard's language. */
  private async wizardTags(
    trx: Trx,
    categoryId: number,
    types: string[],
    language: Language,
  ): Promise<WizardTag[]> {
    const rows = await repo.wizardTags(trx, categoryId, types);
    const names = await loadNames(
      trx,
      'tag',
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      type: row.type,
      label: names.get(row.id)?.find((name) => name.language === language)?.name ?? row.name,
    }));
  }

  /** Inside a transaction, pass it: on SQLite a read on the pool would wait for the transaction forever. */
  private async require(key: string, db: Trx | AppContext['db'] = this.ctx.db) {
    const row = await new TopicsRepository(db).findByKey(key, { includeInactive: true });
    if (!row) throw errors.notFound('Topic');
    return repo.findFull(db, row.id);
  }

  private async write<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction().execute(work);
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint?.includes('slug')) throw slugExists();
      if (constraint) throw mainTopicExists();
      throw error;
    }
  }
}
