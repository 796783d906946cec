import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { HubsRepository } from '../topics/hubs-repository.js';

export const TOTAL_COLUMNS = [
  'total_points',
  'vote_count',
  'first_count',
  'second_count',
  'third_count',
] as const;

/** One kind of problem the check finds, as rows; `findTotalsMismatches` words them. */
export interface Mismatches {
  propositions: Record<string, number | string>[];
  topics: { id: number; vote_count: number; voters: number }[];
  hubs: { id: number; vote_count: number; sub_topic_ballots: number }[];
  numbering: { id: number; version: number; n: number; lo: number; hi: number }[];
  backwards: { ballot_id: number; version: number }[];
  votes: { id: number | null; topic_id: number; user_id: number }[];
}

/** The SQL of the recount (server/modules/rankings/recount.ts): totals from the counted current ballots. */
export class RecountRepository {
  constructor(private readonly db: Executor) {}

  /** Writes the exact totals of these topics' propositions, their voters and their hubs' counts. */
  async recountTopics(topicIds: readonly number[] | undefined): Promise<void> {
    const nonZero = sql.join(
      TOTAL_COLUMNS.map((column) => sql`${sql.ref(column)} <> 0`),
      sql` or `,
    );
    await sql`update propositions set ${sql.join(TOTAL_COLUMNS.map((column) => sql`${sql.ref(column)} = 0`))}
      where (${nonZero})${inTopics('topic_id', topicIds)}`.execute(this.db);
    await sql`update propositions
      set ${sql.join(TOTAL_COLUMNS.map((column) => sql`${sql.ref(column)} = t.${sql.ref(column)}`))}
      from (${propositionTallies(topicIds)}) t
      where t.proposition_id = propositions.id`.execute(this.db);
    await sql`update topics set vote_count = ${votersOf('topics.id')}
      where is_main = 0${inTopics('id', topicIds)}`.execute(this.db);
    const hubs = new HubsRepository(this.db);
    if (topicIds === undefined) return hubs.recountHubs('all');
    const rows = await this.db
      .selectFrom('topics')
      .select('main_topic_id')
      .where('id', 'in', [...topicIds])
      .where('main_topic_id', 'is not', null)
      .execute();
    await hubs.recountHubs([...new Set(rows.map((row) => row.main_topic_id as number))]);
  }

