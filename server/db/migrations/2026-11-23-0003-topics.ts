import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

export const topics: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('topics'), kind)
      .addColumn('readable_id', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('title_key', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('fr'))
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_main in (0, 1)`))
      .addColumn('main_topic_id', 'integer', (c) => c.references('topics.id').onDelete('cascade'))
      .addColumn('mandatory_types', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
      .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`vote_count >= 0`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    // Popular lists read this index in order: no sort of the whole table.
    await db.schema
      .createIndex('topics_popular')
      .on('topics')
      .columns(['is_active', 'vote_count desc', 'id'])
      .execute();
    await db.schema.createIndex('topics_main_topic').on('topics').column('main_topic_id').execute();
    await db.schema.createIndex('topics_category').on('topics').column('category_id').execute();
    await sql`create unique index topics_main_title_unique on topics (category_id, title_key) where is_main = 1`.execute(
      db,
    );

    await db.schema
      .createTable('topic_tags')
      .addColumn('topic_id', 'integer', (c) => c.notNull().references('topics.id').onDelete('cascade'))
      // No cascade: a tag in use by a topic cannot be deleted (TAG_IN_USE).
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
      .addPrimaryKeyConstraint('topic_tags_pk', ['topic_id', 'tag_id'])
      .execute();
    await db.schema.createIndex('topic_tags_tag').on('topic_tags').columns(['tag_id', 'topic_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('topic_tags').execute();
    await db.schema.dropTable('topics').execute();
  },
});
