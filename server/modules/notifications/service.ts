import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type {
  NotificationDto,
  NotificationFacts,
  NotificationKind,
  NotificationsData,
  StreamTicketData,
} from '../../../common/api/notifications.js';
import type { Language } from '../../../common/constants.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/executor.js';
import { errors } from '../../http/errors.js';
import { tokenHashOf } from '../auth/account-links.js';
import { type NotificationRow, NotificationsRepository } from './repository.js';

/** One row a fan-out wrote: made (`created`), or a batched row updated with a later event. */
export interface WrittenNotification {
  id: number;
  userId: number;
  kind: NotificationKind;
  topicId: number | null;
  created: boolean;
}

/** Called in the transaction that wrote the rows: what it does commits with them, or not at all. */
export type AfterWriteListener = (trx: Executor, written: readonly WrittenNotification[]) => Promise<void>;

/** One piece of news for many people: its kind, the topic it is about, its facts (`events` 1). */
export interface Announcement {
  kind: NotificationKind;
  topicId: number | null;
  facts: NotificationFacts;
}

const HOUR_MS = 3_600_000;
/** At most one notification per person, topic and kind per hour: later events update it. */
export const BATCH_MS = HOUR_MS;
/** People written per transaction: short enough that ballots on SQLite's one writer interleave. */
export const FAN_OUT_CHUNK = 250;
/** A stream ticket is valid this long after it was minted, once. */
export const TICKET_TTL_MS = 30_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The facts a batched row keeps when a later event of its kind comes within the hour. */
export function mergeFacts(before: NotificationFacts, latest: NotificationFacts): NotificationFacts {
  const events = before.events + latest.events;
  // The lead's change is told from where the person last knew it: the first event's "before".
  if (before.kind === 'leaderChanged' && latest.kind === 'leaderChanged')
    return { ...latest, previousLeaders: before.previousLeaders, events };
  return { ...latest, events };
}

/**
 * The notifications (issue 39, docs/decisions/032-notifications.md): written in chunks by jobs, read in each
 * person's inbox, pushed to their open streams. One instance per app (`ctx.notifications`).
 */
