import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Places } from '../rankings/tallies.js';

/** A ballot that holds a proposition about to be deleted, and its current places. */
export interface BallotHolding {
  id: number;
  userId: number;
  version: number;
  places: Places;
}

/**
 * The SQL of ballots written in bulk: today's votes turned into ballots, and the versions appended when a
 * proposition goes from the ballots that hold it. (A voter's own ballot is written by VotesRepository.)
 */
export class BallotsRepository {
  constructor(private readonly db: Executor) {}

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
      .select(['id', 'user_id', 'version', 'first_id', 'second_id', 'third_id'])
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
    }));
  }

  /**
   * Appends to each of these ballots a version without the proposition (its other places kept where they
   * were), cast at `at`, and makes it current.
   */
  async appendWithout(ballotIds: readonly number[], propositionId: number, at: string): Promise<void> {
    if (ballotIds.length === 0) return;
    const without = (column: string) =>
      sql`case when ${sql.ref(`bv.${column}`)} = ${propositionId} then null else ${sql.ref(`bv.${column}`)} end`;
    await sql`
      insert into ballot_versions (ballot_id, version, cast_at, cause, first_id, second_id, third_id)
      select b.id, b.version + 1, ${at}, 'proposition_deleted', ${without('first_id')}, ${without('second_id')}, ${without('third_id')}
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
}
