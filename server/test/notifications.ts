import type { Kysely } from 'kysely';
import type { NotificationDto } from '../../common/api/notifications.js';
import type { Database } from '../db/schema.js';
import { PODIUM_CHECK_WAIT_MS } from '../modules/notifications/podium-marks.js';
import { runEveryDueJob } from './jobs.js';
import type { TestServer } from './server.js';

/** Lets the podium checks of the ballots so far fall due (the clock moved past their sweep) and runs every job. */
export async function settle(server: TestServer): Promise<void> {
  server.clock.advance(PODIUM_CHECK_WAIT_MS);
  await runEveryDueJob(server.ctx.jobs);
}

/** The caller's inbox as the API answers it. */
export async function inboxOf(
  server: TestServer,
  token: string,
  query = 'lang=en',
): Promise<{ notifications: NotificationDto[]; total: number; unread: number }> {
  const response = await server.request('GET', `/api/notifications?${query}`, { token });
  if (response.status !== 200) throw new Error(`inbox: ${response.status} ${response.text}`);
  return response.body.data;
}

/** Follows a topic explicitly, through the API. */
export async function follow(server: TestServer, token: string, topicId: number): Promise<void> {
  const response = await server.request('PUT', `/api/topics/${topicId}/follow`, { token });
  if (response.status !== 200) throw new Error(`follow: ${response.status} ${response.text}`);
}

/**
 * `count` accounts following `topicId` explicitly, written straight into the database (a fan-out's
 * audience; nobody signs in as them). Answers their ids, ascending.
 */
export async function makeFollowers(
  db: Kysely<Database>,
  topicId: number,
  count: number,
  prefix: string,
): Promise<number[]> {
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const name = `${prefix}_${start + i}`;
      return {
        readable_id: `U-${prefix.slice(0, 4).toUpperCase()}${start + i}`,
        username: name,
        username_key: name.toLowerCase(),
        email: `${name}@example.test`,
        password_hash: 'x',
        first_name: null,
        last_name: null,
        language: 'en',
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await db.insertInto('users').values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => row.id));
  }
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .insertInto('topic_follows')
      .values(
        ids
          .slice(start, start + 500)
          .map((userId) => ({ user_id: userId, topic_id: topicId, following: 1, created_at: now })),
      )
      .execute();
  }
  return ids.sort((a, b) => a - b);
}

/** Reads a text/event-stream and hands out its events one by one. */
export async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  async function next(timeoutMs = 5_000): Promise<{ event: string; data: unknown }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const boundary = buffer.indexOf('\n\n');
      if (boundary >= 0) {
        const frame = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event = frame.match(/^event: (.*)$/m)?.[1];
        const data = frame.match(/^data: (.*)$/m)?.[1];
        if (event && data) return { event, data: JSON.parse(data) };
        continue;
      }
      if (!reader) throw new Error('no body');
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no event in time')), Math.max(1, deadline - Date.now())),
        ),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }
  return { response, next, close: () => controller.abort() };
}
