import type { MyVotesData } from '../../../common/api/profile.js';
import type { Language, VotePoints } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import { VotesRepository } from '../votes/repository.js';

/** One entry per topic a user voted on, most recently voted first, titled in the reader's language. */
export async function myVotes(
  ctx: AppContext,
  userId: number,
  options: { language: Language; limit: number; offset: number },
): Promise<MyVotesData> {
  const { page, total, topics, votes } = await new VotesRepository(ctx.db, ctx.database.kind).pageOfUser(
    userId,
    options,
  );
  const texts = await ctx.texts.picker(
    'topic',
    topics.map((topic) => topic.id),
    options.language,
  );
  const topicById = new Map(topics.map((topic) => [topic.id, topic]));
  return {
    total,
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
            .map((vote) => ({
              itemName: vote.name,
              points: vote.points as VotePoints,
              awaitingReview: vote.listed_at === null,
            })),
        },
      ];
    }),
  };
}
