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
 * Categories and tags are written in English. Values are trimmed and cut to what the columns hold
 * (the old API took translations of up to 5,000 characters). A title that would give two main topics of
 * one category the same name is not folded: the base title stays, since those names must stay unique.
 * If any text changed, the search index is emptied, and the next start rebuilds it whole.
 */

/** What the base text columns hold (migrations 0002 and 0003), and the topic description limit. */
const MAX = { title: 200, description: 2000, name: 80 } as const;
const shortened = (value: string, key: keyof typeof MAX) => value.trim().slice(0, MAX[key]);

/** The columns this migration reads and writes, as they are at this point of the schema's history. */
interface Tables {
  topics: {
    id: number;
    title: string;
    title_key: string;
    description: string | null;
    category_id: number;
    is_main: number;
  };
  categories: { id: number; name: string };
  tags: { id: number; name: string };
  translations: { entity_type: string; entity_id: number; key: string; language: string; value: string };
  search_terms: { topic_id: number };
}
export const baseTextsOwnLanguage: PortableMigration = () => ({
  async up(schemaDb: Kysely<unknown>) {
    const db = schemaDb as Kysely<Tables>;
    let changed = 0;
    const topicTexts = await sql<Row>`
      select t.id, tr.key, tr.value, case when tr.key = 'title' then t.title else t.description end as base
      from translations tr join topics t on t.id = tr.entity_id and t.language = tr.language
      where tr.entity_type = 'topic' and tr.key in ('title', 'description')`.execute(db);
    for (const row of topicTexts.rows) {
      const value = shortened(row.value, row.key === 'title' ? 'title' : 'description');
      if (value === row.base || value === '') continue;
      if (row.key === 'description') {
        await db.updateTable('topics').set({ description: value }).where('id', '=', row.id).execute();
      } else {
        const topic = await db
          .selectFrom('topics')
          .select(['category_id', 'is_main'])
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        const titleKey = foldText(value);
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
          .set({ title: value, title_key: titleKey })
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
        const name =
          table === 'categories'
            ? capitalizeFirst(shortened(row.value, 'name'))
            : shortened(row.value, 'name');
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
