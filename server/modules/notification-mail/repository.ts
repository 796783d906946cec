import type { NotificationDelivery } from '../../../common/api/notifications.js';
import type { Executor } from '../../db/executor.js';
import type { NotificationUnsubscribesTable } from '../../db/schema.js';
import type { NotificationRow } from '../notifications/repository.js';

/** A person the mail of a notification may go to: active, with the address it would go to. */
export interface MailRecipientRow {
  id: number;
  username: string;
  email: string;
  language: string;
  is_admin: number;
  is_active: number;
  email_verified_at: string | null;
}

/**
 * Notification e-mail's own tables (migration 0034) and what it reads of the others: the delivery a person
 * chose per kind (`notification_settings`, migration 0032), the sent markers of mails at once, the
 * unsubscribe links, the digests' progress.
 */
export class NotificationMailRepository {
  constructor(private readonly db: Executor) {}

  /** The deliveries the person chose (kinds without a row keep their default). */
  async settings(userId: number): Promise<{ kind: string; delivery: NotificationDelivery }[]> {
    return this.db
      .selectFrom('notification_settings')
      .select(['kind', 'delivery'])
      .where('user_id', '=', userId)
      .execute();
  }

  /** Of `userIds`, each person's deliveries other than the default ('app'), for `kind`. */
  async deliveriesOf(userIds: readonly number[], kind: string): Promise<Map<number, NotificationDelivery>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('notification_settings')
      .select(['user_id', 'delivery'])
      .where('user_id', 'in', userIds)
      .where('kind', '=', kind)
      .where('delivery', '!=', 'app')
      .execute();
    return new Map(rows.map((row) => [Number(row.user_id), row.delivery]));
  }

  async setDelivery(userId: number, kind: string, delivery: NotificationDelivery, now: string) {
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, kind, delivery, updated_at: now })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'kind'])
          .doUpdateSet({ delivery, updated_at: now })
          .where('notification_settings.delivery', '!=', delivery),
      )
      .execute();
  }

  /** Every kind of the person that is mailed (at once or in the digest) goes back to the app only. */
  async stopAllMail(userId: number, now: string): Promise<void> {
    await this.db
      .updateTable('notification_settings')
      .set({ delivery: 'app', updated_at: now })
      .where('user_id', '=', userId)
      .where('delivery', '!=', 'app')
      .execute();
  }

  async recipient(userId: number): Promise<MailRecipientRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'language', 'is_admin', 'is_active', 'email_verified_at'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async notification(id: number): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'kind', 'topic_id', 'facts', 'created_at', 'updated_at', 'read_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async mailedAt(notificationId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('notification_mails')
      .select('sent_at')
      .where('notification_id', '=', notificationId)
      .executeTakeFirst();
    return row?.sent_at;
  }

  async markMailed(notificationId: number, now: string): Promise<void> {
    await this.db
      .insertInto('notification_mails')
      .values({ notification_id: notificationId, sent_at: now })
      .onConflict((conflict) => conflict.column('notification_id').doNothing())
      .execute();
  }

  async insertUnsubscribe(row: Omit<NotificationUnsubscribesTable, 'id' | 'used_at'>): Promise<void> {
    await this.db.insertInto('notification_unsubscribes').values(row).execute();
  }

  async unsubscribe(tokenHash: string) {
    return this.db
      .selectFrom('notification_unsubscribes')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the link used; false when another request used it first. */
  async useUnsubscribe(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_unsubscribes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteExpiredUnsubscribes(now: string): Promise<void> {
    await this.db.deleteFrom('notification_unsubscribes').where('expires_at', '<=', now).execute();
  }

  /** Active people with a confirmed address and at least one kind in the digest, after `afterId`, ascending. */
  async digestReaders(afterId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('notification_settings as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('s.user_id')
      .distinct()
      .where('s.delivery', '=', 'digest')
      .where('s.user_id', '>', afterId)
      .where('u.is_active', '=', 1)
      .where('u.email_verified_at', 'is not', null)
      .orderBy('s.user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.user_id));
  }

  async digestSentUntil(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('notification_digests')
      .select('sent_until')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.sent_until;
  }

  async setDigestSentUntil(userId: number, until: string, now: string): Promise<void> {
    await this.db
      .insertInto('notification_digests')
      .values({ user_id: userId, sent_until: until, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ sent_until: until, updated_at: now }),
      )
      .execute();
  }

  /** The person's notifications of `kinds` last changed in (`since`, `until`], newest first, and their count. */
  async digestNotifications(
    userId: number,
    kinds: readonly string[],
    since: string,
    until: string,
    limit: number,
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    if (kinds.length === 0) return { rows: [], total: 0 };
    const base = this.db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .where('kind', 'in', kinds)
      .where('updated_at', '>', since)
      .where('updated_at', '<=', until);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'user_id', 'kind', 'topic_id', 'facts', 'created_at', 'updated_at', 'read_at'])
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
