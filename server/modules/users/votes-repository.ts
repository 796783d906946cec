import type { Kysely } from 'kysely';
import type { MyVotesData } from '../../../common/api/profile.js';
import type { Language, VotePoints } from '../../../common/constants.js';
import type { Database } from '../../db/schema.js';
import type { TextsService } from '../texts/service.js';

/** One entry per topic a user voted on, most recently voted first, with their places on it. */
export async function findVotesOfUser(
  db: Kysely<Database>,
  textsService: TextsService,
  userId: number,
  { language, limit, offset }: { language: Language; limit: number; offset: number },
): Promise<MyVotesData> {
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
  if (topicIds.length === 0) return { topics: [], total: Number(total.n) };

  const [topics, votes, texts] = await Promise.all([
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
    textsService.picker('topic', topicIds, language),
  ]);
  const topicById = new Map(topics.map((topic) => [topic.id, topic]));
  return {
    total: Number(total.n),
    topics: page.flatMap((row) => {
      const topic = topicById.get(row.topic_id);
      if (!topic) return [];
      return [
        {
          id: topic.id,
          slug: topic.slug,
          title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
          isActive: topic.is_active === 1,
          votedAt: String(row.voted_at),
          votes: votes
            .filter((vote) => vote.topic_id === topic.id)
            .map((vote) => ({ itemName: vote.name, points: vote.points as VotePoints })),
        },
      ];
    }),
  };
}
