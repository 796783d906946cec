import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Main topics by popularity (the home page's featured topic, ?type=main). They are a few among many
 * sub-topics, so walking topics_popular for them reads most of the table; this partial index holds
 * only them. Queries must say `is_active = 1 and is_main = 1` with literals for the planner to use it.
 */
export const topicsMainPopular: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`create index topics_popular_main on topics (vote_count desc, id) where is_active = 1 and is_main = 1`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('topics_popular_main').execute();
  },
});
