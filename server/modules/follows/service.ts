import type { FollowStatusDto, MyFollowsData } from '../../../common/api/follows.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import type { AuthUser } from '../auth/guards.js';
import { FollowsRepository } from './repository.js';

/**
 * A person's follows of topics and main topics (issue 39, part 1). Following changes nothing derived yet:
 * the writes record nothing on their change set.
 */
export class FollowsService {
  constructor(private readonly ctx: AppContext) {}

  /** 404 for an unknown topic, and for an inactive one unless the caller is an administrator. */
  private async requireTopic(db: Executor, caller: AuthUser, topicId: number): Promise<void> {
    const topic = await new FollowsRepository(db).topic(topicId);
    if (!topic || (topic.is_active !== 1 && !caller.isAdmin)) throw errors.notFound('Topic');
  }

  async status(caller: AuthUser, topicId: number): Promise<FollowStatusDto> {
    await this.requireTopic(this.ctx.db, caller, topicId);
    return statusOf(new FollowsRepository(this.ctx.db), caller.id, topicId);
  }

  /** Follows (`following` true) or unfollows the topic; doing it twice changes nothing more. */
  set(caller: AuthUser, topicId: number, following: boolean): Promise<FollowStatusDto> {
    return this.ctx.changes.transaction(async (trx, change) => {
      await this.requireTopic(trx, caller, topicId);
      const follows = new FollowsRepository(trx);
      if (following) await follows.follow(caller.id, topicId, change.at);
      else await follows.unfollow(caller.id, topicId, change.at);
      return statusOf(follows, caller.id, topicId);
    });
  }

  async setFollowVotedTopics(userId: number, on: boolean): Promise<{ followVotedTopics: boolean }> {
    await this.ctx.changes.transaction((trx) => new FollowsRepository(trx).setFollowsVotedTopics(userId, on));
    return { followVotedTopics: on };
  }

  /** What the caller follows, titled in `language`. */
  async mine(
    userId: number,
    options: { language: Language; limit: number; offset: number },
  ): Promise<MyFollowsData> {
    const follows = new FollowsRepository(this.ctx.db);
    const [{ page, total }, followVotedTopics] = await Promise.all([
      follows.pageOfUser(userId, options),
      follows.followsVotedTopics(userId),
    ]);
    const ids = page.map((row) => Number(row.topic_id));
    const topics = await follows.topics(ids);
    const texts = await this.ctx.texts.picker('topic', ids, options.language);
    const topicById = new Map(topics.map((topic) => [topic.id, topic]));
    return {
      total,
      followVotedTopics,
      topics: page.flatMap((row) => {
        const topic = topicById.get(Number(row.topic_id));
        if (!topic) return [];
        return [
          {
            id: topic.id,
            slug: topic.slug,
            title: texts.pick(topic.id, 'title', { text: topic.title, language: topic.language }),
            isMain: topic.is_main === 1,
            reason: row.reason,
            since: String(row.since),
          },
        ];
      }),
    };
  }
}

async function statusOf(
  follows: FollowsRepository,
  userId: number,
  topicId: number,
): Promise<FollowStatusDto> {
  const reason = await follows.reason(userId, topicId);
  return { topicId, following: reason !== null, reason };
}
