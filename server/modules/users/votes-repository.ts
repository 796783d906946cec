import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The topics a user voted on, most recently voted first (a page of them and how many in all), each
 * topic's row and the user's votes on them.
 */
export async function findVotesOfUser(
  db: Kysely<Database>,
  userId: number,
  { limit, offset }: { limit: number; offset: number },
) {
  const [page, total] = await Promise.all([
    db
      .selectFrom('votes')
      .select(['topic_id', (eb) => eb.fn.max('created_at').as('voted_at')])
      .where('user_id', '=', userId)
      .groupBy('topic_id')
      .orderBy('voted_at', 'desc')
      .orderBy('topic_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('votes')
      .select((eb) => eb.fn.count<number>('topic_id').distinct().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const topicIds = page.map((row) => row.topic_id);
  if (topicIds.length === 0) return { page, total: Number(total.n), topics: [], votes: [] };
  const [topics, votes] = await Promise.all([
    db
      .selectFrom('topics')
      .select(['id', 'slug', 'title', 'language', 'is_active'])
      .where('id', 'in', topicIds)
      .execute(),
    db
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
