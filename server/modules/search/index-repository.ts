import type { Executor } from '../../db/executor.js';

export interface SearchTermRow {
  term: string;
  topic_id: number;
  weight: number;
}

/** 3 columns per row: far below SQLite's bound-parameter limit. */
const INSERT_BATCH = 1000;

/**
 * Every line of SQL that writes the search index (`search_terms`, `search_index_state`) and reads what
 * it is built from; the queries that search it are in repository.ts.
 */
export class SearchIndexRepository {
  constructor(private readonly db: Executor) {}

  /** Every category with its parent, and every tag: their base names (others come from the texts service). */
  catalogue() {
    return Promise.all([
      this.db.selectFrom('categories').select(['id', 'name', 'parent_id']).execute(),
      this.db.selectFrom('tags').select(['id', 'name']).execute(),
    ]);
  }

  /** The active topics among `ids` (inactive ones are not indexed: search never shows them). */
  activeTopics(ids: readonly number[]) {
    return this.db
      .selectFrom('topics')
      .select(['id', 'title', 'description', 'category_id'])
      .where('id', 'in', [...ids])
      .where('is_active', '=', 1)
      .execute();
  }

  tagsOfTopics(ids: readonly number[]) {
    return this.db
      .selectFrom('topic_tags')
      .select(['topic_id', 'tag_id'])
      .where('topic_id', 'in', [...ids])
      .execute();
  }

  /** One batch of topic ids after `afterId`, in id order: the whole catalogue a batch at a time. */
  async topicIdsAfter(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('topics')
      .select('id')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every topic of a category (and its subcategories): to re-index after a category rename. */
  async topicIdsOfCategory(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('topics')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('category_id', '=', categoryId),
          eb(
            'category_id',
            'in',
            eb.selectFrom('categories').select('id').where('parent_id', '=', categoryId),
          ),
        ]),
      )
      .execute();
    return rows.map((row) => row.id);
  }

  /** Every topic labelled with a tag: to re-index after a tag rename. */
  async topicIdsOfTag(tagId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('topic_tags')
      .select('topic_id')
      .where('tag_id', '=', tagId)
      .execute();
    return rows.map((row) => row.topic_id);
  }

  /** Removes the entries of these topics, or every entry. */
  async deleteTerms(topicIds: readonly number[] | 'all'): Promise<void> {
    let query = this.db.deleteFrom('search_terms');
    if (topicIds !== 'all') query = query.where('topic_id', 'in', [...topicIds]);
    await query.execute();
  }

  async insertTerms(rows: readonly SearchTermRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await this.db
        .insertInto('search_terms')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
  }

  /** Tells every app server's search caches that the index changed (SearchRepository.indexVersion). */
  async bumpVersion(): Promise<void> {
    await this.db
      .updateTable('search_index_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }

  /** True when topics exist but none is indexed (a database from before the index, or a bulk load). */
  async isMissing(): Promise<boolean> {
    const term = await this.db.selectFrom('search_terms').select('topic_id').limit(1).executeTakeFirst();
    if (term) return false;
    const topic = await this.db
      .selectFrom('topics')
      .select('id')
      .where('is_active', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return topic !== undefined;
  }
}