  async mismatches(): Promise<Mismatches> {
    const stored = (column: string) => sql.ref(`p.${column}`);
    const counted = (column: string) => sql`coalesce(t.${sql.ref(column)}, 0)`;
    const { rows: propositions } = await sql<Record<string, number | string>>`
      select p.id, p.topic_id, ${sql.join(
        TOTAL_COLUMNS.map(
          (column) =>
            sql`${stored(column)} as ${sql.ref(`stored_${column}`)}, ${counted(column)} as ${sql.ref(column)}`,
        ),
      )}
      from propositions p left join (${propositionTallies(undefined)}) t on t.proposition_id = p.id
      where ${sql.join(
        TOTAL_COLUMNS.map((column) => sql`${counted(column)} <> ${stored(column)}`),
        sql` or `,
      )}
      order by p.id`.execute(this.db);

    const { rows: topics } = await sql<Mismatches['topics'][number]>`
      select t.id, t.vote_count, ${votersOf('t.id')} as voters from topics t
      where t.is_main = 0 and t.vote_count <> ${votersOf('t.id')}
      order by t.id`.execute(this.db);

    // A main topic is a hub: its count is the ballots (voters) on its active sub-topics.
    const { rows: hubs } = await sql<Mismatches['hubs'][number]>`
      select t.id, t.vote_count, (select coalesce(sum(sub.vote_count), 0) from topics sub
        where sub.main_topic_id = t.id and sub.is_active = 1) as sub_topic_ballots
      from topics t where t.is_main = 1 order by t.id`.execute(this.db);

    // The primary key makes (ballot, version) unique: n versions between 1 and n are 1..n without a gap.
    const { rows: numbering } = await sql<Mismatches['numbering'][number]>`
      select b.id, b.version, count(bv.version) as n, min(bv.version) as lo, max(bv.version) as hi
      from ballots b left join ballot_versions bv on bv.ballot_id = b.id
      group by b.id, b.version
      having count(bv.version) <> b.version or min(bv.version) <> 1 or max(bv.version) <> b.version
      order by b.id`.execute(this.db);

    const { rows: backwards } = await sql<Mismatches['backwards'][number]>`
      select later.ballot_id, later.version from ballot_versions later
      join ballot_versions earlier on earlier.ballot_id = later.ballot_id and earlier.version = later.version - 1
      where later.cast_at < earlier.cast_at
      order by later.ballot_id, later.version`.execute(this.db);

    const place = (points: number) => sql`max(case when points = ${sql.lit(points)} then proposition_id end)`;
    // A current version differs from the votes table, or from the copy of its places the ballot keeps.
    const differs = sql.join(
      ['first_id', 'second_id', 'third_id'].flatMap((column) => [
        sql`coalesce(${sql.ref(`bv.${column}`)}, 0) <> coalesce(${sql.ref(`v.${column}`)}, 0)`,
        sql`coalesce(${sql.ref(`bv.${column}`)}, 0) <> coalesce(${sql.ref(`b.${column}`)}, 0)`,
      ]),
      sql` or `,
    );
    const { rows: votes } = await sql<Mismatches['votes'][number]>`
      select b.id, b.topic_id, b.user_id
      from ballots b join ballot_versions bv on bv.ballot_id = b.id and bv.version = b.version
      left join (select topic_id, user_id, ${place(3)} as first_id, ${place(2)} as second_id, ${place(1)} as third_id
        from votes group by topic_id, user_id) v on v.topic_id = b.topic_id and v.user_id = b.user_id
      where ${differs}
      union all
      select null, v.topic_id, v.user_id from votes v
      where not exists (select 1 from ballots b where b.topic_id = v.topic_id and b.user_id = v.user_id)
      order by 2, 3`.execute(this.db);

    return { propositions, topics, hubs, numbering, backwards, votes };
  }
}

/** `and <column> in (...)` for a recount of some topics; nothing for every topic. */
function inTopics(column: string, topicIds: readonly number[] | undefined): RawBuilder<unknown> {
  if (topicIds === undefined) return sql``;
  return sql` and ${sql.ref(column)} in (${sql.join(topicIds)})`;
}

/** One row per place held in a counted current ballot: (proposition_id, points). */
function countedPlaces(topicIds: readonly number[] | undefined): RawBuilder<unknown> {
  const place = (column: string, points: number) =>
    sql`select ${sql.ref(`bv.${column}`)} as proposition_id, ${sql.lit(points)} as points
      from ballots b join ballot_versions bv on bv.ballot_id = b.id and bv.version = b.version
      where b.state = 'counted' and ${sql.ref(`bv.${column}`)} is not null${inTopics('b.topic_id', topicIds)}`;
  return sql`${place('first_id', 3)} union all ${place('second_id', 2)} union all ${place('third_id', 1)}`;
}

/** Each proposition's totals as the counted current ballots give them (propositions without any are absent). */
function propositionTallies(topicIds: readonly number[] | undefined): RawBuilder<unknown> {
  return sql`select proposition_id,
      sum(points) as total_points,
      count(*) as vote_count,
      sum(case when points = 3 then 1 else 0 end) as first_count,
      sum(case when points = 2 then 1 else 0 end) as second_count,
      sum(case when points = 1 then 1 else 0 end) as third_count
    from (${countedPlaces(topicIds)}) places
    group by proposition_id`;
}

/** A topic's voters: its counted ballots whose current version holds at least one place. */
function votersOf(topicRef: string): RawBuilder<number> {
  return sql<number>`(select count(*) from ballots b join ballot_versions bv
      on bv.ballot_id = b.id and bv.version = b.version
    where b.state = 'counted' and b.topic_id = ${sql.ref(topicRef)}
      and (bv.first_id is not null or bv.second_id is not null or bv.third_id is not null))`;
}
