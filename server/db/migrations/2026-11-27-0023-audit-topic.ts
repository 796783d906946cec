import { type Kysely, sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Each audit entry about a topic, its tags or its propositions names the topic, so that the topic's admin
 * page shows its own history (issue 34: a merge is shown there). Earlier entries are filled in: a topic's
 * and its tags' carry its id as their entity, a proposition's carries it in what it recorded.
 */
export const auditTopic: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await sql`alter table audit_log add column topic_id integer`.execute(db);
    await sql`update audit_log set topic_id = cast(entity_id as integer)
      where entity_type in ('topic', 'topic_tag') and entity_id is not null`.execute(db);
    const recorded =
      kind === 'postgres'
        ? sql`cast(cast(coalesce(after_json, before_json) as json)->>'topicId' as integer)`
        : sql`cast(json_extract(coalesce(after_json, before_json), '$.topicId') as integer)`;
    await sql`update audit_log set topic_id = ${recorded} where entity_type = 'proposition'`.execute(db);
    await sql`create index audit_log_topic on audit_log (topic_id, created_at) where topic_id is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index audit_log_topic`.execute(db);
    await sql`alter table audit_log drop column topic_id`.execute(db);
  },
});
