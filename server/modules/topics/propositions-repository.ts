import { sql } from 'kysely';
import type { PropositionFacts } from '../../changes/events.js';
import type { Executor } from '../../db/executor.js';
import { executePrepared } from '../../db/prepared-statements.js';

/** The columns of a ranking row: a proposition and its running totals. */
export interface RankingRow {
  id: number;
  name: string;
  total_points: number;
  vote_count: number;
  first_count: number;
  second_count: number;
  third_count: number;
}

export interface NewProposition {
  topicId: number;
  name: string;
  nameKey: string;
  createdAt: string;
  /** The voter who created it; none for an administrator's. */
  createdBy?: number;
}

/** Which of the voter's creations to count: theirs, theirs on one topic, or their address's. */
export type CreationScope = { userId: number; topicId?: number } | { clientAddress: string };

/**
 * Every line of SQL about a topic's propositions and the record of who created them
 * (`proposition_creations`, which the creation limits count). Their running totals move with a ballot
 * (votes/repository.ts), in the same statement as the votes.
 */
export class PropositionsRepository {
  constructor(private readonly db: Executor) {}

  /** Propositions in ranking order, read from their running totals (the propositions_ranking index). */
  ranking(topicId: number, limit: number): Promise<RankingRow[]> {
    return this.db
      .selectFrom('propositions')
      .select(['id', 'name', 'total_points', 'vote_count', 'first_count', 'second_count', 'third_count'])
      .where('topic_id', '=', topicId)
      .orderBy('total_points', 'desc')
      .orderBy('vote_count', 'desc')
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  /**
   * The podium of each of these topics: its (at most) three propositions with points, in ranking
   * order (the order of `ranking`), for a hub page's sub-topics in one query.
   */
  async podiums(topicIds: readonly number[]): Promise<Map<number, RankingRow[]>> {
    const podiums = new Map<number, RankingRow[]>();
    if (topicIds.length === 0) return podiums;
    const rows = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('propositions')
          .select([
            'topic_id',
            'id',
            'name',
            'total_points',
            'vote_count',
            'first_count',
            'second_count',
            'third_count',
            sql<number>`row_number() over (partition by topic_id order by total_points desc, vote_count desc, name asc, id asc)`.as(
              'place',
            ),
          ])
          .where('topic_id', 'in', [...topicIds])
          .where('total_points', '>', 0)
          .as('ranked'),
      )
      .selectAll()
      .where('place', '<=', 3)
      .orderBy('topic_id')
      .orderBy('place')
      .execute();
    for (const { topic_id, place: _place, ...row } of rows) {
      const podium = podiums.get(topic_id);
      if (podium) podium.push(row);
      else podiums.set(topic_id, [row]);
    }
    return podiums;
  }

  find(topicId: number, id: number) {
    return this.db
      .selectFrom('propositions')
      .select(['id', 'name', 'name_key', 'total_points', 'vote_count', 'created_by'])
      .where('topic_id', '=', topicId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByKey(topicId: number, nameKey: string) {
    return this.db
      .selectFrom('propositions')
      .select('id')
      .where('topic_id', '=', topicId)
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
  }

  /**
   * Propositions of the topic whose name keys are given, as key -> id and stored name. (A read of its
   * own after the topic lock: joined to the lock, it would read a snapshot taken before the wait, and
   * miss a name that the submission it waited for had just created.)
   */
  async findByKeys(
    topicId: number,
    keys: readonly string[],
  ): Promise<Map<string, { id: number; name: string }>> {
    if (keys.length === 0) return new Map();
    const rows = await executePrepared(
      this.db,
      this.db
        .selectFrom('propositions')
        .select(['id', 'name', 'name_key'])
        .where('topic_id', '=', topicId)
        .where('name_key', 'in', keys),
    );
    return new Map(rows.map((row) => [row.name_key, { id: row.id, name: row.name }]));
  }

  async insert(proposition: NewProposition): Promise<number> {
    const row = await this.db
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

  async rename(id: number, name: string, nameKey: string): Promise<void> {
    await this.db.updateTable('propositions').set({ name, name_key: nameKey }).where('id', '=', id).execute();
  }

  /** Its votes go with it (cascade); the caller then recounts the topic's voters. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('propositions').where('id', '=', id).execute();
  }

  /**
   * A voter's propositions among `ids` that no ballot's current places hold any more (counted or not):
   * they go (administrators' ones stay). Returns those deleted.
   */
  async deleteAbandonedByVoters(ids: readonly number[]): Promise<PropositionFacts[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .deleteFrom('propositions')
      .where('id', 'in', ids)
      .where('created_by', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('votes').select('votes.id').whereRef('votes.proposition_id', '=', 'propositions.id'),
          ),
        ),
      )
      .returning(['id', 'topic_id', 'name', 'created_by'])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      topicId: row.topic_id,
      name: row.name,
      createdBy: row.created_by,
    }));
  }

  /** Creations in the scope since `since`, and the earliest of them (when the count starts to fall). */
  async countCreations(
    scope: CreationScope,
    since: string,
  ): Promise<{ count: number; earliest: string | null }> {
    let query = this.db
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

  async recordCreations(creation: {
    userId: number;
    topicId: number;
    clientAddress: string;
    createdAt: string;
    count: number;
  }): Promise<void> {
    const { userId, topicId, clientAddress, createdAt, count } = creation;
    const row = { user_id: userId, topic_id: topicId, client_address: clientAddress, created_at: createdAt };
    await this.db
      .insertInto('proposition_creations')
      .values(Array.from({ length: count }, () => row))
      .execute();
  }
}
