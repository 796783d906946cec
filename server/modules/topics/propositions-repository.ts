import { findTwin } from '../../../common/text/twin-names.js';
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
  /** When it joins the public ranking: its creation, or null for a proposal held for review. */
  listedAt: string | null;
}

/** A proposition a typed name lands on; `held` while it is a proposal awaiting review. */
export interface FoundProposition {
  id: number;
  name: string;
  held: boolean;
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
      .select([
        'id',
        'topic_id',
        'name',
        'name_key',
        'total_points',
        'vote_count',
        'created_at',
        'created_by',
        'listed_at',
      ])
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
  async findByKeys(topicId: number, keys: readonly string[]): Promise<Map<string, FoundProposition>> {
    if (keys.length === 0) return new Map();
    const rows = await propositionsByKeys(this.db, { topicId, keys: [...keys] });
    return new Map(
      rows.map((row) => [row.name_key, { id: row.id, name: row.name, held: row.listed_at === null }]),
    );
  }

  /**
   * Every name the topic's propositions answer to, each with its proposition's id and own name: their
   * names, oldest first, then the aliases merges left them.
   */
  async namesOf(topicId: number): Promise<(FoundProposition & { answersTo: string })[]> {
    const own = await this.db
      .selectFrom('propositions')
      .select(['id', 'name', 'listed_at'])
      .where('topic_id', '=', topicId)
      .orderBy('id')
      .execute();
    const aliases = await this.db
      .selectFrom('proposition_aliases as a')
      .innerJoin('propositions as p', 'p.id', 'a.proposition_id')
      .select(['p.id', 'p.name', 'p.listed_at', 'a.name as alias'])
      .where('a.topic_id', '=', topicId)
      .orderBy('a.id')
      .execute();
    return [
      ...own.map((row) => ({
        id: row.id,
        name: row.name,
        held: row.listed_at === null,
        answersTo: row.name,
      })),
      ...aliases.map((row) => ({
        id: row.id,
        name: row.name,
        held: row.listed_at === null,
        answersTo: row.alias,
      })),
    ];
  }

  /**
   * For each typed name, the proposition of the topic it would split points with, if any
   * (common/text/twin-names.ts): one that answers to the same key or spelling (an alias included), or
   * the only one a slip away. `except` leaves one proposition out (the one being renamed).
   */
  async findTwins(
    topicId: number,
    names: readonly string[],
    except?: number,
  ): Promise<Map<string, FoundProposition>> {
    const twins = new Map<string, FoundProposition>();
    if (names.length === 0) return twins;
    const existing = (await this.namesOf(topicId)).filter((proposition) => proposition.id !== except);
    for (const name of names) {
      const twin = findTwin(
        name,
        existing,
        (proposition) => proposition.answersTo,
        (proposition) => proposition.id,
      );
      if (twin) twins.set(name, { id: twin.id, name: twin.name, held: twin.held });
    }
    return twins;
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
        listed_at: proposition.listedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async rename(id: number, name: string, nameKey: string): Promise<void> {
    await this.db.updateTable('propositions').set({ name, name_key: nameKey }).where('id', '=', id).execute();
  }

  /**
   * What `into` keeps of a proposition merged into it, before that one is deleted: its name and its
   * aliases as aliases, the earlier creation and listing times (ballots that could name either could name
   * it; a held proposal's missing listing changes nothing), and an
   * administrator's ownership (a voter's proposition goes with its last vote; an administrator's stays).
   */
  async absorb(
    into: { id: number; created_at: string; listed_at: string | null },
    merged: {
      id: number;
      topic_id: number;
      name: string;
      name_key: string;
      created_at: string;
      created_by: number | null;
      listed_at: string | null;
    },
    at: string,
  ): Promise<void> {
    await this.db
      .updateTable('proposition_aliases')
      .set({ proposition_id: into.id })
      .where('proposition_id', '=', merged.id)
      .execute();
    await this.db
      .insertInto('proposition_aliases')
      .values({
        topic_id: merged.topic_id,
        proposition_id: into.id,
        name: merged.name,
        name_key: merged.name_key,
        created_at: at,
      })
      .onConflict((conflict) => conflict.columns(['topic_id', 'name_key']).doNothing())
      .execute();
    await this.db
      .updateTable('propositions')
      .set({
        // ISO times in one zone: the earlier sorts first.
        created_at: [merged.created_at, into.created_at].sort()[0] as string,
        listed_at: [merged.listed_at, into.listed_at].filter((at) => at !== null).sort()[0] ?? null,
        ...(merged.created_by === null && { created_by: null }),
      })
      .where('id', '=', into.id)
      .execute();
  }

  /** Lists a held proposal from `at`; false when it is no proposal held (gone, or listed already). */
  async approve(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('propositions')
      .set({ listed_at: at })
      .where('id', '=', id)
      .where('listed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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

  /** The propositions a voter created that still exist (a data export). */
  createdBy(userId: number) {
    return this.db
      .selectFrom('propositions')
      .select(['topic_id', 'name', 'created_at', 'listed_at'])
      .where('created_by', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Every creation counted against a voter's limits, with the address it came from (a data export). */
  creationsBy(userId: number) {
    return this.db
      .selectFrom('proposition_creations')
      .select(['topic_id', 'created_at', 'client_address'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
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
    .select(['id', 'name', 'name_key', 'listed_at'])
    .where('topic_id', '=', topicId)
    .where('name_key', 'in', keys),
);
