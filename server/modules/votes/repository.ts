import { type QueryCreator, sql } from 'kysely';
import type { ProposalPolicy } from '../../../common/api/settings.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { executePrepared, statement } from '../../db/prepared-statements.js';
import type { BallotState, Database } from '../../db/schema.js';
import { type BallotDelta, type Places, pointsOf, type TotalsDelta } from '../rankings/tallies.js';

export interface LockedTopic {
  id: number;
  isActive: boolean;
  isMain: boolean;
  /** The hub a sub-topic belongs to, else null. */
  mainTopicId: number | null;
  /** The topic's own proposal policy (issue 34); null follows the global setting. */
  proposalPolicy: ProposalPolicy | null;
}

/** The caller's ballot on a topic as a change starts from it. */
export interface CurrentBallot {
  id: number;
  version: number;
  state: BallotState;
  places: Places;
  /** Who created each proposition of its places (null: an administrator). */
  createdBy: Map<number, number | null>;
}

/**
 * Everything one ballot writes: a new version becomes current, the votes table takes its places, and the
 * totals move by the difference.
 */
export interface BallotWrite {
  topicId: number;
  userId: number;
  /** The caller's ballot on the topic; undefined before their first, which creates it. */
  ballotId: number | undefined;
  /** The version appended: 1 for the caller's first ballot on the topic. */
  version: number;
  cause: 'vote' | 'withdrawal';
  places: Places;
  /** Whether it counts from this version on (counting-rules.ts): held and quarantined ones move no total. */
  state: BallotState;
  /** The network it was cast from (network.ts); null for a withdrawal. Kept 30 days. */
  network: string | null;
  /** True when the caller has votes on the topic to delete first. */
  replaces: boolean;
  castAt: string;
  delta: BallotDelta;
  /** The hub (main topic) of an active sub-topic, whose count of ballots moves with the topic's; else null. */
  hubId: number | null;
}

/** What a ballot's write returns: the ballot's id and the new vote rows. */
export interface WrittenBallot {
  ballotId: number;
  votes: { id: number; proposition_id: number }[];
}

