import type { AdminTagDto, CreateTagInput, UpdateTagInput } from '../../../common/api/catalogue.js';
import { BASE_NAME_LANGUAGE } from '../../../common/constants.js';
import { slugify } from '../../../common/text/index.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { Executor } from '../../db/executor.js';
import { withUniqueSlug } from '../../db/unique-slug.js';
import { errors } from '../../http/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/guards.js';
import { CategoriesRepository } from './categories-repository.js';
import { type NameTranslation, translateName, writeNames } from './names.js';
import { TagsRepository } from './tags-repository.js';

/** The rules of SPEC 5 for tags; every write records its audit entry in its own transaction. */
export class TagsService {
  constructor(private readonly ctx: AppContext) {}

  async list(filter: { categoryId?: number | undefined } = {}): Promise<AdminTagDto[]> {
    return this.toDtos(await new TagsRepository(this.ctx.db).list(filter));
  }

  async get(id: number): Promise<AdminTagDto> {
    const [tag] = await this.toDtos(await new TagsRepository(this.ctx.db).list({ ids: [id] }));
    if (!tag) throw errors.notFound('Tag');
    return tag;
  }

  async create(actor: AuthUser, input: CreateTagInput): Promise<AdminTagDto> {
    const name = input.name.trim();
    const slug = slugify(input.slug?.trim() ? input.slug : name);
    if (slug === '') throw errors.validation('The name gives an empty slug', 'name');
    const id = await this.write(async (trx, change) => {
      const tags = new TagsRepository(trx);
      if (!(await new CategoriesRepository(trx).findById(input.categoryId))) {
        throw errors.validation('categoryId does not name a category', 'categoryId');
      }
      if (await tags.findBySlug(slug)) throw errors.slugExists('tag');
      const id = await tags.insert({
        slug,
        name,
        type: input.type,
        categoryId: input.categoryId,
        createdAt: change.at,
      });
      change.tag(id);
      await writeNames(this.ctx, trx, change, 'tag', id, input.translations);
      await recordAudit(trx, change, actor, {
        action: 'create',
        entityType: 'tag',
        entityId: id,
        after: {
          slug,
          name,
          type: input.type,
          categoryId: input.categoryId,
          translations: input.translations ?? {},
        },
      });
      return id;
    });
    return this.get(id);
  }

  async update(actor: AuthUser, id: number, input: UpdateTagInput): Promise<AdminTagDto> {
    await this.write(async (trx, change) => {
      const before = await this.existing(trx, id);
      const changes: { type?: string; category_id?: number | null } = {};
      if (input.type !== undefined) changes.type = input.type;
      if (input.categoryId !== undefined) {
        if (input.categoryId !== null && !(await new CategoriesRepository(trx).findById(input.categoryId))) {
          throw errors.validation('categoryId does not name a category', 'categoryId');
        }
        changes.category_id = input.categoryId;
      }
      await new TagsRepository(trx).update(id, changes);
      change.tag(id);
      await writeNames(this.ctx, trx, change, 'tag', id, { ...input.translations, en: input.name });
      await recordAudit(trx, change, actor, {
        action: 'update',
        entityType: 'tag',
        entityId: id,
        before: { name: before.name, type: before.type, categoryId: before.category_id },
        after: { ...changes, name: input.name, translations: input.translations },
      });
    });
    return this.get(id);
  }

  async delete(actor: AuthUser, id: number): Promise<{ deleted: true }> {
    try {
      await this.ctx.changes.transaction(async (trx, change) => {
        const tags = new TagsRepository(trx);
        const tag = await this.existing(trx, id);
        const usage = await tags.usage(id);
        if (usage > 0) throw errors.tagInUse(usage);
        change.tag(id);
        await this.ctx.texts.deleteAllOf(trx, 'tag', [id]);
        await tags.delete(id);
        await recordAudit(trx, change, actor, {
          action: 'delete',
          entityType: 'tag',
          entityId: id,
          before: { slug: tag.slug, name: tag.name, type: tag.type, categoryId: tag.category_id },
        });
      });
    } catch (error) {
      // A topic labelled with the tag between the check and the delete: the restricted key decides.
      if (isForeignKeyViolation(error)) throw errors.tagInUse(1);
      throw error;
    }
    return { deleted: true };
  }

  /** A name in another language (a new one: 409 TRANSLATION_EXISTS when that language has one). */
  async translate(actor: AuthUser, { id, language, name, mustBeNew }: NameTranslation): Promise<AdminTagDto> {
    await this.write(async (trx, change) => {
      await this.existing(trx, id);
      await translateName(this.ctx, trx, change, actor, { entityType: 'tag', id, language, name, mustBeNew });
    });
    return this.get(id);
  }

  private async existing(trx: Executor, id: number) {
    const tag = await new TagsRepository(trx).findById(id);
    if (!tag) throw errors.notFound('Tag');
    return tag;
  }

  private async toDtos(rows: Awaited<ReturnType<TagsRepository['list']>>): Promise<AdminTagDto[]> {
    const names = await this.ctx.texts.namesInEveryLanguage('tag', rows, BASE_NAME_LANGUAGE);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      type: row.type,
      categoryId: row.category_id,
      category:
        row.category_id === null
          ? null
          : { id: row.category_id, slug: row.category_slug ?? '', name: row.category_name ?? '' },
      translations: names.get(row.id) ?? [],
      usage: Number(row.usage ?? 0),
    }));
  }

  private write<T>(work: (trx: Executor, change: ChangeSet) => Promise<T>): Promise<T> {
    return withUniqueSlug(() => this.ctx.changes.transaction(work), { slug: () => errors.slugExists('tag') });
  }
}
