import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../database.js';
import type { PortableMigration } from './index.js';

/**
 * The rule "each of 3, 2, 1 points at most once per person and topic" is kept by a unique key that now
 * starts with the topic: (topic, user, points) instead of (user, topic, points). It then serves every
 * lookup of a voter's places on a topic, which had an index of their own (`votes_topic_user`), dropped:
 * one b-tree fewer to write on every ballot. Lookups by user keep `votes_one_proposition_once`
 * (user, proposition).
 */
export const votesByTopic: PortableMigration = (kind) => ({
  async up(db: Kysely<unknown>) {
    await sql`drop index votes_topic_user`.execute(db);
    await rekey(db, kind, sql`topic_id, user_id, points`);
  },
  async down(db: Kysely<unknown>) {
    await rekey(db, kind, sql`user_id, topic_id, points`);
    await sql`create index votes_topic_user on votes (topic_id, user_id)`.execute(db);
  },
});

/** Gives `votes_one_place_each` these columns; on SQLite, which cannot alter a constraint, by a rebuild. */
async function rekey(db: Kysely<unknown>, kind: DatabaseKind, columns: RawBuilder<unknown>) {
  if (kind === 'postgres') {
    await sql`alter table votes drop constraint votes_one_place_each`.execute(db);
    await sql`alter table votes add constraint votes_one_place_each unique (${columns})`.execute(db);
    return;
  }
  // Nothing references votes, so the rebuilt table takes its place without touching another table.
  await sql`create table votes_rebuilt (
    id integer primary key autoincrement,
    user_id integer not null references users (id),
    topic_id integer not null references topics (id) on delete cascade,
    proposition_id integer not null,
    points integer not null check (points in (1, 2, 3)),
    created_at varchar(32) not null,
    constraint votes_proposition_of_topic foreign key (proposition_id, topic_id)
      references propositions (id, topic_id) on delete cascade,
    constraint votes_one_place_each unique (${columns}),
    constraint votes_one_proposition_once unique (user_id, proposition_id)
  )`.execute(db);
  await sql`insert into votes_rebuilt (id, user_id, topic_id, proposition_id, points, created_at)
    select id, user_id, topic_id, proposition_id, points, created_at from votes`.execute(db);
  // The sequence goes on from where the old table's was, so no vote id is ever given twice.
  await sql`delete from sqlite_sequence where name = 'votes_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'votes_rebuilt', seq from sqlite_sequence
    where name = 'votes'`.execute(db);
  await sql`drop table votes`.execute(db);
  await sql`alter table votes_rebuilt rename to votes`.execute(db);
  await sql`create index votes_proposition on votes (proposition_id)`.execute(db);
}