/**
 * Every line of SQL about votes, and a ballot's write: a new version of the caller's ballot becomes current,
 * its places replace the caller's votes, and the running totals of the propositions, of the topic and of its
 * hub move by the difference, in the same statement on PostgreSQL (one round trip per ballot).
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
    const read = this.kind === 'postgres' ? topicForVoteLocked : topicForVote;
    const [row] = await read(this.db, { id: topicId });
    return (
      row && {
        id: row.id,
        isActive: row.is_active === 1,
        isMain: row.is_main === 1,
        mainTopicId: row.main_topic_id,
        proposalPolicy: row.proposal_policy,
      }
    );
  }

  /** The topic's number of voters, as its running total holds it. */
  async voterCount(topicId: number): Promise<number> {
    const row = await this.db
      .selectFrom('topics')
      .select('vote_count')
      .where('id', '=', topicId)
      .executeTakeFirstOrThrow();
    return Number(row.vote_count);
  }

  /** The caller's votes on the topic with their propositions' names, best place first. */
  async ofUserOnTopic(topicId: number, userId: number) {
    return this.db
      .selectFrom('votes as v')
      .innerJoin('propositions as p', 'p.id', 'v.proposition_id')
      .select(['v.id', 'v.points', 'v.user_id', 'v.proposition_id', 'p.name', 'p.listed_at'])
      .where('v.topic_id', '=', topicId)
      .where('v.user_id', '=', userId)
      .orderBy('v.points', 'desc')
      .execute();
  }

  /**
   * The caller's ballot on the topic (undefined before their first), its current places (the ballot row's
   * copy, written with the votes table's rows) and who created their propositions: one statement. Each
   * creator is a subquery by primary key: SQLite ran the same read as a join through the votes table at
   * 23 to 34 us a lookup, against 3.5 us so, and a vote makes one.
   */
  async currentBallot(topicId: number, userId: number): Promise<CurrentBallot | undefined> {
    const [row] = await currentBallotRead(this.db, { topicId, userId });
    if (!row) return undefined;
    const createdBy = new Map<number, number | null>();
    for (const [id, by] of [
      [row.first_id, row.first_by],
      [row.second_id, row.second_by],
      [row.third_id, row.third_by],
    ] as const) {
      if (id !== null) createdBy.set(id, by);
    }
    return {
      id: row.id,
      version: row.version,
      state: row.state,
      places: { first: row.first_id, second: row.second_id, third: row.third_id },
      createdBy,
    };
  }

  /**
   * The topics a user voted on, most recently voted first (a page of them and how many in all), each
   * topic's row and the user's votes on them.
   */
  /** The counting state of a voter's ballot on a topic; undefined before their first. */
  async ballotStateOf(topicId: number, userId: number): Promise<BallotState | undefined> {
    const row = await this.db
      .selectFrom('ballots')
      .select('state')
      .where('topic_id', '=', topicId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.state;
  }

  /** The topics where a voter's ballot holds places, in id order (the order their locks are taken in). */
  async topicsVotedOnBy(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('votes')
      .select('topic_id')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('topic_id')
      .execute();
    return rows.map((row) => row.topic_id);
  }

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
        .select(['v.topic_id', 'v.points', 'p.name', 'p.listed_at'])
        .where('v.user_id', '=', userId)
        .where('v.topic_id', 'in', topicIds)
        .orderBy('v.points', 'desc')
        .execute(),
    ]);
    return { page, total: Number(total.n), topics, votes };
  }

  /**
   * Saves a ballot's new version: the caller holds the topic lock and computed the differences from the
   * version it replaces. On PostgreSQL it is one statement, since a round trip there costs more than the
   * statement's work; on SQLite it is the same statements in sequence.
   */
  async writeBallot(ballot: BallotWrite): Promise<WrittenBallot> {
    const totals = totalsChanges(ballot.delta.propositions);
    const voters = votersChange(ballot);
    const votes = pointsOf(ballot.places);
    if (this.kind === 'postgres') return this.writeAsOneStatement(ballot, votes, totals, voters);
    const row = ballotRow(ballot);
    if (ballot.replaces) await userVotesDeleteStatement(this.db, row);
    const inserted =
      votes.length === 0
        ? []
        : await votesInsertStatement(this.db, {
            userId: ballot.userId,
            topicId: ballot.topicId,
            castAt: ballot.castAt,
            propositionIds: votes.map(([id]) => id),
            points: votes.map(([, points]) => points),
          });
    if (totals) await totalsUpdateStatement(this.db, totals);
    if (voters) await votersUpdateStatement(this.db, voters);
    let id = ballot.ballotId;
    if (id === undefined) [{ id }] = (await ballotInsertStatement(this.db, row)) as [{ id: number }];
    else await ballotUpdateStatement(this.db, { ...row, id });
    await versionInsertStatement(this.db, { ...row, id, cause: ballot.cause, network: ballot.network });
    return { ballotId: id, votes: inserted };
  }

  /**
   * The PostgreSQL form of writeBallot: the votes' delete and insert, both total updates, the ballot's
   * insert or update and its version's insert in one statement (WITH clauses), run as a prepared statement.
   */
  private async writeAsOneStatement(
    ballot: BallotWrite,
    votes: readonly (readonly [number, number])[],
    totals: TotalsChanges | undefined,
    voters: VotersChange | undefined,
  ): Promise<WrittenBallot> {
    const integer = (value: number | null) => sql`cast(${value} as integer)`;
    const row = ballotRow(ballot);
    const ballotId = ballot.ballotId;
    let statement = this.db
      .with('deleted', (db) => userVotesDelete(db, row).returning('id'))
      .with('ballot', (db) =>
        ballotId === undefined
          ? ballotInsert(db, row).returning('id')
          : ballotUpdate(db, { ...row, id: ballotId }).returning('id'),
      );
    if (totals) {
      statement = statement.with('totals', (db) =>
        propositionTotalsUpdate(db, totals).returning('id'),
      ) as typeof statement;
    }
    if (voters) {
      statement = statement.with('voters', (db) =>
        topicVotersUpdate(db, voters).returning('id'),
      ) as typeof statement;
    }
    const withVersion = statement.with('version', (db) =>
      db
        .insertInto('ballot_versions')
        .columns(['ballot_id', 'version', 'cast_at', 'cause', 'first_id', 'second_id', 'third_id', 'network'])
        .expression(
          sql`select id, ${integer(ballot.version)}, ${ballot.castAt}, ${ballot.cause}, ${integer(ballot.places.first)},
              ${integer(ballot.places.second)}, ${integer(ballot.places.third)}, cast(${ballot.network} as varchar) from ballot`,
        )
        .returning('ballot_id'),
    );
    // A withdrawal ends on the version: PostgreSQL runs every data-modifying WITH clause, read or not.
    if (votes.length === 0) {
      const [row] = await executePrepared(this.db, withVersion.selectFrom('version').select('ballot_id'));
      return { ballotId: (row as { ballot_id: number }).ballot_id, votes: [] };
    }
    const rows = sql.join(
      votes.map(([propositionId, points]) => sql`(${integer(propositionId)}, ${integer(points)})`),
    );
    // The insert reads from `deleted`, so PostgreSQL finishes the delete before inserting: the unique
    // places of the new votes would otherwise meet the old rows still standing.
    const insert = withVersion
      .insertInto('votes')
      .columns(['user_id', 'topic_id', 'proposition_id', 'points', 'created_at'])
      .expression(
        sql`select ${integer(ballot.userId)}, ${integer(ballot.topicId)}, v.proposition_id, v.points, ${ballot.castAt}
            from (values ${rows}) as v(proposition_id, points)
            where (select count(*) from deleted) >= 0`,
      )
      .returning(['id', 'proposition_id', sql<number>`(select ballot_id from version)`.as('ballot_id')]);
    const inserted = await executePrepared(this.db, insert);
    return {
      ballotId: (inserted[0] as { ballot_id: number }).ballot_id,
      votes: inserted.map((row) => ({ id: row.id, proposition_id: row.proposition_id })),
    };
  }
}

