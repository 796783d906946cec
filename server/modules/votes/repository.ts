import { type Kysely, sql } from 'kysely';
import { RANKING_LIMIT_MAX, type RankingEntryDto } from '../../../common/api/topics.js';
import type { UserVoteDto } from '../../../common/api/votes.js';
import type { VotePoints } from '../../../common/constants.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { TopicsRepository } from '../topics/repository.js';

/** The database or an open transaction: every function here works inside or outside one. */
type Executor = Kysely<Database>;

export interface LockedTopic {
  id: number;
  isActive: boolean;
  voteCount: number;
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
  let query = trx.selectFrom('topics').select(['id', 'is_active', 'vote_count']).where('id', '=', topicId);
  if (kind === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { id: row.id, isActive: row.is_active === 1, voteCount: row.vote_count };
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

/** Propositions of the topic whose name keys are given, as key -> id and stored name. */
export async function findPropositions(
  db: Executor,
  topicId: number,
  keys: readonly string[],
): Promise<Map<string, { id: number; name: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('propositions')
    .select(['id', 'name', 'name_key'])
    .where('topic_id', '=', topicId)
    .where('name_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.name_key, { id: row.id, name: row.name }]));
}

export async function insertProposition(
  db: Executor,
  proposition: { topicId: number; name: string; nameKey: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('propositions')
    .values({
      topic_id: proposition.topicId,
      name: proposition.name,
      name_key: proposition.nameKey,
      created_at: proposition.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteUserVotes(db: Executor, topicId: number, userId: number): Promise<void> {
  await db.deleteFrom('votes').where('topic_id', '=', topicId).where('user_id', '=', userId).execute();
}

export async function insertVotes(
  db: Executor,
  votes: readonly {
    userId: number;
    topicId: number;
    propositionId: number;
    points: number;
    createdAt: string;
  }[],
): Promise<{ id: number; proposition_id: number }[]> {
  if (votes.length === 0) return [];
  return db
    .insertInto('votes')
    .values(
      votes.map((vote) => ({
        user_id: vote.userId,
        topic_id: vote.topicId,
        proposition_id: vote.propositionId,
        points: vote.points,
        created_at: vote.createdAt,
      })),
    )
    .returning(['id', 'proposition_id'])
    .execute();
}

/** Changes to one proposition's running totals (each a signed difference). */
export interface TotalsDelta {
  totalPoints: number;
  voteCount: number;
  firstCount: number;
  secondCount: number;
  thirdCount: number;
}

/**
 * Moves the running totals of several propositions in one statement: per column, a CASE picks each
 * proposition's difference. (The topic row is locked first on PostgreSQL, so the order in which
 * this statement locks the proposition rows cannot deadlock against another vote on the topic.)
 */
export async function applyPropositionDeltas(
  db: Executor,
  deltas: ReadonlyMap<number, TotalsDelta>,
): Promise<void> {
  const changed = [...deltas].filter(([, delta]) => Object.values(delta).some((value) => value !== 0));
  if (changed.length === 0) return;
  // The casts type the parameters for PostgreSQL, which cannot infer them inside a CASE.
  const differenceOf = (column: keyof TotalsDelta) =>
    sql<number>`case id ${sql.join(
      changed.map(([id, delta]) => sql`when ${id} then cast(${delta[column]} as integer)`),
      sql` `,
    )} else 0 end`;
  await db
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
    )
    .execute();
}

export async function applyTopicVotersDelta(db: Executor, topicId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('topics')
    .set((eb) => ({ vote_count: eb('vote_count', '+', delta) }))
    .where('id', '=', topicId)
    .execute();
}

/** The ranking as the browse module reads it (GET /api/search/rankings/topic/{topicId}). */
export function findRanking(db: Executor, topicId: number): Promise<RankingEntryDto[]> {
  return new TopicsRepository(db).ranking(topicId, RANKING_LIMIT_MAX);
}
