import type {
  AdminCategoryDto,
  CategoryDeleteData,
  CreateCategoryInput,
  UpdateCategoryInput,
} from '../../../common/api/catalogue.js';
import { uiCatalog } from '../../../common/i18n/index.js';
import { BASE_NAME_LANGUAGE, type Language, OTHER_LANGUAGES } from '../../../common/languages.js';
import { capitalizeFirst, slugify } from '../../../common/text/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { withUniqueSlug } from '../../db/unique-slug.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { CategoriesRepository } from './categories-repository.js';
import { type NameTranslation, translateName, writeNames } from './names.js';

/** The catalog key of the system category's name, in each language's catalog file. */
const SYSTEM_NAME_KEY = 'category.system.name';

/** The rules of SPEC 5 for categories; every write records its audit entry in its own transaction. */
export class CategoriesService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<AdminCategoryDto[]> {
    const rows = await new CategoriesRepository(this.ctx.db).list();
    const names = await this.ctx.texts.namesInEveryLanguage('category', rows, BASE_NAME_LANGUAGE);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      parentId: row.parent_id,
      isSystem: row.is_system === 1,
      translations: names.get(row.id) ?? [],
      counts: {
        mainTopics: Number(row.main_topics ?? 0),
        topics: Number(row.topics ?? 0),
        tags: Number(row.tags ?? 0),
        subcategories: Number(row.subcategories ?? 0),
      },
    }));
  }

  async get(id: number): Promise<AdminCategoryDto> {
    const category = (await this.list()).find((c) => c.id === id);
    if (!category) throw errors.notFound('Category');
    return category;
  }

  async create(actor: AuthUser, input: CreateCategoryInput): Promise<AdminCategoryDto> {
    const name = capitalizeFirst(input.name);
    const slug = slugify(input.slug?.trim() ? input.slug : name);
    if (slug === '') throw errors.validation('The name gives an empty slug', 'name');
    const id = await this.write(async (trx, change) => {
      const categories = new CategoriesRepository(trx);
      if (await categories.findBySlug(slug)) throw errors.slugExists('category');
      const parentId = input.parentId ? await this.checkParent(trx, input.parentId, null) : null;
      const id = await categories.insert({ slug, name, parentId, createdAt: change.at });
      change.category(id);
      await writeNames(this.ctx, trx, change, 'category', id, input.translations);
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'category',
        entityId: id,
        after: { slug, name, parentId, translations: input.translations ?? {} },
      });
      return id;
    });
    return this.get(id);
  }

  async update(actor: AuthUser, id: number, input: UpdateCategoryInput): Promise<AdminCategoryDto> {
    await this.write(async (trx, change) => {
      const before = await this.editable(trx, id, 'edited');
      const changes: { parent_id?: number | null } = {};
      if (input.parentId !== undefined) {
        changes.parent_id = input.parentId === null ? null : await this.checkParent(trx, input.parentId, id);
      }
      await new CategoriesRepository(trx).update(id, changes);
      change.category(id);
      await writeNames(this.ctx, trx, change, 'category', id, { ...input.translations, en: input.name });
      await recordAudit(trx, change, actor, {
        action: 'update',
        entityType: 'category',
        entityId: id,
        before: { name: before.name, parentId: before.parent_id },
        after: { ...changes, name: input.name, translations: input.translations },
      });
    });
    return this.get(id);
  }

  async delete(actor: AuthUser, id: number, force: boolean): Promise<CategoryDeleteData> {
    return this.write(async (trx, change) => {
      const categories = new CategoriesRepository(trx);
      const category = await this.editable(trx, id, 'deleted');
      const usage = await categories.usage(id);
      const inUse = usage.topics + usage.tags + usage.subcategories > 0;
      if (inUse && !force) {
        throw errors.categoryInUse(usage);
      }
      const movedTopicIds = await categories.topicIds(id);
      if (inUse) {
        const unassigned = await categories.unassignedId();
        const clashes = await categories.clashingMainTopics(id, unassigned);
        if (clashes.length > 0) {
          throw errors.topicExists(
            `“unassigned” already has a main topic named ${clashes.map((c) => `“${c.title}”`).join(', ')}; rename it first`,
          );
        }
        await categories.moveContents(id, unassigned);
        for (const topicId of movedTopicIds) change.topic(topicId, 'category');
        change.category(unassigned);
      }
      change.category(id);
      await this.ctx.texts.deleteAllOf(trx, 'category', [id]);
      await categories.delete(id);
      await recordAudit(trx, change, actor, {
        action: 'delete',
        entityType: 'category',
        entityId: id,
        before: { slug: category.slug, name: category.name, parentId: category.parent_id },
        after: inUse ? { movedToUnassigned: usage } : undefined,
      });
      return { deleted: true as const, moved: inUse ? usage : { topics: 0, tags: 0, subcategories: 0 } };
    });
  }

  /** A name in another language (a new one: 409 TRANSLATION_EXISTS when that language has one). */
  async translate(
    actor: AuthUser,
    { id, language, name, mustBeNew }: NameTranslation,
  ): Promise<AdminCategoryDto> {
    await this.write(async (trx, change) => {
      await this.editable(trx, id, 'edited');
      await translateName(this.ctx, trx, change, actor, {
        entityType: 'category',
        id,
        language,
        name,
        mustBeNew,
      });
    });
    return this.get(id);
  }

  /**
   * Names the system category ("Unassigned") in every language that lacks a name, from the language's
   * catalog file (`category.system.name`): migration 0013 named it in the first four, and a language added
   * later gets its name at the next start. A name already there is kept. Returns the languages named.
   */
  async ensureSystemNames(): Promise<Language[]> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const categories = new CategoriesRepository(trx);
      const id = await categories.unassignedId();
      const [present] = [
        ...(
          await this.ctx.texts.namesInEveryLanguage('category', [{ id, name: '' }], BASE_NAME_LANGUAGE, trx)
        ).values(),
      ];
      const named = new Set(present?.map((name) => name.language));
      const missing = OTHER_LANGUAGES.filter(
        (language) => !named.has(language) && uiCatalog[language][SYSTEM_NAME_KEY],
      );
      await writeNames(
        this.ctx,
        trx,
        change,
        'category',
        id,
        Object.fromEntries(missing.map((language) => [language, uiCatalog[language][SYSTEM_NAME_KEY]])),
      );
      return missing;
    });
  }

  private async editable(trx: Executor, id: number, verb: 'edited' | 'deleted') {
    const category = await new CategoriesRepository(trx).findById(id);
    if (!category) throw errors.notFound('Category');
    if (category.is_system === 1) throw errors.systemCategory(verb);
    return category;
  }

  /** One level of parents: the parent exists, is not a subcategory, and `self` has no children. */
  private async checkParent(trx: Executor, parentId: number, self: number | null) {
    const categories = new CategoriesRepository(trx);
    if (parentId === self) throw errors.validation('A category cannot be its own parent', 'parentId');
    const parent = await categories.findById(parentId);
    if (!parent) throw errors.validation('parentId does not name a category', 'parentId');
    if (parent.parent_id !== null)
      throw errors.validation('A subcategory cannot have subcategories', 'parentId');
    if (self !== null && (await categories.usage(self)).subcategories > 0) {
      throw errors.validation('A category with subcategories cannot become a subcategory', 'parentId');
    }
    return parentId;
  }

  private write<T>(work: (trx: Executor, change: ChangeSet) => Promise<T>): Promise<T> {
    return withUniqueSlug(() => this.ctx.changes.transaction(work), {
      slug: () => errors.slugExists('category'),
    });
  }
}
