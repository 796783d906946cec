import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Places } from '../rankings/tallies.js';

/** A ballot that holds a proposition about to be deleted, and its current places. */
export interface BallotHolding {
  id: number;
  userId: number;
  version: number;
  places: Places;
  /** Whether it counts: a version appended to a held or quarantined ballot moves no figure. */
  counted: boolean;
}

/**
 * The SQL of ballots written in bulk: today's votes turned into ballots, and the versions appended when a
 * proposition goes from the ballots that hold it. (A voter's own ballot is written by VotesRepository.)
 */
export class BallotsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Every version of every ballot of a voter (a data export, the administrators' view of a person), oldest
   * first per ballot, each place with the name of the proposition it names (null once that proposition was
   * deleted), with the ballot's counting state and each version's network while kept.
   */
  versionsOf(userId: number) {
    return this.db
      .selectFrom('ballots as b')
      .innerJoin('ballot_versions as v', 'v.ballot_id', 'b.id')
      .leftJoin('propositions as p1', 'p1.id', 'v.first_id')
      .leftJoin('propositions as p2', 'p2.id', 'v.second_id')
      .leftJoin('propositions as p3', 'p3.id', 'v.third_id')
      .select([
        'b.id as ballot_id',
        'b.topic_id',
        'b.first_cast_at',
        'b.voted_at',
        'b.state',
        'b.quarantine_reason',
        'v.version',
        'v.cast_at',
        'v.cause',
        'v.network',
        'v.first_id',
        'p1.name as first_name',
        'v.second_id',
        'p2.name as second_name',
        'v.third_id',
        'p3.name as third_name',
      ])
      .where('b.user_id', '=', userId)
      .orderBy('b.first_cast_at')
      .orderBy('b.id')
      .orderBy('v.version')
      .execute();
  }

  /**
   * Turns votes that have no ballot yet into ballots, each with a first version cast when its votes were
   * (a ballot's votes are written together, so they share `created_at`). Run by the migration that
   * introduced ballots and by the loaders that write votes straight into the database; the caller then
   * recounts the totals (server/modules/rankings/recount.ts).
   */
  async fromVotes(): Promise<void> {
    await sql`
      insert into ballots (topic_id, user_id, state, first_cast_at, version, updated_at, voted_at)
      select v.topic_id, v.user_id, 'counted', min(v.created_at), 1, max(v.created_at), max(v.created_at)
      from votes v
      where not exists (select 1 from ballots b where b.topic_id = v.topic_id and b.user_id = v.user_id)
      group by v.topic_id, v.user_id`.execute(this.db);
    await sql`
      insert into ballot_versions (ballot_id, version, cast_at, cause, first_id, second_id, third_id)
      select b.id, 1, b.first_cast_at, 'vote',
        max(case when v.points = 3 then v.proposition_id end),
        max(case when v.points = 2 then v.proposition_id end),
        max(case when v.points = 1 then v.proposition_id end)
      from ballots b
      join votes v on v.topic_id = b.topic_id and v.user_id = b.user_id
      where not exists (select 1 from ballot_versions bv where bv.ballot_id = b.id)
      group by b.id, b.first_cast_at`.execute(this.db);
    await sql`
      update ballots set
        first_id = (select bv.first_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = 1),
        second_id = (select bv.second_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = 1),
        third_id = (select bv.third_id from ballot_versions bv where bv.ballot_id = ballots.id and bv.version = 1)
      where version = 1 and first_id is null and second_id is null and third_id is null`.execute(this.db);
  }

  /** The ballots on the topic whose current version holds the proposition. */
  async holding(topicId: number, propositionId: number): Promise<BallotHolding[]> {
    const rows = await this.db
      .selectFrom('ballots')
      .select(['id', 'user_id', 'version', 'state', 'first_id', 'second_id', 'third_id'])
      .where('topic_id', '=', topicId)
      .where((eb) =>
        eb.or([
          eb('first_id', '=', propositionId),
          eb('second_id', '=', propositionId),
          eb('third_id', '=', propositionId),
        ]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      version: row.version,
      places: { first: row.first_id, second: row.second_id, third: row.third_id },
      counted: row.state === 'counted',
    }));
  }

  /**
   * Appends to each of these ballots a version without the proposition (its other places kept where they
   * were), cast at `at` for `cause` (the proposition's deletion, or its rejection as a proposal), and makes
   * it current.
   */
  async appendWithout(
    ballotIds: readonly number[],
    propositionId: number,
    at: string,
    cause: 'proposition_deleted' | 'rejection',
  ): Promise<void> {
    if (ballotIds.length === 0) return;
    const without = (column: string) =>
      sql`case when ${sql.ref(`bv.${column}`)} = ${propositionId} then null else ${sql.ref(`bv.${column}`)} end`;
    await sql`
      insert into ballot_versions (ballot_id, version, cast_at, cause, first_id, second_id, third_id)
      select b.id, b.version + 1, ${at}, ${cause}, ${without('first_id')}, ${without('second_id')}, ${without('third_id')}
      from ballots b join ballot_versions bv on bv.ballot_id = b.id and bv.version = b.version
      where b.id in (${sql.join(ballotIds)})`.execute(this.db);
    const left = (column: 'first_id' | 'second_id' | 'third_id') =>
      sql<
        number | null
      >`case when ${sql.ref(column)} = ${propositionId} then null else ${sql.ref(column)} end`;
    await this.db
      .updateTable('ballots')
      .set((eb) => ({
        version: eb('version', '+', 1),
        updated_at: at,
        first_id: left('first_id'),
        second_id: left('second_id'),
        third_id: left('third_id'),
      }))
      .where('id', 'in', [...ballotIds])
      .execute();
  }

  /**
   * Appends to each of these ballots (which hold `from`) a version that names `into` instead, cast at `at`
   * as a merge, and makes it current: a ballot that named both keeps `into` at the better of the two
   * places and frees the other. Their rows in `votes` follow: `from`'s and `into`'s are written again.
   */
  async appendMerged(ballotIds: readonly number[], from: number, into: number, at: string): Promise<void> {
    for (let start = 0; start < ballotIds.length; start += IDS_PER_STATEMENT) {
      const ids = ballotIds.slice(start, start + IDS_PER_STATEMENT);
      const merged = mergedPlaces(from, into);
      await sql`
        insert into ballot_versions (ballot_id, version, cast_at, cause, first_id, second_id, third_id)
        select b.id, b.version + 1, ${at}, 'merge', ${merged.first}, ${merged.second}, ${merged.third}
        from ballots b where b.id in (${sql.join(ids)})`.execute(this.db);
      await sql`
        update ballots set version = version + 1, updated_at = ${at},
          first_id = ${merged.first}, second_id = ${merged.second}, third_id = ${merged.third}
        where id in (${sql.join(ids)})`.execute(this.db);
      await sql`
        delete from votes where proposition_id in (${from}, ${into})
          and exists (select 1 from ballots b where b.id in (${sql.join(ids)})
            and b.topic_id = votes.topic_id and b.user_id = votes.user_id)`.execute(this.db);
      await sql`
        insert into votes (user_id, topic_id, proposition_id, points, created_at)
        select b.user_id, b.topic_id, ${integer(into)},
          case when b.first_id = ${into} then 3 when b.second_id = ${into} then 2 else 1 end, ${at}
        from ballots b where b.id in (${sql.join(ids)})`.execute(this.db);
    }
  }
}

/** Ids per statement of a bulk write: far under both databases' limits on bound values. */
const IDS_PER_STATEMENT = 5_000;

/**
 * A ballot's places once `from` is merged into `into`, over its current places (the unqualified place
 * columns of `ballots`): `into` takes the better place either held, the other is freed.
 */
function mergedPlaces(from: number, into: number) {
  const holds = (column: string) => sql`${sql.ref(column)} in (${from}, ${into})`;
  // Typed, for PostgreSQL: a CASE of a bare parameter and null alone would be read as text.
  const intoId = integer(into);
  return {
    first: sql`case when ${holds('first_id')} then ${intoId} else first_id end`,
    second: sql`case when ${holds('second_id')} then (case when ${holds('first_id')} then null else ${intoId} end) else second_id end`,
    third: sql`case when ${holds('third_id')} then (case when ${holds('first_id')} or ${holds('second_id')} then null else ${intoId} end) else third_id end`,
  };
}

const integer = (value: number) => sql`cast(${value} as integer)`;
