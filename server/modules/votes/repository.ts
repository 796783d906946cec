import { type QueryCreator, sql } from 'kysely';
import type { HubMember } from '../../changes/change-set.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import { HubsRepository } from '../topics/hubs-repository.js';

export interface LockedTopic {
  id: number;
  isActive: boolean;
  isMain: boolean;
  /** The hub a sub-topic belongs to, else null. */
  mainTopicId: number | null;
}

/** One vote row of a ballot about to be saved. */
export interface NewVote {
  propositionId: number;
  points: number;
}

/** Changes to one proposition's running totals (each a signed difference). */
export interface TotalsDelta {
  totalPoints: number;
  voteCount: number;
  firstCount: number;
  secondCount: number;
  thirdCount: number;
}

/** Everything one ballot writes: the caller's new votes replace the old, and the totals move by the difference. */
export interface BallotWrite {
  topicId: number;
  userId: number;
  /** True when the caller has votes on the topic to delete first. */
  replaces: boolean;
  votes: readonly NewVote[];
  createdAt: string;
  deltas: ReadonlyMap<number, TotalsDelta>;
  /** +1 for a first ballot, -1 for a withdrawal, 0 for a change of mind. */
  votersDelta: number;
  /** The hub (main topic) of an active sub-topic, whose count of ballots moves with the topic's; else null. */
  hubId: number | null;
}

/**
 * Every line of SQL about votes, and a ballot's write: the caller's new votes replace the old and the
 * running totals of the propositions, of the topic and of its hub move by the difference, in the same statement on
 * PostgreSQL (one round trip per ballot).
 */
