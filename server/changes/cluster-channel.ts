import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../db/database.js';
import { type ChangePayload, ChangeSet } from './change-set.js';

const RECONNECT_MS = 1_000;
/** Changes committed within this window leave in one NOTIFY. */
const NOTIFY_BATCH_MS = 5;
/** PostgreSQL refuses a payload of 8,000 bytes or more; the origin prefix takes 37. */
const MAX_PAYLOAD_BYTES = 7_500;

/**
 * Carries committed change sets to the other app servers on the same PostgreSQL (LISTEN/NOTIFY).
 * Notifications are sent after the commit and batched: a NOTIFY inside each vote transaction made
 * every commit of the cluster queue for the notification lock (44% fewer commits per second in a
 * 10-connection test). A server that lost its LISTEN connection is told "everything may have
 * changed" once it is back, since it may have missed notifications meanwhile.
 */
export class ClusterChannel {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private outgoing = new ChangeSet();
  private closed = false;
  /** Test schemas share one server: the channel carries the schema so that they never cross-talk. */
  readonly channel: string;
  /** Marks this process's notifications, so that it does not apply what it dispatched itself. */
  private readonly origin = randomUUID();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly onRemoteChange: (change: ChangeSet) => void,
  ) {
    this.channel = `podium_changes_${database.schema ?? 'public'}`;
  }

  async start(): Promise<void> {
    const client = new pg.Client(this.database.clientConfig);
    client.on('notification', (message) => this.received(message.payload ?? ''));
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'cluster channel: LISTEN connection lost');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    await client.connect();
    await client.query(`listen "${this.channel}"`);
  }

  /** Queues a committed change for the other servers. */
  send(change: ChangeSet): void {
    if (this.closed) return;
    this.outgoing.merge(change);
    this.notifyTimer ??= setTimeout(() => void this.flush(), NOTIFY_BATCH_MS);
  }

  private received(message: string): void {
    const separator = message.indexOf(':');
    if (message.slice(0, separator) === this.origin) return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.slice(separator + 1));
    } catch {
      payload = undefined;
    }
    this.onRemoteChange(ChangeSet.fromPayload(payload));
  }

  private async flush(): Promise<void> {
    this.notifyTimer = undefined;
    const change = this.outgoing;
    this.outgoing = new ChangeSet();
    for (const payload of payloadsOf(change)) {
      try {
        await sql`select pg_notify(${this.channel}, ${`${this.origin}:${payload}`})`.execute(
          this.database.db,
        );
      } catch (error) {
        // The other servers missed a change: once the database answers again they are told that
        // everything may have changed (their caches empty, watched rankings are re-sent).
        this.log.warn({ err: error }, 'cluster channel: NOTIFY failed; retrying as "everything changed"');
        this.outgoing.merge(ChangeSet.everything());
        if (!this.closed) this.notifyTimer ??= setTimeout(() => void this.flush(), RECONNECT_MS);
        return;
      }
    }
  }

  private reconnect(lost: pg.Client): void {
    if (this.closed || this.client !== lost || this.reconnectTimer) return;
    this.client = undefined;
    lost.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.start()
        .then(() => this.onRemoteChange(ChangeSet.everything()))
        .catch((error) => {
          this.log.warn({ err: error }, 'cluster channel: LISTEN reconnect failed');
          if (this.client) this.reconnect(this.client);
        });
    }, RECONNECT_MS);
  }

  async close(): Promise<void> {
    // Changes already committed here still reach the other servers (one try: the process is going).
    this.closed = true;
    clearTimeout(this.notifyTimer);
    clearTimeout(this.reconnectTimer);
    if (!this.outgoing.isEmpty) await this.flush();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * The change as notification payloads under PostgreSQL's size limit: topics and notification ids are
 * spread over as many as needed. A part that still does not fit (thousands of categories at once)
 * becomes "everything may have changed", which is always true, only more expensive.
 */
export function payloadsOf(change: ChangeSet): string[] {
  const payload = change.toPayload();
  const whole = JSON.stringify(payload);
  if (whole.length <= MAX_PAYLOAD_BYTES) return [whole];
  const { t = {}, n = [], r = [], ...rest } = payload;
  const parts: string[] = [];
  let current: ChangePayload = { ...rest };
  let size = JSON.stringify(current).length;
  let filled = false;
  const close = () => {
    const text = JSON.stringify(current);
    parts.push(text.length <= MAX_PAYLOAD_BYTES ? text : JSON.stringify({ all: 1 }));
    current = {};
    size = 2;
    filled = false;
  };
  /** Room for `bytes` more (with its key's own bytes when the part lacks it), in this part or a new one. */
  const makeRoom = (bytes: number) => {
    if (size + bytes + 8 > MAX_PAYLOAD_BYTES && filled) close();
    size += bytes;
    filled = true;
  };
  for (const [id, mask] of Object.entries(t)) {
    makeRoom(id.length + String(mask).length + 4);
    current.t ??= {};
    current.t[id] = mask;
  }
  for (const [field, ids] of [
    ['n', n],
    ['r', r],
  ] as const) {
    for (const id of ids) {
      makeRoom(String(id).length + 1);
      current[field] ??= [];
      current[field].push(id);
    }
  }
  close();
  return parts;
}
