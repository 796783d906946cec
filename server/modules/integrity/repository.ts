import { sql } from 'kysely';
import type { BurstKind } from '../../../common/api/integrity.js';
import type { Executor } from '../../db/executor.js';

/** A flag as the detector finds it again, to extend it rather than raise a second one. */
export interface StoredFlag {
  id: number;
  first_cast_at: string;
  last_cast_at: string;
}

/**
 * Every line of SQL of the integrity screen (issue 36): the recent ballots the burst detector reads, the
 * flags it keeps, a topic's timeline, a person's ballots, and the networks forgotten after 30 days.
 */
export class IntegrityRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Counted ballots whose current version was cast after `since` and still carries its network (every
   * recent vote does): read through the partial index of versions that hold one, oldest first.
   */
  recentBallots(since: string, limit: number) {
    return this.db
      .selectFrom('ballot_versions as v')
      .innerJoin('ballots as b', (join) =>
        join.onRef('b.id', '=', 'v.ballot_id').onRef('b.version', '=', 'v.version'),
      )
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.topic_id',
        'b.first_id',
        'b.second_id',
        'b.third_id',
        'v.cast_at',
        'v.network',
        'u.created_at as account_created_at',
      ])
      .where('v.network', 'is not', null)
      .where('v.cast_at', '>', since)
      .where('b.state', '=', 'counted')
      .orderBy('v.cast_at')
      .limit(limit)
      .execute();
  }

  /** The latest flag of this kind on the proposition (and network) not dismissed and last fed after `after`. */
  findRecentFlag(
    burst: { topicId: number; propositionId: number; kind: BurstKind; network: string | null },
    after: string,
  ) {
    let query = this.db
      .selectFrom('burst_flags')
      .select(['id', 'first_cast_at', 'last_cast_at'])
      .where('topic_id', '=', burst.topicId)
      .where('proposition_id', '=', burst.propositionId)
      .where('kind', '=', burst.kind)
      .where('dismissed_at', 'is', null)
      .where('last_cast_at', '>=', after);
    query =
      burst.network === null
        ? query.where('network', 'is', null)
        : query.where('network', '=', burst.network);
    return query.orderBy('id', 'desc').executeTakeFirst();
  }

  async insertFlag(flag: {
    topicId: number;
    propositionId: number;
    kind: BurstKind;
    network: string | null;
    firstCastAt: string;
    lastCastAt: string;
    createdAt: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('burst_flags')
      .values({
        topic_id: flag.topicId,
        proposition_id: flag.propositionId,
        kind: flag.kind,
        network: flag.network,
        first_cast_at: flag.firstCastAt,
        last_cast_at: flag.lastCastAt,
        created_at: flag.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async widenFlag(id: number, firstCastAt: string, lastCastAt: string): Promise<void> {
    await this.db
      .updateTable('burst_flags')
      .set({ first_cast_at: firstCastAt, last_cast_at: lastCastAt })
      .where('id', '=', id)
      .execute();
  }

  /** Adds ballots to a flag; those it lists already stay once. */
  async addBallots(flagId: number, ballotIds: readonly number[]): Promise<void> {
    // A thousand rows a statement: far below either database's limit of bound values.
    for (let start = 0; start < ballotIds.length; start += 1_000) {
      await this.db
        .insertInto('burst_flag_ballots')
        .values(
          ballotIds.slice(start, start + 1_000).map((ballotId) => ({ flag_id: flagId, ballot_id: ballotId })),
        )
        .onConflict((conflict) => conflict.columns(['flag_id', 'ballot_id']).doNothing())
        .execute();
    }
  }

  /** How many of these ballots the flag lists already. */
  async countHeld(flagId: number, ballotIds: readonly number[]): Promise<number> {
    if (ballotIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('burst_flag_ballots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('flag_id', '=', flagId)
      .where('ballot_id', 'in', [...ballotIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async dismiss(flagId: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('burst_flags')
      .set({ dismissed_at: at })
      .where('id', '=', flagId)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Flags of a topic (or one flag), newest first, with their proposition's name. */
  flags(where: { topicId: number } | { flagId: number }) {
    const query = this.db
      .selectFrom('burst_flags as f')
      .innerJoin('propositions as p', 'p.id', 'f.proposition_id')
      .select([
        'f.id',
        'f.topic_id',
        'f.kind',
        'f.network',
        'f.proposition_id',
        'p.name as proposition_name',
        'f.first_cast_at',
        'f.last_cast_at',
        'f.dismissed_at',
      ]);
    return (
      'topicId' in where
        ? query.where('f.topic_id', '=', where.topicId)
        : query.where('f.id', '=', where.flagId)
    )
      .orderBy('f.last_cast_at', 'desc')
      .orderBy('f.id', 'desc')
      .execute();
  }

  /** The ballots behind these flags, with their voters and states. */
  ballotsOfFlags(flagIds: readonly number[]) {
    if (flagIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('burst_flag_ballots as fb')
      .innerJoin('ballots as b', 'b.id', 'fb.ballot_id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'fb.flag_id',
        'b.id as ballot_id',
        'b.state',
        'b.quarantine_reason',
        'b.voted_at',
        'u.id as user_id',
        'u.username',
        'u.created_at as account_created_at',
        'u.is_active',
      ])
      .where('fb.flag_id', 'in', [...flagIds])
      .orderBy('b.voted_at')
      .orderBy('b.id')
      .execute();
  }

  /** Per topic, its open flags (not dismissed, one of their ballots still counted), latest activity first. */
  openFlagsByTopic() {
    return this.db
      .selectFrom('burst_flags as f')
      .innerJoin('topics as t', 't.id', 'f.topic_id')
      .select((eb) => [
        't.id',
        't.slug',
        't.title',
        't.language',
        eb.fn.countAll<number>().as('open_flags'),
        eb.fn.max('f.last_cast_at').as('last_cast_at'),
      ])
      .where('f.dismissed_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('burst_flag_ballots as fb')
            .innerJoin('ballots as b', 'b.id', 'fb.ballot_id')
            .select('fb.ballot_id')
            .whereRef('fb.flag_id', '=', 'f.id')
            .where('b.state', '=', 'counted'),
        ),
      )
      .groupBy(['t.id', 't.slug', 't.title', 't.language'])
      .orderBy('last_cast_at', 'desc')
      .execute();
  }

  /**
   * A topic's ballots per hour since `from`: cast (by when their voter last cast them) and counted. One
   * range of the standing's index (topic, state, voted_at), whatever the topic's size.
   */
  async timeline(topicId: number, from: string) {
    const hour = sql<string>`substr(voted_at, 1, 13)`;
    const rows = await this.db
      .selectFrom('ballots')
      .select([
        hour.as('hour'),
        (eb) => eb.fn.countAll<number>().as('cast'),
        sql<number>`sum(case when state = 'counted' then 1 else 0 end)`.as('counted'),
      ])
      .where('topic_id', '=', topicId)
      .where('voted_at', '>=', from)
      .where((eb) =>
        eb.or([
          eb('first_id', 'is not', null),
          eb('second_id', 'is not', null),
          eb('third_id', 'is not', null),
        ]),
      )
      .groupBy(hour)
      .orderBy(hour)
      .execute();
    return rows.map((row) => ({ hour: row.hour, cast: Number(row.cast), counted: Number(row.counted) }));
  }

  /** Clears the network of versions cast before `before`, `batch` at a time; answers how many. */
  async forgetNetworks(before: string, batch: number): Promise<number> {
    const result = await sql`update ballot_versions set network = null
      where network is not null and cast_at < ${before}
        and (ballot_id, version) in (select ballot_id, version from ballot_versions
          where network is not null and cast_at < ${before} limit ${batch})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
