import { sql } from 'kysely';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/api/notifications.js';
import type { DatabaseKind } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { statement } from '../../db/prepared-statements.js';

/** A notification row as the inbox and the streams read it. */
export interface NotificationRow {
  id: number;
  user_id: number;
  kind: string;
  topic_id: number | null;
  facts: string;
  created_at: string;
  updated_at: string;
  read_at: string | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'topic_id',
  'facts',
  'created_at',
  'updated_at',
  'read_at',
] as const;

/** A row still open to the hourly batch: a later event of its kind and topic updates it. */
export interface OpenBatchRow {
  id: number;
  user_id: number;
  facts: string;
}

/** A topic's podium mark: built and compiled once, as building it cost five times SQLite's work on it. */
const markOnePodium = statement((db, mark: { topicId: number; dueAt: string }) =>
  db
    .insertInto('podium_marks')
    .values({ topic_id: mark.topicId, due_at: mark.dueAt, marked_at: mark.dueAt })
    .onConflict((conflict) =>
      conflict
        .column('topic_id')
        .doUpdateSet((eb) => ({ marked_at: eb.ref('excluded.marked_at') }))
        .where('podium_marks.marked_at', '<', (eb) => eb.ref('excluded.marked_at')),
    ),
);

/** The first of the advisory lock keys of the hourly batches (one per kind; the topic is the second key). */
const BATCH_LOCK_SPACE = 390_000;

/** What one statement's `in (...)` lists at most (SQLite's limit of variables is far above it). */
const IN_CHUNK = 500;

function chunksOf<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Every line of SQL of the notifications (docs/decisions/032-notifications.md): the inbox, the hourly batch,
 * the podium each topic's last check saw, the fan-outs' progress and the live streams' tickets.
 */
export class NotificationsRepository {
  constructor(private readonly db: Executor) {}

  // The inbox.

