import { type Kysely, sql } from 'kysely';
import { capitalizeFirst, foldText } from '../../../common/text/index.js';
import type { PortableMigration } from './index.js';

interface Row {
  id: number;
  key: string;
  value: string;
  base: string | null;
}

/**
 * A text in an entity's own language is its base text (DESIGN.md): a translation in that language
 * used to win over the base text, so an edit of the base text changed nothing anyone saw. Each such
 * translation is folded into the base text (the translation is what visitors read) and removed.
 * Categories and tags are written in English. A topic whose text changed leaves the search index,
 * which the next start rebuilds whole (the index is empty then).
 */
export const baseTextsOwnLanguage: PortableMigration = () => ({
  async up(db: Kysely<any>) {
    let changed = 0;
    const topicTexts = await sql<Row>`
      select t.id, tr.key, tr.value, case when tr.key = 'title' then t.title else t.description end as base
      from translations tr join topics t on t.id = tr.entity_id and t.language = tr.language
      where tr.entity_type = 'topic' and tr.key in ('title', 'description')`.execute(db);
    for (const row of topicTexts.rows) {
      if (row.value === row.base || row.value.trim() === '') continue;
      if (row.key === 'description') {
        await db.updateTable('topics').set({ description: row.value }).where('id', '=', row.id).execute();
      } else {
        const topic = await db
          .selectFrom('topics')
          .select(['category_id', 'is_main'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        const titleKey = foldText(row.value);
        // Main topic names are unique in a category: a translation that would clash leaves the base as it is.
        const clash =
          topic.is_main === 1 &&
          (await db
            .selectFrom('topics')
            .select('id')
            .where('category_id', '=', topic.category_id)
            .where('is_main', '=', 1)
            .where('title_key', '=', titleKey)
            .where('id', '<>', row.id)
            .executeTakeFirst());
        if (clash) continue;
        await db
          .updateTable('topics')
          .set({ title: row.value, title_key: titleKey })
          .where('id', '=', row.id)
          .execute();
      }
      changed += 1;
    }
    await sql`delete from translations where entity_type = 'topic'
      and exists (select 1 from topics t where t.id = translations.entity_id and t.language = translations.language)`.execute(
      db,
    );

    for (const table of ['categories', 'tags'] as const) {
      const entityType = table === 'categories' ? 'category' : 'tag';
      const names = await sql<Row>`
        select e.id, tr.key, tr.value, e.name as base
        from translations tr join ${sql.table(table)} e on e.id = tr.entity_id
        where tr.entity_type = ${entityType} and tr.key = 'name' and tr.language = 'en'`.execute(db);
      for (const row of names.rows) {
        const name = table === 'categories' ? capitalizeFirst(row.value) : row.value.trim();
        if (name === row.base || name === '') continue;
        await db.updateTable(table).set({ name }).where('id', '=', row.id).execute();
        changed += 1;
      }
      await db
        .deleteFrom('translations')
        .where('entity_type', '=', entityType)
        .where('language', '=', 'en')
        .execute();
    }
    if (changed > 0) await db.deleteFrom('search_terms').execute();
  },

  async down() {
    // Nothing to undo: the base texts hold what visitors read.
  },
});
