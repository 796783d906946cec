import type { TopicWizardData, TopicWizardInput, WizardTag } from '../../../common/api/catalogue.js';
import { planSubTopics, WIZARD_MAX_TOPICS } from '../../../common/api/catalogue.js';
import { BASE_NAME_LANGUAGE, type Language } from '../../../common/constants.js';
import { foldText, slugify } from '../../../common/text/index.js';
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

type Trx = Executor;

/**
 * The whole wizard run in one transaction: the spec's client made one call per topic and could
 * leave half a run behind. Same outcomes as SPEC 8: an existing main topic of that name in the
 * category is reused; a sub-topic the main topic already has is skipped.
 */
export function runWizard(
  ctx: AppContext,
  actor: AuthUser,
  input: TopicWizardInput,
): Promise<TopicWizardData> {
  const types = [...new Set(input.types)];
  const combinations = input.combinations
    .map((combination) => [...new Set(combination)].filter((type) => types.includes(type)))
    .filter((combination) => combination.length > 0);
  const write = () =>
    ctx.changes.transaction(async (trx, change) => {
      const topics = new TopicsRepository(trx);
      if (!(await new CategoriesRepository(trx).findById(input.categoryId))) {
        throw errors.validation('Please fill in all required fields', 'categoryId');
      }
      const tags = await wizardTags(ctx, trx, input.categoryId, types, input.language);
      const plan = planSubTopics(input.mainTopicName, combinations, tags, foldText);
      if (plan.length === 0)
        throw errors.validation('Please create at least one tag combination', 'combinations');
      if (plan.length > WIZARD_MAX_TOPICS) {
        throw errors.validation(`A run creates at most ${WIZARD_MAX_TOPICS} sub-topics`, 'combinations');
      }
      const stamp = Date.parse(change.at).toString();
      const slugOf = (title: string) => `${slugify(title) || 'topic'}-${stamp}`;
      const usedSlugs = new Set<string>();
      const uniqueSlug = async (title: string) => {
        let slug = slugOf(title);
        for (let n = 2; usedSlugs.has(slug) || (await topics.slugTaken(slug)); n++)
          slug = `${slugOf(title)}-${n}`;
        usedSlugs.add(slug);
        return slug;
      };

      const title = input.mainTopicName.trim();
      const existing = await topics.mainTitleTaken(input.categoryId, title);
      let mainId: number;
      if (existing) {
        mainId = existing.id;
      } else {
        mainId = await topics.insertTopic(
          {
            slug: await uniqueSlug(title),
            title,
            description: input.description?.trim() || null,
            language: input.language,
            categoryId: input.categoryId,
            isMain: true,
            mainTopicId: null,
            mandatoryTypes: types,
            tagIds: [],
          },
          change.at,
        );
        change.topic(mainId, 'created');
        await recordAudit(trx, change, actor, {
          action: 'create',
          entityType: 'topic',
          entityId: mainId,
          after: { title, types, wizard: true },
        });
      }
      const main = await new TopicsRepository(trx).findFull(mainId);
      const present = new Set(
        (await new HubsRepository(trx).subTopicIds(mainId)).map((row) => row.title_key),
      );
      const created: TopicWizardData['created'] = [];
      const skipped: string[] = [];
      for (const sub of plan) {
        if (present.has(foldText(sub.title))) {
          skipped.push(sub.title);
          continue;
        }
        const slug = await uniqueSlug(sub.title);
        const id = await topics.insertTopic(
          {
            slug,
            title: sub.title,
            description: null,
            language: input.language,
            categoryId: input.categoryId,
            isMain: false,
            mainTopicId: mainId,
            mandatoryTypes: [],
            tagIds: sub.tags.map((tag) => tag.id),
          },
          change.at,
        );
        change
          .topic(id, 'created')
          .topicOpened({ topicId: id, mainTopicId: mainId, by: actor.id, cause: 'created' });
        created.push({ id, slug, title: sub.title });
      }
      // The main topic's page lists its sub-topics.
      if (created.length > 0) {
        change.topic(mainId, 'subTopics');
        await recordAudit(trx, change, actor, {
          action: 'create',
          entityType: 'topic',
          entityId: mainId,
          after: { subTopics: created.map((topic) => ({ id: topic.id, title: topic.title })) },
        });
      }
      return {
        mainTopic: { id: mainId, slug: main.slug, title: main.title },
        reusedMainTopic: existing !== undefined,
        created,
        skipped,
      };
    });
  return withUniqueSlug(write, { slug: () => errors.slugExists('topic'), other: () => errors.topicExists() });
}

/** Tags of the chosen types in the category (and cross-cutting ones), named in the wizard's language. */
async function wizardTags(
  ctx: AppContext,
  trx: Trx,
  categoryId: number,
  types: string[],
  language: Language,
): Promise<WizardTag[]> {
  const rows = await new TagsRepository(trx).combinableIn(categoryId, types);
  const names = await ctx.texts.picker(
    'tag',
    rows.map((row) => row.id),
    language,
    trx,
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    type: row.type,
    label: names.pick(row.id, 'name', { text: row.name, language: BASE_NAME_LANGUAGE }),
  }));
}