  async page(
    userId: number,
    { limit, offset }: { limit: number; offset: number },
  ): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async counts(userId: number): Promise<{ total: number; unread: number }> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('id').filterWhere('read_at', 'is', null).as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), unread: Number(row.unread) };
  }

  async unread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks one of the person's notifications read; false when it is not theirs (or not there). */
  async markRead(userId: number, id: number, at: string): Promise<boolean> {
    const own = await this.db
      .selectFrom('notifications')
      .select(['id', 'read_at'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return false;
    if (own.read_at === null)
      await this.db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).execute();
    return true;
  }

  /** Marks every unread notification of the person read; answers how many it marked. */
  async markAllRead(userId: number, at: string): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The rows of these ids, of these people only when named (a server's open streams). */
  async ofPeople(ids: readonly number[], userIds?: readonly number[]): Promise<NotificationRow[]> {
    if (ids.length === 0 || userIds?.length === 0) return [];
    const rows: NotificationRow[] = [];
    for (const part of chunksOf(ids)) {
      let query = this.db.selectFrom('notifications').select(COLUMNS).where('id', 'in', part);
      if (userIds) query = query.where('user_id', 'in', userIds);
      rows.push(...(await query.execute()));
    }
    return rows;
  }

  /** Each person's unread count (those with none are left out). */
  async unreadOf(userIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const part of chunksOf(userIds)) {
      const rows = await this.db
        .selectFrom('notifications')
        .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
        .where('user_id', 'in', part)
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      for (const row of rows) counts.set(Number(row.user_id), Number(row.n));
    }
    return counts;
  }

  /** Whether the account is active (a ticket of a deactivated one opens nothing). */
  async isActiveUser(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  // The hourly batch.

  /**
   * Holds, until the transaction ends, the batch of one kind and topic: two deliveries of the same kind and
   * topic at once (two flags of one burst, on two servers) would each find no open row and both insert. On
   * PostgreSQL an advisory lock (it blocks no ballot, unlike the topic's row); SQLite has one writer already.
   */
  async lockBatch(databaseKind: DatabaseKind, kind: NotificationKind, topicId: number | null): Promise<void> {
    if (databaseKind !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(${BATCH_LOCK_SPACE + NOTIFICATION_KINDS.indexOf(kind)}, ${topicId ?? 0})`.execute(
      this.db,
    );
  }

  /** The rows of kind and topic still open to the batch at `at`, one per person (the latest). */
  async openBatches(
    userIds: readonly number[],
    kind: NotificationKind,
    topicId: number | null,
    at: string,
  ): Promise<OpenBatchRow[]> {
    if (userIds.length === 0) return [];
    let query = this.db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'facts'])
      .where('user_id', 'in', userIds)
      .where('kind', '=', kind)
      .where('batch_until', '>', at);
    query = topicId === null ? query.where('topic_id', 'is', null) : query.where('topic_id', '=', topicId);
    const rows = await query.orderBy('id', 'asc').execute();
    const latest = new Map<number, OpenBatchRow>();
    for (const row of rows) latest.set(row.user_id, row);
    return [...latest.values()];
  }

  /** Gives these rows their batch's latest facts, and makes them unread and newest again. */
  async updateBatched(ids: readonly number[], facts: string, at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('notifications')
      .set({ facts, updated_at: at, read_at: null })
      .where('id', 'in', ids)
      .execute();
  }

  /** Inserts one notification per person; answers each one's id by person. */
  async insertMany(
    userIds: readonly number[],
    row: { kind: NotificationKind; topicId: number | null; facts: string; at: string; batchUntil: string },
  ): Promise<{ id: number; user_id: number }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .insertInto('notifications')
      .values(
        userIds.map((userId) => ({
          user_id: userId,
          kind: row.kind,
          topic_id: row.topicId,
          facts: row.facts,
          created_at: row.at,
          updated_at: row.at,
          batch_until: row.batchUntil,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
  }

  // The topics whose podium may have moved (docs/decisions/032).

  /**
   * Marks each topic's podium to be checked at the end of its second: a topic marked already keeps its
   * earlier due time (a topic voted on every second is still checked every second) and takes the later mark.
   */
  async markPodiums(dueAtByTopic: ReadonlyMap<number, string>): Promise<void> {
    // A ballot marks one topic; a recount of many (rare) sends the same compiled statement for each.
    for (const [topicId, dueAt] of dueAtByTopic) await markOnePodium(this.db, { topicId, dueAt });
  }

  /** Topics whose mark is due by `now`, earliest first, `limit` at most. */
  async duePodiumMarks(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('podium_marks')
      .select('topic_id')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('topic_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.topic_id);
  }

  /**
   * After a look at these topics that covered every mark due by `now`: takes out the marks it covered, and
   * makes those marked later since due at their latest mark (they are looked at again then).
   */
  async clearPodiumMarks(topicIds: readonly number[], now: string): Promise<void> {
    for (const part of chunksOf(topicIds)) {
      await this.db
        .deleteFrom('podium_marks')
        .where('topic_id', 'in', part)
        .where('marked_at', '<=', now)
        .execute();
      await this.db
        .updateTable('podium_marks')
        .set((eb) => ({ due_at: eb.ref('marked_at') }))
        .where('topic_id', 'in', part)
        .where('due_at', '<=', now)
        .execute();
    }
  }

  // What each topic's last check saw.

  podium(topicId: number) {
    return this.db
      .selectFrom('notification_podiums')
      .select(['leaders', 'podium', 'checked_at'])
      .where('topic_id', '=', topicId)
      .executeTakeFirst();
  }

  /** The podiums the last checks of these topics stored, by topic id (a topic never checked has none). */
  async podiums(topicIds: readonly number[]): Promise<Map<number, { leaders: string; podium: string }>> {
    if (topicIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('notification_podiums')
      .select(['topic_id', 'leaders', 'podium'])
      .where('topic_id', 'in', [...topicIds])
      .execute();
    return new Map(rows.map(({ topic_id, ...stored }) => [topic_id, stored]));
  }

  /** Stores the first podium seen of a topic; false when another check stored one first. */
  async insertPodium(
    topicId: number,
    seen: { leaders: string; podium: string },
    at: string,
  ): Promise<boolean> {
    const rows = await this.db
      .insertInto('notification_podiums')
      .values({ topic_id: topicId, leaders: seen.leaders, podium: seen.podium, checked_at: at })
      .onConflict((conflict) => conflict.column('topic_id').doNothing())
      .returning('topic_id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Replaces the stored podium, only if it is still `before`: of two checks of a topic that saw the same
   * change (two servers, a job run again), one only moves it and tells anyone.
   */
  async replacePodium(
    topicId: number,
    before: { leaders: string; podium: string },
    after: { leaders: string; podium: string },
    at: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_podiums')
      .set({ leaders: after.leaders, podium: after.podium, checked_at: at })
      .where('topic_id', '=', topicId)
      .where('leaders', '=', before.leaders)
      .where('podium', '=', before.podium)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The people holding a counted ballot whose first place is `propositionId`, ascending. */
  async firstPlaceVoters(topicId: number, propositionId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ballots as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select('b.user_id')
      .where('b.topic_id', '=', topicId)
      .where('b.first_id', '=', propositionId)
      .where('b.state', '=', 'counted')
      .where('u.is_active', '=', 1)
      .orderBy('b.user_id')
      .execute();
    return rows.map((row) => Number(row.user_id));
  }

  /** Every active administrator, ascending. */
  async administrators(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  // The fan-outs' progress.

  /** The delivery's progress, made at its start (the last person written: 0 before any). */
  async delivery(key: string, at: string): Promise<{ after_user_id: number; done: number }> {
    await this.db
      .insertInto('notification_deliveries')
      .values({ key, after_user_id: 0, done: 0, created_at: at })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    return this.db
      .selectFrom('notification_deliveries')
      .select(['after_user_id', 'done'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
  }

  /**
   * Moves the delivery past `to`, only from `from`: a chunk is written once, by whoever moves it first (a
   * delivery taken again after its server died goes on from its last committed chunk).
   */
  async advanceDelivery(key: string, from: number, to: number, done: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_deliveries')
      .set({ after_user_id: to, done: done ? 1 : 0 })
      .where('key', '=', key)
      .where('after_user_id', '=', from)
      .where('done', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets finished deliveries made before `before` (their notifications stay). */
  async deleteDeliveriesBefore(before: string): Promise<void> {
    await this.db.deleteFrom('notification_deliveries').where('created_at', '<', before).execute();
  }

  // The live streams' tickets.

  async insertTicket(tokenHash: string, userId: number, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('notification_stream_tickets')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  /** Takes the ticket out (single use: of two servers consuming it at once, one gets it). */
  async takeTicket(tokenHash: string): Promise<{ user_id: number; expires_at: string } | undefined> {
    return this.db
      .deleteFrom('notification_stream_tickets')
      .where('token_hash', '=', tokenHash)
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
  }

  async deleteExpiredTickets(now: string): Promise<void> {
    await this.db.deleteFrom('notification_stream_tickets').where('expires_at', '<=', now).execute();
  }

  /** What the inbox shows of each topic. */
  async topics(ids: readonly number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('topics')
      .select(['id', 'slug', 'title', 'language', 'is_main', 'main_topic_id', 'is_active'])
      .where('id', 'in', ids)
      .execute();
  }
}