/** A ballot's write as the values its statements take (see `statement`). */
type BallotRow = {
  topicId: number;
  userId: number;
  version: number;
  state: BallotState;
  castAt: string;
  first: number | null;
  second: number | null;
  third: number | null;
};

function ballotRow(ballot: BallotWrite): BallotRow {
  return {
    topicId: ballot.topicId,
    userId: ballot.userId,
    version: ballot.version,
    state: ballot.state,
    castAt: ballot.castAt,
    ...ballot.places,
  };
}

/** The topic a vote is for; `topicForVoteLocked` keeps its row locked (PostgreSQL). */
const topicForVote = statement((db, { id }: { id: number }) => topicForVoteRead(db, id));
const topicForVoteLocked = statement((db, { id }: { id: number }) => topicForVoteRead(db, id).forUpdate());

function topicForVoteRead(db: QueryCreator<Database>, id: number) {
  return db
    .selectFrom('topics')
    .select(['id', 'is_active', 'is_main', 'main_topic_id', 'proposal_policy'])
    .where('id', '=', id);
}

/** The voter's ballot on the topic, its current places and, by primary key, who created each. */
const currentBallotRead = statement((db, { topicId, userId }: { topicId: number; userId: number }) =>
  db
    .selectFrom('ballots as b')
    .select((eb) => {
      const creatorOf = (place: 'b.first_id' | 'b.second_id' | 'b.third_id') =>
        eb.selectFrom('propositions as p').select('p.created_by').whereRef('p.id', '=', place);
      return [
        'b.id',
        'b.version',
        'b.state',
        'b.first_id',
        'b.second_id',
        'b.third_id',
        creatorOf('b.first_id').as('first_by'),
        creatorOf('b.second_id').as('second_by'),
        creatorOf('b.third_id').as('third_by'),
      ];
    })
    .where('b.topic_id', '=', topicId)
    .where('b.user_id', '=', userId),
);

/** The caller's first ballot on the topic, created with its first version current. */
function ballotInsert(db: QueryCreator<Database>, row: BallotRow) {
  return db.insertInto('ballots').values({
    topic_id: row.topicId,
    user_id: row.userId,
    first_cast_at: row.castAt,
    version: row.version,
    state: row.state,
    updated_at: row.castAt,
    voted_at: row.castAt,
    ...currentPlaces(row),
  });
}

/** A ballot row's copy of its current version's places (migration 0021). */
function currentPlaces(places: Pick<BallotRow, 'first' | 'second' | 'third'>) {
  return { first_id: places.first, second_id: places.second, third_id: places.third };
}

/**
 * The caller's ballot made to point at its new version, by its id (read with the current ballot, under the
 * topic's lock): cheaper than an upsert, which would look the voter's ballot up again.
 */