export class NotificationsService {
  private readonly listeners: AfterWriteListener[] = [];
  /** Rows this process wrote and committed, for the metrics. */
  readonly written = { created: 0, batched: 0 };

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'database' | 'changes' | 'clock' | 'texts'>) {}

  /** `listener` runs in each transaction that writes notifications, with the rows it wrote (notify-mail). */
  afterWrite(listener: AfterWriteListener): void {
    this.listeners.push(listener);
  }

  /**
   * Writes `announcement` for `recipients` (ascending ids), in chunks of FAN_OUT_CHUNK, each its own
   * transaction, yielding between them. `key` names the delivery: taken again (its server died), it goes
   * on after the last chunk that committed, so nobody gets it twice. Answers how many rows it wrote.
   */
  async deliver(key: string, announcement: Announcement, recipients: readonly number[]): Promise<number> {
    if (recipients.length === 0) return 0;
    const progress = await new NotificationsRepository(this.ctx.db).delivery(key, this.ctx.clock.nowIso());
    if (progress.done === 1) return 0;
    let after = progress.after_user_id;
    const left = recipients.filter((id) => id > after);
    let written = 0;
    for (let start = 0; start < left.length; start += FAN_OUT_CHUNK) {
      const chunk = left.slice(start, start + FAN_OUT_CHUNK);
      const last = chunk.at(-1) as number;
      const done = start + FAN_OUT_CHUNK >= left.length;
      const wrote = await this.ctx.changes.transaction(async (trx, change) => {
        const repository = new NotificationsRepository(trx);
        if (!(await repository.advanceDelivery(key, after, last, done))) return undefined;
        const rows = await this.writeChunk(repository, chunk, announcement, change.at);
        for (const listener of this.listeners) await listener(trx, rows);
        change.notificationsWritten(rows.map((row) => row.id));
        return rows;
      });
      // Another run of the delivery moved it first: it writes the rest.
      if (wrote === undefined) return written;
      written += wrote.length;
      for (const row of wrote) this.written[row.created ? 'created' : 'batched'] += 1;
      after = last;
      // Ballots and reads waiting for the database (SQLite's one writer) go between two chunks.
      if (!done) await yieldToOthers();
    }
    return written;
  }

  /** The hourly batch: a row of the same person, kind and topic still open takes the event; others are new. */
  private async writeChunk(
    repository: NotificationsRepository,
    userIds: readonly number[],
    { kind, topicId, facts }: Announcement,
    at: string,
  ): Promise<WrittenNotification[]> {
    await repository.lockBatch(this.ctx.database.kind, kind, topicId);
    const open = await repository.openBatches(userIds, kind, topicId, at);
    const batched = new Set(open.map((row) => row.user_id));
    // Rows whose merged facts are the same are updated by one statement (usually all of them), and rows
    // with the same facts before (usually all of them too) are merged once.
    const mergedOf = new Map<string, string>();
    const byFacts = new Map<string, number[]>();
    for (const row of open) {
      let merged = mergedOf.get(row.facts);
      if (merged === undefined) {
        merged = JSON.stringify(mergeFacts(JSON.parse(row.facts) as NotificationFacts, facts));
        mergedOf.set(row.facts, merged);
      }
      const ids = byFacts.get(merged);
      if (ids) ids.push(row.id);
      else byFacts.set(merged, [row.id]);
    }
    for (const [merged, ids] of byFacts) await repository.updateBatched(ids, merged, at);
    const inserted = await repository.insertMany(
      userIds.filter((id) => !batched.has(id)),
      { kind, topicId, facts: JSON.stringify(facts), at, batchUntil: iso(Date.parse(at) + BATCH_MS) },
    );
    return [
      ...open.map((row) => ({ id: row.id, userId: row.user_id, kind, topicId, created: false })),
      ...inserted.map((row) => ({ id: row.id, userId: row.user_id, kind, topicId, created: true })),
    ];
  }

  // The inbox.

  async list(
    userId: number,
    options: { language: Language; limit: number; offset: number },
  ): Promise<NotificationsData> {
    const repository = new NotificationsRepository(this.ctx.db);
    const [rows, counts] = await Promise.all([repository.page(userId, options), repository.counts(userId)]);
    return { notifications: await this.dtos(rows, options.language), ...counts };
  }

  unread(userId: number): Promise<number> {
    return new NotificationsRepository(this.ctx.db).unread(userId);
  }

  /** Marks one of the caller's notifications read (404 for anyone else's); answers the unread count. */
  markRead(userId: number, id: number): Promise<number> {
    return this.ctx.changes.transaction(async (trx, change) => {
      const repository = new NotificationsRepository(trx);
      if (!(await repository.markRead(userId, id, change.at))) throw errors.notFound('Notification');
      change.inboxRead(userId);
      return repository.unread(userId);
    });
  }

  async markAllRead(userId: number): Promise<number> {
    await this.ctx.changes.transaction(async (trx, change) => {
      if ((await new NotificationsRepository(trx).markAllRead(userId, change.at)) > 0)
        change.inboxRead(userId);
    });
    return 0;
  }

  /** Notifications as a reader in `language` sees them: topics titled in it, links to its pages. */
  async dtos(rows: readonly NotificationRow[], language: Language): Promise<NotificationDto[]> {
    const facts = rows.map((row) => JSON.parse(row.facts) as NotificationFacts);
    const subTopicIds = facts.flatMap((fact) => (fact.kind === 'subTopicAdded' ? [fact.subTopic.id] : []));
    const topicIds = [
      ...new Set([...rows.flatMap((row) => (row.topic_id === null ? [] : [row.topic_id])), ...subTopicIds]),
    ];
    const repository = new NotificationsRepository(this.ctx.db);
    const [topics, texts] = await Promise.all([
      repository.topics(topicIds),
      this.ctx.texts.picker('topic', topicIds, language),
    ]);
    const topicById = new Map(topics.map((topic) => [topic.id, topic]));
    const titleOf = (id: number) => {
      const topic = topicById.get(id);
      return topic && texts.pick(id, 'title', { text: topic.title, language: topic.language });
    };
    return rows.map((row, index) => {
      const fact = facts[index] as NotificationFacts;
      const topic = row.topic_id === null ? undefined : topicById.get(row.topic_id);
      const subTopic = fact.kind === 'subTopicAdded' ? topicById.get(fact.subTopic.id) : undefined;
      return {
        id: row.id,
        kind: row.kind as NotificationKind,
        topic: topic
          ? {
              id: topic.id,
              slug: topic.slug,
              title: titleOf(topic.id) as string,
              isMain: topic.is_main === 1,
            }
          : null,
        ...(subTopic && { subTopicTitle: titleOf(subTopic.id) as string }),
        facts: fact,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        read: row.read_at !== null,
        href: hrefOf(fact, topic?.slug ?? null, subTopic?.slug ?? null, row.topic_id, language),
      };
    });
  }

  // The live stream's tickets.

  /** A single-use ticket to open the live stream with, valid TICKET_TTL_MS; only its hash is kept. */
  async mintTicket(userId: number): Promise<StreamTicketData> {
    const ticket = randomBytes(32).toString('base64url');
    const now = this.ctx.clock.now();
    const expiresAt = iso(now + TICKET_TTL_MS);
    await this.ctx.changes.transaction(async (trx) => {
      const repository = new NotificationsRepository(trx);
      // Tickets nobody used go as others are minted: the table holds about 30 s of them.
      await repository.deleteExpiredTickets(iso(now));
      await repository.insertTicket(tokenHashOf(ticket), userId, expiresAt);
    });
    return { ticket, expiresAt };
  }

  /** The person a ticket was minted for, consuming it; 401 for an unknown, used or expired one. */
  async redeemTicket(ticket: string | undefined): Promise<number> {
    if (!ticket || ticket.length > 100) throw errors.invalidToken('Invalid or expired stream ticket');
    const repository = new NotificationsRepository(this.ctx.db);
    const taken = await repository.takeTicket(tokenHashOf(ticket));
    if (
      !taken ||
      taken.expires_at <= this.ctx.clock.nowIso() ||
      !(await repository.isActiveUser(taken.user_id))
    )
      throw errors.invalidToken('Invalid or expired stream ticket');
    return taken.user_id;
  }
}

/** The page a notification leads to, in `language` (`?lng=`). */
function hrefOf(
  facts: NotificationFacts,
  topicSlug: string | null,
  subTopicSlug: string | null,
  topicId: number | null,
  language: Language,
): string {
  const lng = `?lng=${language}`;
  switch (facts.kind) {
    case 'proposalAwaitsReview':
      return `/admin/proposals${lng}`;
    case 'burstFlagged':
      return topicId === null ? `/admin/integrity${lng}` : `/admin/integrity/topics/${topicId}${lng}`;
    case 'subTopicAdded':
      return `/topic/${encodeURIComponent(subTopicSlug ?? facts.subTopic.slug)}${lng}`;
    default:
      return topicSlug === null ? `/${lng}` : `/topic/${encodeURIComponent(topicSlug)}${lng}`;
  }
}
