import type { Executor } from '../../db/executor.js';

/** A held proposal with its topic and author, as the review queue lists it. */
export interface HeldProposalRow {
  id: number;
  name: string;
  total_points: number;
  vote_count: number;
  created_at: string;
  topic_id: number;
  topic_slug: string;
  topic_title: string;
  proposed_by: string | null;
}

/**
 * The SQL of the review queue (issue 34): propositions held for review (`listed_at` is null) of every
 * topic, read through the partial index propositions_held (migration 0025).
 */
export class ProposalsRepository {
  constructor(private readonly db: Executor) {}

  /** The held proposals, oldest first; of one topic when given. */
  held(topicId?: number): Promise<HeldProposalRow[]> {
    let query = this.db
      .selectFrom('propositions as p')
      .innerJoin('topics as t', 't.id', 'p.topic_id')
      .leftJoin('users as u', 'u.id', 'p.created_by')
      .select([
        'p.id',
        'p.name',
        'p.total_points',
        'p.vote_count',
        'p.created_at',
        't.id as topic_id',
        't.slug as topic_slug',
        't.title as topic_title',
        'u.username as proposed_by',
      ])
      .where('p.listed_at', 'is', null);
    if (topicId !== undefined) query = query.where('p.topic_id', '=', topicId);
    return query.orderBy('p.created_at').orderBy('p.id').execute();
  }

  async heldCount(): Promise<number> {
    const row = await this.db
      .selectFrom('propositions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('listed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A held proposal's topic, or undefined when it is no proposal held (gone, or listed already). */
  async topicOfHeld(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('propositions')
      .select('topic_id')
      .where('id', '=', id)
      .where('listed_at', 'is', null)
      .executeTakeFirst();
    return row?.topic_id;
  }

  /** The names of the topic's listed propositions, for the queue's candidates to merge into. */
  listedNames(topicIds: readonly number[]) {
    if (topicIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('propositions')
      .select(['id', 'name', 'topic_id'])
      .where('topic_id', 'in', [...topicIds])
      .where('listed_at', 'is not', null)
      .orderBy('total_points', 'desc')
      .orderBy('id')
      .execute();
  }
}