function ballotUpdate(db: QueryCreator<Database>, row: BallotRow & { id: number }) {
  return db
    .updateTable('ballots')
    .set({
      version: row.version,
      state: row.state,
      updated_at: row.castAt,
      voted_at: row.castAt,
      ...currentPlaces(row),
    })
    .where('id', '=', row.id);
}

function userVotesDelete(db: QueryCreator<Database>, ballot: { topicId: number; userId: number }) {
  return db.deleteFrom('votes').where('topic_id', '=', ballot.topicId).where('user_id', '=', ballot.userId);
}

/** SQLite's statements of a ballot's write, one at a time (PostgreSQL's are one, in writeAsOneStatement). */
const userVotesDeleteStatement = statement((db, row: BallotRow) => userVotesDelete(db, row));
const ballotInsertStatement = statement((db, row: BallotRow) => ballotInsert(db, row).returning('id'));
const ballotUpdateStatement = statement((db, row: BallotRow & { id: number }) => ballotUpdate(db, row));
const versionInsertStatement = statement(
  (db, row: BallotRow & { id: number; cause: BallotWrite['cause']; network: string | null }) =>
    db.insertInto('ballot_versions').values({
      ballot_id: row.id,
      version: row.version,
      cast_at: row.castAt,
      cause: row.cause,
      network: row.network,
      ...currentPlaces(row),
    }),
);
const votesInsertStatement = statement(
  (
    db,
    row: { userId: number; topicId: number; castAt: string; propositionIds: number[]; points: number[] },
  ) =>
    db
      .insertInto('votes')
      .values(
        row.propositionIds.map((propositionId, i) => ({
          user_id: row.userId,
          topic_id: row.topicId,
          proposition_id: propositionId,
          points: row.points[i] as number,
          created_at: row.castAt,
        })),
      )
      .returning(['id', 'proposition_id']),
);
const totalsUpdateStatement = statement((db, changes: TotalsChanges) => propositionTotalsUpdate(db, changes));
const votersUpdateStatement = statement((db, change: VotersChange) => topicVotersUpdate(db, change));

/** The propositions whose running totals a ballot moves, and each column's difference, in the same order. */
type TotalsChanges = { ids: number[] } & Record<keyof TotalsDelta, number[]>;

const TOTALS_COLUMNS = ['totalPoints', 'voteCount', 'firstCount', 'secondCount', 'thirdCount'] as const;

function totalsChanges(deltas: ReadonlyMap<number, TotalsDelta>): TotalsChanges | undefined {
  const changed = [...deltas].filter(([, delta]) => Object.values(delta).some((value) => value !== 0));
  if (changed.length === 0) return undefined;
  const changes = { ids: changed.map(([id]) => id) } as TotalsChanges;
  for (const column of TOTALS_COLUMNS) changes[column] = changed.map(([, delta]) => delta[column]);
  return changes;
}

/**
 * Moves the running totals of several propositions in one statement: per column, a CASE picks each
 * proposition's difference. (The topic row is locked first on PostgreSQL, so the order in which
 * this statement locks the proposition rows cannot deadlock against another vote on the topic.)
 */
function propositionTotalsUpdate(db: QueryCreator<Database>, changes: TotalsChanges) {
  // The casts type the parameters for PostgreSQL, which cannot infer them inside a CASE.
  const differenceOf = (column: keyof TotalsDelta) =>
    sql<number>`case id ${sql.join(
      changes.ids.map((id, i) => sql`when ${id} then cast(${changes[column][i]} as integer)`),
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
    .where('id', 'in', changes.ids);
}

/** The topics whose count of voters a ballot moves (the topic, and its hub's count of ballots on sub-topics). */
type VotersChange = { ids: number[]; delta: number };

function votersChange(ballot: BallotWrite): VotersChange | undefined {
  if (ballot.delta.voters === 0) return undefined;
  return {
    ids: [ballot.topicId, ...(ballot.hubId === null ? [] : [ballot.hubId])],
    delta: ballot.delta.voters,
  };
}

/** The topic's voters, and its hub's count of ballots on its sub-topics, move by the same difference. */
function topicVotersUpdate(db: QueryCreator<Database>, change: VotersChange) {
  return db
    .updateTable('topics')
    .set((eb) => ({ vote_count: eb('vote_count', '+', change.delta) }))
    .where('id', 'in', change.ids);
}
