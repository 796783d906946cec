import { type Kysely, sql } from 'kysely';
import { withId } from './columns.js';
import type { PortableMigration } from './index.js';

/** Categories (one level of parents), typed tags, and the one translation store of DESIGN.md. */
export const catalogue: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('categories'), kind)
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_system in (0, 1)`))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();

    await withId(db.schema.createTable('tags'), kind)
      .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(80)', (c) => c.notNull())
      .addColumn('type', 'varchar(40)', (c) => c.notNull().defaultTo('OTHER'))
      // No cascade: a category in use cannot vanish under its tags (force-delete moves them first).
      .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tags_category').on('tags').columns(['category_id', 'type']).execute();

    await withId(db.schema.createTable('translations'), kind)
      .addColumn('entity_type', 'varchar(16)', (c) =>
        c.notNull().check(sql`entity_type in ('ui', 'category', 'tag', 'topic')`),
      )
      .addColumn('entity_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('language', 'varchar(2)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('translations_unique', ['entity_type', 'entity_id', 'key', 'language'])
      .execute();
    await db.schema
      .createIndex('translations_language')
      .on('translations')
      .columns(['entity_type', 'language'])
      .execute();

    // The system category always exists; force-deleted categories hand their topics and tags to it.
    const now = new Date().toISOString();
    await sql`insert into categories (slug, name, is_system, created_at) values ('unassigned', 'Unassigned', 1, ${now})`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('translations').execute();
    await db.schema.dropTable('tags').execute();
    await db.schema.dropTable('categories').execute();
  },
});
