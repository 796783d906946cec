import { UNASSIGNED_CATEGORY_SLUG } from '../../../common/constants.js';
import type { Executor } from '../../db/executor.js';

/** Every line of SQL about categories; their other names are texts (server/modules/texts). */
export class CategoriesRepository {
  constructor(private readonly db: Executor) {}

  /** Categories with their usage counts, parents before their children, then by name. */
  list() {
    return this.db
      .selectFrom('categories as c')
      .select((eb) => [
        'c.id',
        'c.slug',
        'c.name',
        'c.parent_id',
        'c.is_system',
        eb
          .selectFrom('topics')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topics.category_id', '=', 'c.id')
          .where('topics.is_main', '=', 1)
          .as('main_topics'),
        eb
          .selectFrom('topics')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topics.category_id', '=', 'c.id')
          .as('topics'),
        eb
          .selectFrom('tags')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('tags.category_id', '=', 'c.id')
          .as('tags'),
        eb
          .selectFrom('categories as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.parent_id', '=', 'c.id')
          .as('subcategories'),
      ])
      .orderBy('c.is_system', 'asc')
      .orderBy('c.name', 'asc')
      .orderBy('c.id', 'asc')
      .execute();
  }

  /** Base names (English) of these rows, or of all. */
  names(ids: readonly number[] | 'all') {
    let query = this.db.selectFrom('categories').select(['id', 'name', 'created_at']);
    if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
    return query.execute();
  }

  findById(id: number) {
    return this.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string) {
    return this.db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async unassignedId(): Promise<number> {
    const row = await this.db
      .selectFrom('categories')
      .select('id')
      .where('slug', '=', UNASSIGNED_CATEGORY_SLUG)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insert(row: { slug: string; name: string; parentId: number | null; createdAt: string }) {
    const inserted = await this.db
      .insertInto('categories')
      .values({ slug: row.slug, name: row.name, parent_id: row.parentId, created_at: row.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: { name?: string; parent_id?: number | null }) {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('categories').set(changes).where('id', '=', id).execute();
  }

  async usage(id: number) {
    const [topics, tags, subcategories] = await Promise.all([
      this.db
        .selectFrom('topics')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    return { topics: Number(topics.n), tags: Number(tags.n), subcategories: Number(subcategories.n) };
  }

  /** Main topics of `from` whose name a main topic of `to` already has (the unique index would refuse the move). */
  clashingMainTopics(from: number, to: number) {
    return this.db
      .selectFrom('topics as moving')
      .innerJoin('topics as staying', (join) =>
        join
          .onRef('staying.title_key', '=', 'moving.title_key')
          .on('staying.category_id', '=', to)
          .on('staying.is_main', '=', 1),
      )
      .select('moving.title')
      .where('moving.category_id', '=', from)
      .where('moving.is_main', '=', 1)
      .execute();
  }

  async topicIds(categoryId: number) {
    const rows = await this.db
      .selectFrom('topics')
      .select('id')
      .where('category_id', '=', categoryId)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Hands everything of category `from` to category `to` (force delete): nothing is destroyed. */
  async moveContents(from: number, to: number) {
    await this.db.updateTable('topics').set({ category_id: to }).where('category_id', '=', from).execute();
    await this.db.updateTable('tags').set({ category_id: to }).where('category_id', '=', from).execute();
    await this.db.updateTable('categories').set({ parent_id: to }).where('parent_id', '=', from).execute();
  }

  async delete(id: number) {
    await this.db.deleteFrom('categories').where('id', '=', id).execute();
  }

  findByIds(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('categories')
      .select(['id', 'slug', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }
}