export class VotesRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: DatabaseKind,
  ) {}

  /**
   * Reads the topic a vote is for. On PostgreSQL the row stays locked until the transaction ends, so
   * concurrent submissions on one topic take turns and each computes its deltas from settled totals.
   */
  async lockTopic(topicId: number): Promise<LockedTopic | undefined> {
    let query = this.db
      .selectFrom('topics')
      .select(['id', 'is_active', 'is_main', 'main_topic_id'])
      .where('id', '=', topicId);
    if (this.kind === 'postgres') query = query.forUpdate();
    const [row] = await executePrepared(this.db, query);
    return (
      row && {
        id: row.id,
        isActive: row.is_active === 1,
        isMain: row.is_main === 1,
        mainTopicId: row.main_topic_id,
      }
    );
  }

  /** The caller's votes on the topic with their propositions' names, best place first. */
  async ofUserOnTopic(topicId: number, userId: number) {
    return this.db
      .selectFrom('votes as v')
      .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
      .select(['v.id', 'v.points', 'v.user_id', 'v.proposition_id', 'p.name'])
      .where('v.topic_id', '=', topicId)
      .where('v.user_id', '=', userId)
      .orderBy('v.points', 'desc')
      .execute();
  }

  /** The caller's current votes on the topic: proposition id, points, and whether a voter created it. */
  previousOf(
    topicId: number,
    userId: number,
  ): Promise<{ proposition_id: number; points: number; created_by: number | null }[]> {
    return executePrepared(
      this.db,
      this.db
        .selectFrom('votes as v')
        .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
        .select(['v.proposition_id', 'v.points', 'p.created_by'])
        .where('v.topic_id', '=', topicId)
        .where('v.user_id', '=', userId),
    );
  }

  /**
   * The topics a user voted on, most recently voted first (a page of them and how many in all), each
   * topic's row and the user's votes on them.
   */
  async pageOfUser(userId: number, { limit, offset }: { limit: number; offset: number }) {
    const [page, total] = await Promise.all([
      this.db
        .selectFrom('votes')
        .select(['topic_id', (eb) => eb.fn.max('created_at').as('voted_at')])
        .where('user_id', '=', userId)
        .groupBy('topic_id')
        .orderBy('voted_at', 'desc')
        .orderBy('topic_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('votes')
        .select((eb) => eb.fn.count<number>('topic_id').distinct().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const topicIds = page.map((row) => row.topic_id);
    if (topicIds.length === 0) return { page, total: Number(total.n), topics: [], votes: [] };
    const [topics, votes] = await Promise.all([
      this.db
        .selectFrom('topics')
        .select(['id', 'slug', 'title', 'language', 'is_active'])
        .where('id', 'in', topicIds)
        .execute(),
      this.db
        .selectFrom('votes as v')
        .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
        .select(['v.topic_id', 'v.points', 'p.name'])
        .where('v.user_id', '=', userId)
        .where('v.topic_id', 'in', topicIds)
        .orderBy('v.points', 'desc')
        .execute(),
    ]);
    return { page, total: Number(total.n), topics, votes };
  }

  /**
   * The topic's vote_count is its number of distinct voters: recounted from the votes that remain,
   * and with it, for a sub-topic, its hub's count of ballots, as a ballot moves both.
   */
  async recountVoters(topic: HubMember): Promise<number> {
    const row = await this.db
      .selectFrom('votes')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('topic_id', '=', topic.id)
      .executeTakeFirstOrThrow();
    const voters = Number(row.n);
    await this.db.updateTable('topics').set({ vote_count: voters }).where('id', '=', topic.id).execute();
    if (topic.mainTopicId !== null) await new HubsRepository(this.db).recountHubs([topic.mainTopicId]);
    return voters;
  }

  /**
   * Saves a ballot and returns the new vote rows. The caller holds the topic lock and computed the
   * differences from the votes it replaces. On PostgreSQL a ballot with votes is one statement, since
   * a round trip there costs more than the statement's work; on SQLite, and for a withdrawal, it is
   * the same statements in sequence.
   */
  async writeBallot(ballot: BallotWrite): Promise<{ id: number; proposition_id: number }[]> {
    const totals = propositionTotalsUpdate(this.db, ballot.deltas);
    const voters = topicVotersUpdate(
      this.db,
      [ballot.topicId, ...(ballot.hubId === null ? [] : [ballot.hubId])],
      ballot.votersDelta,
    );
    if (this.kind === 'postgres' && ballot.votes.length > 0)
      return this.writeAsOneStatement(ballot, totals, voters);
    if (ballot.replaces) await userVotesDelete(this.db, ballot).execute();
    const inserted =
      ballot.votes.length === 0
        ? []
        : await this.db
            .insertInto('votes')
            .values(
              ballot.votes.map((vote) => ({
                user_id: ballot.userId,
                topic_id: ballot.topicId,
                proposition_id: vote.propositionId,
                points: vote.points,
                created_at: ballot.createdAt,
              })),
            )
            .returning(['id', 'proposition_id'])
            .execute();
    await totals?.execute();
    await voters?.execute();
    return inserted;
  }

  /**
   * The PostgreSQL form of writeBallot: the delete, the insert and both total updates in one statement
   * (WITH clauses), run as a prepared statement.
   */
  private writeAsOneStatement(
    ballot: BallotWrite,
    totals: ReturnType<typeof propositionTotalsUpdate>,
    voters: ReturnType<typeof topicVotersUpdate>,
  ): Promise<{ id: number; proposition_id: number }[]> {
    let statement = this.db.with('deleted', (db) => userVotesDelete(db, ballot).returning('id'));
    if (totals) statement = statement.with('totals', () => totals.returning('id')) as typeof statement;
    if (voters) statement = statement.with('voters', () => voters.returning('id')) as typeof statement;
    const rows = sql.join(
      ballot.votes.map(
        (vote) => sql`(cast(${vote.propositionId} as integer), cast(${vote.points} as integer))`,
      ),
    );
    // The insert reads from `deleted`, so PostgreSQL finishes the delete before inserting: the unique
    // places of the new votes would otherwise meet the old rows still standing.
    const insert = statement
      .insertInto('votes')
      .columns(['user_id', 'topic_id', 'proposition_id', 'points', 'created_at'])
      .expression(
        sql`select cast(${ballot.userId} as integer), cast(${ballot.topicId} as integer), v.proposition_id, v.points, ${ballot.createdAt}
            from (values ${rows}) as v(proposition_id, points)
            where (select count(*) from deleted) >= 0`,
      )
      .returning(['id', 'proposition_id']);
    return executePrepared(this.db, insert);
  }
}

function userVotesDelete(db: QueryCreator<Database>, ballot: { topicId: number; userId: number }) {
  return db.deleteFrom('votes').where('topic_id', '=', ballot.topicId).where('user_id', '=', ballot.userId);
}

/**
 * Moves the running totals of several propositions in one statement: per column, a CASE picks each
 * proposition's difference. (The topic row is locked first on PostgreSQL, so the order in which
 * this statement locks the proposition rows cannot deadlock against another vote on the topic.)
 */
function propositionTotalsUpdate(db: Executor, deltas: ReadonlyMap<number, TotalsDelta>) {
  const changed = [...deltas].filter(([, delta]) => Object.values(delta).some((value) => value !== 0));
  if (changed.length === 0) return undefined;
  // The casts type the parameters for PostgreSQL, which cannot infer them inside a CASE.
  const differenceOf = (column: keyof TotalsDelta) =>
    sql<number>`case id ${sql.join(
      changed.map(([id, delta]) => sql`when ${id} then cast(${delta[column]} as integer)`),
      sql` `,
    )} else 0 end`;
  return db
    .updateTable('propositions')
    .set((eb) => ({
      total_points: eb('total_points', '+', differenceOf('totalPoints')),
      vote_count: eb('vote_count', '+', differenceOf('voteCount')),
      first_count: eb('first_count', '+', differenceOf('firstCount')),
      second_count: eb('second_count', '+', differenceOf('secondCount')),
      third_count: eb('third_count', '+', differenceOf('thirdCount')),
    }))
    .where(
      'id',
      'in',
      changed.map(([id]) => id),
    );
}

/** The topic's voters, and its hub's count of ballots on its sub-topics, move by the same difference. */
function topicVotersUpdate(db: Executor, topicIds: readonly number[], delta: number) {
  if (delta === 0) return undefined;
  return db
    .updateTable('topics')
    .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', 'in', [...topicIds]);
}
