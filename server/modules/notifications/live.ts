import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../../common/constants.js';
import type { ChangeSet } from '../../changes/change-set.js';
import type { LiveStreamLimits } from '../../config.js';
import type { Executor } from '../../db/executor.js';
import { openEventStream } from '../../http/event-stream.js';
import { LiveStreams, type StreamLease } from '../rankings/live-streams.js';
import { NotificationsRepository } from './repository.js';
import type { NotificationsService } from './service.js';

/** The events of the notification stream (the shared brief's contract). */
export const NOTIFICATION_EVENT = 'notification';
export const UNREAD_EVENT = 'unread';

/** Above this many people with a stream here, a change's rows are filtered here rather than in SQL. */
const LOCAL_FILTER_IN_SQL = 500;

/** One open stream: whose, in which language, and how to send it an event. */
interface Watcher {
  userId: number;
  language: Language;
  send(event: string, data: unknown): void;
}

/**
 * The open notification streams of this process (docs/decisions/032): a job on any server writes the rows
 * and records their ids on its change set; the change reaches every server (the cluster channel on
 * PostgreSQL, this process alone on SQLite), and each pushes the rows of the people whose streams it holds.
 * Caps per address and per process as the ranking streams.
 */
export class NotificationStreams {
  private readonly byUser = new Map<number, Set<Watcher>>();
  readonly caps: LiveStreams;
  /** Changes are pushed in the order they committed here, one at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly service: NotificationsService,
    private readonly log: FastifyBaseLogger,
    limits: LiveStreamLimits,
  ) {
    this.caps = new LiveStreams(limits);
  }

  /** Open streams in this process. */
  get size(): number {
    return this.caps.size;
  }

  /** The commit subscriber: notifications written or read anywhere reach the streams held here. */
  readonly follow = (change: ChangeSet): void => {
    if (this.byUser.size === 0) return;
    if (change.notifications.size === 0 && change.inboxesRead.size === 0 && !change.isEverything) return;
    const ids = [...change.notifications];
    const readers = change.isEverything ? [...this.byUser.keys()] : [...change.inboxesRead];
    this.queue = this.queue
      .then(() => this.push(ids, readers))
      .catch((error) => this.log.warn({ err: error }, 'notification streams: could not push a change'));
  };

  private async push(ids: readonly number[], readers: readonly number[]): Promise<void> {
    const repository = new NotificationsRepository(this.db);
    const local = [...this.byUser.keys()];
    const rows = (
      await repository.ofPeople(ids, local.length <= LOCAL_FILTER_IN_SQL ? local : undefined)
    ).filter((row) => this.byUser.has(row.user_id));
    // Each row in the language of each stream of its person (a person may have tabs in two languages).
    const languages = new Set<Language>();
    for (const row of rows)
      for (const watcher of this.watchersOf(row.user_id)) languages.add(watcher.language);
    for (const language of languages) {
      const dtos = await this.service.dtos(rows, language);
      for (const dto of dtos) {
        const userId = rows.find((row) => row.id === dto.id)?.user_id as number;
        for (const watcher of this.watchersOf(userId))
          if (watcher.language === language) watcher.send(NOTIFICATION_EVENT, dto);
      }
    }
    const people = [...new Set([...rows.map((row) => row.user_id), ...readers])].filter((id) =>
      this.byUser.has(id),
    );
    const unread = await repository.unreadOf(people);
    for (const userId of people)
      for (const watcher of this.watchersOf(userId))
        watcher.send(UNREAD_EVENT, { unread: unread.get(userId) ?? 0 });
  }

  private watchersOf(userId: number): Iterable<Watcher> {
    return this.byUser.get(userId) ?? [];
  }

  /**
   * Turns the reply into the person's text/event-stream: their unread count at once, then each notification
   * written or updated for them and each change of the count (server/http/event-stream.ts: a client that
   * reads too slowly is cut off as the ranking streams' are).
   */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    { userId, language, lease }: { userId: number; language: Language; lease: StreamLease },
  ): Promise<void> {
    const watcher: Watcher = {
      userId,
      language,
      send: (event, data) => stream.send(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    };
    const watchers = this.byUser.get(userId) ?? new Set<Watcher>();
    const stream = openEventStream(request, reply, {
      maxUnsentBytes: this.caps.limits.maxUnsentBytes,
      onEnd: () => {
        watchers.delete(watcher);
        if (watchers.size === 0 && this.byUser.get(userId) === watchers) this.byUser.delete(userId);
        lease.release();
      },
    });
    watchers.add(watcher);
    this.byUser.set(userId, watchers);
    lease.endWith(stream.end);
    try {
      watcher.send(UNREAD_EVENT, { unread: await this.service.unread(userId) });
    } catch (error) {
      // The reply is the stream's now: a failure ends it, and EventSource comes back with a new ticket.
      this.log.warn({ err: error }, 'notification stream: could not read the unread count');
      stream.end();
    }
  }
}
