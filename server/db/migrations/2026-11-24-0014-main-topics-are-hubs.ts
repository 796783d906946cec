import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * A main topic is a hub (DESIGN.md): it takes no ballots, and its vote count is the ballots on its
 * active sub-topics. The ballots main topics took before are removed with what only they held (the
 * voters' own propositions, which go with their last vote), their propositions' totals start again
 * from zero, and each hub's count is recounted. There is no way down: the removed ballots are gone.
 */
export const mainTopicsAreHubs: PortableMigration = () => ({
  async up(db: Kysely<unknown>) {
    const mainTopics = sql`(select id from topics where is_main = 1)`;
    await sql`delete from votes where topic_id in ${mainTopics}`.execute(db);
    await sql`delete from propositions where created_by is not null and topic_id in ${mainTopics}`.execute(
      db,
    );
    await sql`update propositions
      set total_points = 0, vote_count = 0, first_count = 0, second_count = 0, third_count = 0
      where topic_id in ${mainTopics}`.execute(db);
    await sql`update topics
      set vote_count = (select coalesce(sum(sub.vote_count), 0) from topics sub
                        where sub.main_topic_id = topics.id and sub.is_active = 1)
      where is_main = 1`.execute(db);
  },
  async down() {},
});
