import type { PropositionFacts } from '../../changes/events.js';
import type { Executor } from '../../db/executor.js';
import { statement } from '../../db/prepared-statements.js';

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
 * (`proposition_creations`, which the creation limits count), but their ranking (rankings/repository.ts).
 * Their running totals move with a ballot (votes/repository.ts), in the same statement as the votes.
 */
export class PropositionsRepository {
  constructor(private readonly db: Executor) {}

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
    const rows = await propositionsByKeys(this.db, { topicId, keys: [...keys] });
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

const propositionsByKeys = statement((db, { topicId, keys }: { topicId: number; keys: string[] }) =>
  db
    .selectFrom('propositions')
    .select(['id', 'name', 'name_key'])
    .where('topic_id', '=', topicId)
    .where('name_key', 'in', keys),
);
