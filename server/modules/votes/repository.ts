import { type Kysely, type QueryCreator, sql } from 'kysely';
import { RANKING_LIMIT_MAX, type RankingEntryDto } from '../../../common/api/topics.js';
import type { UserVoteDto } from '../../../common/api/votes.js';
import type { VotePoints } from '../../../common/constants.js';
import type { DatabaseKind } from '../../db/database.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import { TopicsRepository } from '../topics/repository.js';

/** The database or an open transaction: every function here works inside or outside one. */
type Executor = Kysely<Database>;

export interface LockedTopic {
  id: number;
  isActive: boolean;
}

/**
 * Reads the topic a vote is for. On PostgreSQL the row stays locked until the transaction ends, so
 * concurrent submissions on one topic take turns and each computes its deltas from settled totals.
 */
export async function lockTopic(
  trx: Executor,
  kind: DatabaseKind,
  topicId: number,
): Promise<LockedTopic | undefined> {
  let query = trx.selectFrom('topics').select(['id', 'is_active']).where('id', '=', topicId);
  if (kind === 'postgres') query = query.forUpdate();
  const [row] = await executePrepared(trx, query);
  return row && { id: row.id, isActive: row.is_active === 1 };
}

export async function findTopicVoteCount(db: Executor, topicId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('topics')
    .select('vote_count')
    .where('id', '=', topicId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row?.vote_count;
}

export async function findUserVotes(db: Executor, topicId: number, userId: number): Promise<UserVoteDto[]> {
  const rows = await db
    .selectFrom('votes as v')
    .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
    .select(['v.id', 'v.points', 'v.user_id', 'v.proposition_id', 'p.name'])
    .where('v.topic_id', '=', topicId)
    .where('v.user_id', '=', userId)
    .orderBy('v.points', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    itemName: row.name,
    points: row.points as VotePoints,
    userId: row.user_id,
    propositionId: row.proposition_id,
  }));
}

/**
 * Propositions of the topic whose name keys are given, as key -> id and stored name. (A read of its
 * own after the topic lock: joined to the lock, it would read a snapshot taken before the wait, and
 * miss a name that the submission it waited for had just created.)
 */
export async function findPropositions(
  db: Executor,
  topicId: number,
  keys: readonly string[],
): Promise<Map<string, { id: number; name: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await executePrepared(
    db,
    db
      .selectFrom('propositions')
      .select(['id', 'name', 'name_key'])
      .where('topic_id', '=', topicId)
      .where('name_key', 'in', keys),
  );
  return new Map(rows.map((row) => [row.name_key, { id: row.id, name: row.name }]));
}

export async function insertProposition(
  db: Executor,
  proposition: { topicId: number; name: string; nameKey: string; createdAt: string; createdBy?: number },
): Promise<number> {
  const row = await db
    .insertInto('propositions')
    .values({
      topic_id: proposition.topicId,
      name: proposition.name,
      name_key: proposition.nameKey,
      created_at: proposition.createdAt,
      created_by: proposition.createdBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The caller's current votes on the topic: proposition id, points, and whether a voter created it. */
export function findPreviousVotes(
  trx: Executor,
  topicId: number,
  userId: number,
): Promise<{ proposition_id: number; points: number; created_by: number | null }[]> {
  return executePrepared(
    trx,
    trx
      .selectFrom('votes as v')
      .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
      .select(['v.proposition_id', 'v.points', 'p.created_by'])
      .where('v.topic_id', '=', topicId)
      .where('v.user_id', '=', userId),
  );
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
}

/**
 * Saves a ballot and returns the new vote rows. The caller holds the topic lock and computed the
 * differences from the votes it replaces. On PostgreSQL a ballot with votes is one statement, since
 * a round trip there costs more than the statement's work; on SQLite, and for a withdrawal, it is
 * the same statements in sequence.
 */
export async function writeBallot(
  trx: Executor,
  kind: DatabaseKind,
  ballot: BallotWrite,
): Promise<{ id: number; proposition_id: number }[]> {
  const totals = propositionTotalsUpdate(trx, ballot.deltas);
  const voters = topicVotersUpdate(trx, ballot.topicId, ballot.votersDelta);
  if (kind === 'postgres' && ballot.votes.length > 0)
    return writeBallotAsOneStatement(trx, ballot, totals, voters);
  if (ballot.replaces) await userVotesDelete(trx, ballot).execute();
  const inserted =
    ballot.votes.length === 0
      ? []
      : await trx
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
function writeBallotAsOneStatement(
  trx: Executor,
  ballot: BallotWrite,
  totals: ReturnType<typeof propositionTotalsUpdate>,
  voters: ReturnType<typeof topicVotersUpdate>,
): Promise<{ id: number; proposition_id: number }[]> {
  let statement = trx.with('deleted', (db) => userVotesDelete(db, ballot).returning('id'));
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
  return executePrepared(trx, insert);
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

function topicVotersUpdate(db: Executor, topicId: number, delta: number) {
  if (delta === 0) return undefined;
  return db
    .updateTable('topics')
    .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', '=', topicId);
}

/** The ranking as the browse module reads it (GET /api/search/rankings/topic/{topicId}). */
export function findRanking(db: Executor, topicId: number): Promise<RankingEntryDto[]> {
  return new TopicsRepository(db).ranking(topicId, RANKING_LIMIT_MAX);
}

/** Which of the voter's creations to count: theirs, theirs on one topic, or their address's. */
export type CreationScope = { userId: number; topicId?: number } | { clientAddress: string };

/** Creations in the scope since `since`, and the earliest of them (when the count starts to fall). */
export async function countCreations(
  db: Executor,
  scope: CreationScope,
  since: string,
): Promise<{ count: number; earliest: string | null }> {
  let query = db
    .selectFrom('proposition_creations')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('earliest')])
    .where('created_at', '>', since);
  if ('clientAddress' in scope) query = query.where('client_address', '=', scope.clientAddress);
  else {
    query = query.where('user_id', '=', scope.userId);
    if (scope.topicId !== undefined) query = query.where('topic_id', '=', scope.topicId);
  }
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), earliest: (row.earliest as string | null) ?? null };
}

export async function recordCreations(
  db: Executor,
  creation: { userId: number; topicId: number; clientAddress: string; createdAt: string; count: number },
): Promise<void> {
  const { userId, topicId, clientAddress, createdAt, count } = creation;
  const row = { user_id: userId, topic_id: topicId, client_address: clientAddress, created_at: createdAt };
  await db
    .insertInto('proposition_creations')
    .values(Array.from({ length: count }, () => row))
    .execute();
}

/** A voter's propositions among `ids` that no vote holds any more: they go (administrators' ones stay). */
export async function deleteAbandonedVoterPropositions(
  db: Executor,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('propositions')
    .where('id', 'in', ids)
    .where('vote_count', '=', 0)
    .where('created_by', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
