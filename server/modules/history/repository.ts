import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { MovedBallot, PropositionNow, SnapshotPlace } from './standings.js';

/** A topic range's snapshot to write: a topic's places at the end of a day (none: its ranking became empty). */
export interface NewSnapshot {
  topicId: number;
  day: string;
  places: readonly SnapshotPlace[];
}

/** Rows per insert: far below SQLite's bound parameters, few round trips on PostgreSQL. */
const INSERT_BATCH = 500;

/**
 * The rank history's SQL (migration 0030): snapshots of topics' top 10 by UTC day, and the reads they are
 * computed from (running totals, the ballots cast again since, their versions). Reads and writes work on
 * a range of topic ids, so a run over every topic is a sequence of short transactions.
 */
export class HistoryRepository {
  constructor(private readonly db: Executor) {}

  /** The lowest and highest topic ids (undefined when there is no topic). */
  async topicIdRange(): Promise<{ first: number; last: number } | undefined> {
    const row = await this.db
      .selectFrom('topics')
      .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
      .executeTakeFirst();
    if (row?.first == null || row.last == null) return undefined;
    return { first: Number(row.first), last: Number(row.last) };
  }

  /** The listed propositions of the topics with ids first..last, with their running totals. */
  async propositions(first: number, last: number): Promise<PropositionNow[]> {
    const rows = await this.db
      .selectFrom('propositions')
      .select(['id', 'topic_id', 'listed_at', 'total_points', 'vote_count'])
      .where('topic_id', '>=', first)
      .where('topic_id', '<=', last)
      .where('listed_at', 'is not', null)
      .$narrowType<{ listed_at: string }>()
      .execute();
    return rows.map((row) => ({
      id: row.id,
      topicId: row.topic_id,
      listedAt: row.listed_at,
      totalPoints: Number(row.total_points),
      voteCount: Number(row.vote_count),
    }));
  }

  /**
   * The counted ballots of the topics first..last that their voters cast at or after `since`, each with
   * its current places and every version, oldest first.
   */
  async movedBallots(first: number, last: number, since: string): Promise<MovedBallot[]> {
    const rows = await this.db
      .selectFrom('ballots as b')
      .innerJoin('ballot_versions as v', 'v.ballot_id', 'b.id')
      .select([
        'b.id',
        'b.topic_id',
        'b.first_id',
        'b.second_id',
        'b.third_id',
        'v.cast_at',
        'v.first_id as v_first',
        'v.second_id as v_second',
        'v.third_id as v_third',
      ])
      .where('b.topic_id', '>=', first)
      .where('b.topic_id', '<=', last)
      .where('b.state', '=', 'counted')
      .where('b.voted_at', '>=', since)
      .orderBy('b.id')
      .orderBy('v.version')
      .execute();
    const ballots = new Map<number, MovedBallot & { versions: MovedBallot['versions'][number][] }>();
    for (const row of rows) {
      let ballot = ballots.get(row.id);
      if (!ballot) {
        ballot = {
          topicId: row.topic_id,
          current: { first: row.first_id, second: row.second_id, third: row.third_id },
          versions: [],
        };
        ballots.set(row.id, ballot);
      }
      ballot.versions.push({
        castAt: row.cast_at,
        places: { first: row.v_first, second: row.v_second, third: row.v_third },
      });
    }
    return [...ballots.values()];
  }

  /** The places of each topic's latest snapshot before `day`, for the topics first..last. */
  async latestBefore(first: number, last: number, day: string): Promise<Map<number, SnapshotPlace[]>> {
    const rows = await this.db
      .selectFrom('rank_snapshot_places as p')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('rank_snapshots')
            .select((s) => ['topic_id', s.fn.max('day').as('day')])
            .where('topic_id', '>=', first)
            .where('topic_id', '<=', last)
            .where('day', '<', day)
            .groupBy('topic_id')
            .as('latest'),
        (join) => join.onRef('latest.topic_id', '=', 'p.topic_id').onRef('latest.day', '=', 'p.day'),
      )
      .select(['p.topic_id', 'p.proposition_id', 'p.rank', 'p.total_points'])
      .execute();
    const places = new Map<number, SnapshotPlace[]>();
    for (const row of rows) {
      const list = places.get(row.topic_id) ?? [];
      list.push({ propositionId: row.proposition_id, rank: row.rank, totalPoints: Number(row.total_points) });
      places.set(row.topic_id, list);
    }
    return places;
  }

  /**
   * Replaces the snapshots of the topics first..last on the days from..to with `snapshots`: run again for
   * the same days, it writes the same rows.
   */
  async replace(
    range: { first: number; last: number; from: string; to: string },
    snapshots: readonly NewSnapshot[],
    takenAt: string,
  ): Promise<void> {
    const { first, last, from, to } = range;
    // Their places go with them (on delete cascade, found by their key's first columns).
    await this.db
      .deleteFrom('rank_snapshots')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('topic_id', '>=', first)
      .where('topic_id', '<=', last)
      .execute();
    const heads = snapshots.map((s) => ({ topic_id: s.topicId, day: s.day, taken_at: takenAt }));
    for (let i = 0; i < heads.length; i += INSERT_BATCH)
      await this.db
        .insertInto('rank_snapshots')
        .values(heads.slice(i, i + INSERT_BATCH))
        .execute();
    const places = snapshots.flatMap((s) =>
      s.places.map((p) => ({
        topic_id: s.topicId,
        day: s.day,
        proposition_id: p.propositionId,
        rank: p.rank,
        total_points: p.totalPoints,
      })),
    );
    for (let i = 0; i < places.length; i += INSERT_BATCH)
      await this.db
        .insertInto('rank_snapshot_places')
        .values(places.slice(i, i + INSERT_BATCH))
        .execute();
  }

  /**
   * PostgreSQL's statistics of the history's tables, taken again: the foreign-key checks of each insert
   * are planned from them, and planned on an empty table they scan it (a back-fill went from 100 topics a
   * second to thousands once the tables were analysed).
   */
  async refreshStatistics(): Promise<void> {
    await sql`analyze rank_snapshots`.execute(this.db);
    await sql`analyze rank_snapshot_places`.execute(this.db);
  }

  /**
   * A topic's snapshots that decide its standing on the days from..to: the latest before `from` (its
   * standing on `from` until the next) and those of from..to; each with its places.
   */
  async topicSnapshots(
    topicId: number,
    from: string,
    to: string,
  ): Promise<{ day: string; places: { propositionId: number; rank: number }[] }[]> {
    const base = await this.db
      .selectFrom('rank_snapshots')
      .select((eb) => eb.fn.max('day').as('day'))
      .where('topic_id', '=', topicId)
      .where('day', '<', from)
      .executeTakeFirst();
    const since = base?.day ?? from;
    const [days, places] = await Promise.all([
      this.db
        .selectFrom('rank_snapshots')
        .select('day')
        .where('topic_id', '=', topicId)
        .where('day', '>=', since)
        .where('day', '<=', to)
        .orderBy('day')
        .execute(),
      this.db
        .selectFrom('rank_snapshot_places')
        .select(['day', 'proposition_id', 'rank'])
        .where('topic_id', '=', topicId)
        .where('day', '>=', since)
        .where('day', '<=', to)
        .execute(),
    ]);
    const byDay = new Map(days.map((row) => [row.day, [] as { propositionId: number; rank: number }[]]));
    for (const row of places) byDay.get(row.day)?.push({ propositionId: row.proposition_id, rank: row.rank });
    return [...byDay].map(([day, list]) => ({ day, places: list }));
  }
}
