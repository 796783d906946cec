import type { Executor } from '../../db/executor.js';

/** Every line of SQL about tags; their other names are texts (server/modules/texts). */
export class TagsRepository {
  constructor(private readonly db: Executor) {}

  /** Tags with their category and the number of topics labelled with each, by type then name. */
  list(filter: { categoryId?: number | undefined; ids?: readonly number[] } = {}) {
    let query = this.db
      .selectFrom('tags as t')
      .leftJoin('categories as c', 'c.id', 't.category_id')
      .select((eb) => [
        't.id',
        't.slug',
        't.name',
        't.type',
        't.category_id',
        'c.slug as category_slug',
        'c.name as category_name',
        eb
          .selectFrom('topic_tags')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('topic_tags.tag_id', '=', 't.id')
          .as('usage'),
      ])
      .orderBy('t.type')
      .orderBy('t.name')
      .orderBy('t.id');
    if (filter.categoryId !== undefined) query = query.where('t.category_id', '=', filter.categoryId);
    if (filter.ids) query = query.where('t.id', 'in', filter.ids.length > 0 ? [...filter.ids] : [0]);
    return query.execute();
  }

  /** Base names (English) of these rows, or of all. */
  names(ids: readonly number[] | 'all') {
    let query = this.db.selectFrom('tags').select(['id', 'name', 'created_at']);
    if (ids !== 'all') query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
    return query.execute();
  }

  findById(id: number) {
    return this.db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string) {
    return this.db.selectFrom('tags').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async insert(row: { slug: string; name: string; type: string; categoryId: number; createdAt: string }) {
    const inserted = await this.db
      .insertInto('tags')
      .values({
        slug: row.slug,
        name: row.name,
        type: row.type,
        category_id: row.categoryId,
        created_at: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: { name?: string; type?: string; category_id?: number | null }) {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('tags').set(changes).where('id', '=', id).execute();
  }

  async usage(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('topic_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tag_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(id: number) {
    await this.db.deleteFrom('tags').where('id', '=', id).execute();
  }

  findBySlugs(slugs: readonly string[]) {
    if (slugs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'slug'])
      .where('slug', 'in', [...slugs])
      .execute();
  }

  /** Tags the wizard may combine in a category: its own and the cross-cutting ones (no category). */
  combinableIn(categoryId: number, types: readonly string[]) {
    return this.db
      .selectFrom('tags')
      .select(['id', 'slug', 'name', 'type'])
      .where((eb) => eb.or([eb('category_id', '=', categoryId), eb('category_id', 'is', null)]))
      .where('type', 'in', [...types])
      .orderBy('type')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }
}
