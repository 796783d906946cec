import type { RejectionReason } from '../../../common/api/proposals.js';
import type { Executor } from '../../db/executor.js';

/** What a notice says, for each voter whose ballot an administrator's decision changed. */
export type NewBallotNotice =
  | { kind: 'rejected'; propositionName: string; reason: RejectionReason; note: string | null }
  | { kind: 'merged'; propositionName: string; intoName: string };

/**
 * The notices voters are shown about their ballots (issue 34): written in the transaction of the
 * administrator's decision that changed the ballot, kept until the voter dismisses them.
 */
export class BallotNoticesRepository {
  constructor(private readonly db: Executor) {}

  async add(topicId: number, userIds: readonly number[], notice: NewBallotNotice, at: string): Promise<void> {
    if (userIds.length === 0) return;
    const row = {
      topic_id: topicId,
      kind: notice.kind,
      proposition_name: notice.propositionName,
      reason: notice.kind === 'rejected' ? notice.reason : null,
      note: notice.kind === 'rejected' ? notice.note : null,
      into_name: notice.kind === 'merged' ? notice.intoName : null,
      created_at: at,
    };
    await this.db
      .insertInto('ballot_notices')
      .values(userIds.map((userId) => ({ ...row, user_id: userId })))
      .execute();
  }

  /** Every notice a voter has not dismissed, on any topic (a data export). */
  allOf(userId: number) {
    return this.db
      .selectFrom('ballot_notices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  of(userId: number, topicId: number) {
    return this.db
      .selectFrom('ballot_notices')
      .selectAll()
      .where('user_id', '=', userId)
      .where('topic_id', '=', topicId)
      .orderBy('id')
      .execute();
  }

  /** Returns how many there were. */
  async dismiss(userId: number, topicId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('ballot_notices')
      .where('user_id', '=', userId)
      .where('topic_id', '=', topicId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
