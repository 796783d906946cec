import { type ExpressionBuilder, sql } from 'kysely';
import type { FollowReason } from '../../../common/api/follows.js';
import type { Executor } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';

/** A ballot that holds at least one place: one withdrawn (every place empty) follows nothing. */
const holdsPlaces = (eb: ExpressionBuilder<Database & { b: Database['ballots'] }, 'b'>) =>
  eb.or([
    eb('b.first_id', 'is not', null),
    eb('b.second_id', 'is not', null),
    eb('b.third_id', 'is not', null),
  ]);

/** A followed topic of one person, as their list shows it. */
export interface FollowRow {
  topic_id: number;
  since: string;
  reason: FollowReason;
}

/**
 * Who follows which topic (docs/decisions/031-follows.md), defined here and nowhere else. A person follows a
 * topic when they chose to (`topic_follows.following` 1), or when they hold a ballot with a place on it,
 * their `follow_voted_topics` is on, and they did not unfollow it (a row with `following` 0). A main topic
 * has no ballots, so it is only ever followed explicitly. Deactivated accounts follow nothing.
 */
export class FollowsRepository {
  constructor(private readonly db: Executor) {}

  /** Every active account following `topicId`, ascending: whom the notifications of a topic reach. */
  async followers(topicId: number): Promise<number[]> {
    const explicit = this.db
      .selectFrom('topic_follows as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('f.user_id as user_id')
      .where('f.topic_id', '=', topicId)
      .where('f.following', '=', 1)
      .where('u.is_active', '=', 1);
    // No row of their own at all: a row says following (counted above) or unfollowed (left out).
    const byVote = this.db
      .selectFrom('ballots as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select('b.user_id as user_id')
      .where('b.topic_id', '=', topicId)
      .where('u.follow_voted_topics', '=', 1)
      .where('u.is_active', '=', 1)
      .where(holdsPlaces)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('topic_follows as f')
              .select('f.user_id')
              .whereRef('f.user_id', '=', 'b.user_id')
              .where('f.topic_id', '=', topicId),
          ),
        ),
      );
    const rows = await explicit.unionAll(byVote).execute();
    return rows.map((row) => Number(row.user_id)).sort((a, b) => a - b);
  }

  /** Whether `userId` follows `topicId`, and why (null: not following). */
  async reason(userId: number, topicId: number): Promise<FollowReason | null> {
    const own = await this.db
      .selectFrom('topic_follows')
      .select('following')
      .where('user_id', '=', userId)
      .where('topic_id', '=', topicId)
      .executeTakeFirst();
    if (own) return own.following === 1 ? 'explicit' : null;
    return (await this.followsVotedTopics(userId)) && (await this.holdsBallot(userId, topicId))
      ? 'vote'
      : null;
  }

  /** Whether `userId` holds a ballot with a place on `topicId`. */
  private async holdsBallot(userId: number, topicId: number): Promise<boolean> {
    const ballot = await this.db
      .selectFrom('ballots as b')
      .select('b.id')
      .where('b.user_id', '=', userId)
      .where('b.topic_id', '=', topicId)
      .where(holdsPlaces)
      .executeTakeFirst();
    return ballot !== undefined;
  }

  /** The active topics `userId` follows, the latest follow first, and how many there are. */
  async pageOfUser(userId: number, { limit, offset }: { limit: number; offset: number }) {
    const explicit = this.db
      .selectFrom('topic_follows as f')
      .innerJoin('topics as t', 't.id', 'f.topic_id')
      .select(['f.topic_id as topic_id', 'f.created_at as since', sql<FollowReason>`'explicit'`.as('reason')])
      .where('f.user_id', '=', userId)
      .where('f.following', '=', 1)
      .where('t.is_active', '=', 1);
    const byVote = this.db
      .selectFrom('ballots as b')
      .innerJoin('topics as t', 't.id', 'b.topic_id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.topic_id as topic_id', 'b.first_cast_at as since', sql<FollowReason>`'vote'`.as('reason')])
      .where('b.user_id', '=', userId)
      .where('u.follow_voted_topics', '=', 1)
      .where('t.is_active', '=', 1)
      .where(holdsPlaces)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('topic_follows as f')
              .select('f.topic_id')
              .where('f.user_id', '=', userId)
              .whereRef('f.topic_id', '=', 'b.topic_id'),
          ),
        ),
      );
    const all = () => this.db.selectFrom(explicit.unionAll(byVote).as('follows'));
    const [page, total] = await Promise.all([
      all()
        .selectAll()
        .orderBy('since', 'desc')
        .orderBy('topic_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      all()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { page: page as FollowRow[], total: Number(total.n) };
  }

  /** Follows `topicId` explicitly; a follow already there keeps its date. */
  follow(userId: number, topicId: number, at: string): Promise<void> {
    return this.choose(userId, topicId, 1, at);
  }

  /**
   * Stops following `topicId`. Over a ballot of theirs the unfollow is kept as a row (it outlives the
   * switch and later votes); otherwise there is nothing to remember and the row goes.
   */
  async unfollow(userId: number, topicId: number, at: string): Promise<void> {
    if (await this.holdsBallot(userId, topicId)) return this.choose(userId, topicId, 0, at);
    await this.db
      .deleteFrom('topic_follows')
      .where('user_id', '=', userId)
      .where('topic_id', '=', topicId)
      .execute();
  }

  /** Writes the person's choice; the same choice again keeps its date (PUT and DELETE are idempotent). */
  private async choose(userId: number, topicId: number, following: 0 | 1, at: string): Promise<void> {
    await this.db
      .insertInto('topic_follows')
      .values({ user_id: userId, topic_id: topicId, following, created_at: at })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'topic_id'])
          .doUpdateSet({ following, created_at: at })
          .where('topic_follows.following', '<>', following),
      )
      .execute();
  }

  /** The one column that says who may follow a topic (an inactive one: administrators only). */
  topic(topicId: number) {
    return this.db.selectFrom('topics').select('is_active').where('id', '=', topicId).executeTakeFirst();
  }

  /** What the list shows of each followed topic. */
  async topics(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('topics')
      .select(['id', 'slug', 'title', 'language', 'is_main'])
      .where('id', 'in', ids)
      .execute();
  }

  async followsVotedTopics(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('follow_voted_topics')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.follow_voted_topics === 1;
  }

  async setFollowsVotedTopics(userId: number, on: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ follow_voted_topics: on ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }
}
