import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { openDatabase } from '../../server/db/database.js';
import { tokenHashOf } from '../../server/modules/auth/account-links.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { makeFollowers } from '../../server/test/notifications.js';
import { LIFTED_CREATION_LIMITS, startServerProcess } from '../../server/test/process.js';
import { type CannonRequest, load } from './autocannon.js';
import { freshSmallDataset } from './dataset.js';
import { fmt } from './format.js';
import { mintTokens } from './tokens.js';

/** What the issue asks (issue 39): 10,000 followers' notifications of a #1 change in under 5 s. */
const FOLLOWERS = 10_000;
const BUDGET_MS = 5_000;
/** Followers that hold the notification stream open while it happens. */
const STREAMS = 1_000;
const CONNECTIONS = 10;
const SECONDS = 5;
const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** A notification stream read until its first `notification` event; `reached` is when it came. */
async function openStream(url: string, ticket: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/notifications/stream?ticket=${ticket}&lang=en`, {
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
  const state = { opened: false, reached: undefined as number | undefined };
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
        if (text.includes('event: unread')) state.opened = true;
        if (text.includes('event: notification')) {
          state.reached = performance.now();
          return;
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return { state, close: () => controller.abort() };
}

/**
 * `--only notifications` (issue 39, decision 032): a fresh SQLite data set of 2,000 topics, one more topic
 * followed by 10,000 people, 1,000 of them with the notification stream open. Two ballots move its #1; reports
 * the time from the first of them to the last notification written (the podium check waits for the end of its
 * second, then the job runner's poll) and to the last stream that hears it, and the ballots per second on the
 * other topics meanwhile beside the same load without a fan-out.
 */
export async function benchNotifications(): Promise<string[]> {
  const failures: string[] = [];
  const { dataDir, url: databaseUrl, topics } = await freshSmallDataset('podium-bench-notifications-');
  try {
    const handle = openDatabase({ url: databaseUrl });
    let topic: { id: number };
    let followers: number[];
    let voters: { id: number; token: string }[];
    const tickets: string[] = [];
    try {
      topic = await topicWith(handle.db, ['Alpha', 'Bravo']);
      followers = await makeFollowers(handle.db, topic.id, FOLLOWERS, 'bench_follower');
      voters = await mintTokens(handle, 300, dataDir);
      // Tickets as the API mints them (stored hashed), written here so that 1,000 followers need no sign-in.
      const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
      const rows = followers.slice(0, STREAMS).map((userId) => {
        const ticket = randomBytes(32).toString('base64url');
        tickets.push(ticket);
        return { token_hash: tokenHashOf(ticket), user_id: userId, expires_at: expiresAt };
      });
      for (let i = 0; i < rows.length; i += 500)
        await handle.db
          .insertInto('notification_stream_tickets')
          .values(rows.slice(i, i + 500))
          .execute();
    } finally {
      await handle.close();
    }
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED: 'none',
      LIVE_STREAMS_PER_ADDRESS: String(STREAMS + 100),
      ...LIFTED_CREATION_LIMITS,
    });
    const check = openDatabase({ url: databaseUrl });
    try {
      const [first, second, third] = voters as [(typeof voters)[0], (typeof voters)[0], (typeof voters)[0]];
      const ballot = async (voter: { token: string }, names: string[]) => {
        const answer = await fetch(`${server.url}/api/search/propositions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${voter.token}` },
          body: JSON.stringify({
            topicId: topic.id,
            propositions: names.map((itemName, i) => ({ itemName, points: 3 - i })),
            userTags: [],
          }),
        });
        if (answer.status >= 300) throw new Error(`ballot refused: ${answer.status} ${await answer.text()}`);
      };
      const notified = async () =>
        Number(
          (
            await check.db
              .selectFrom('notifications')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('topic_id', '=', topic.id)
              .where('kind', '=', 'leaderChanged')
              .executeTakeFirstOrThrow()
          ).n,
        );
      // The first podium the checks see is stored, not told.
      await ballot(first, ['Alpha']);
      for (let waited = 0; waited < 20_000; waited += 100) {
        if (
          await check.db
            .selectFrom('notification_podiums')
            .select('topic_id')
            .where('topic_id', '=', topic.id)
            .executeTakeFirst()
        )
          break;
        await sleep(100);
      }
      const others = voters.slice(3);
      const otherTopics = topics.map((t) => t.id);
      const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
      const ballots: CannonRequest[] = [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path: '/api/search/propositions',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${pick(others).token}` },
            body: JSON.stringify({
              topicId: pick(otherTopics),
              propositions: [0, 1, 2].map((i) => ({
                itemName: `Bench place ${i * 7 + Math.floor(Math.random() * 7)}`,
                points: 3 - i,
              })),
              userTags: [],
            }),
          }),
        },
      ];
      const alone = await load({
        url: server.url,
        connections: CONNECTIONS,
        seconds: SECONDS,
        requests: ballots,
      });

      const streams = [];
      for (let i = 0; i < tickets.length; i += 100)
        streams.push(
          ...(await Promise.all(tickets.slice(i, i + 100).map((ticket) => openStream(server.url, ticket)))),
        );
      for (let waited = 0; waited < 20_000 && streams.some((s) => !s.state.opened); waited += 50)
        await sleep(50);
      const opened = streams.filter((s) => s.state.opened).length;

      const began = performance.now();
      await Promise.all([ballot(second, ['Bravo']), ballot(third, ['Bravo'])]);
      const during = load({ url: server.url, connections: CONNECTIONS, seconds: SECONDS, requests: ballots });
      let writtenMs = Number.NaN;
      for (let waited = 0; waited < 60_000; waited += 20) {
        if ((await notified()) >= FOLLOWERS) {
          writtenMs = performance.now() - began;
          break;
        }
        await sleep(20);
      }
      const duringFanOut = await during;
      for (
        let waited = 0;
        waited < 10_000 && streams.some((s) => s.state.reached === undefined);
        waited += 50
      )
        await sleep(50);
      const reached = streams.flatMap((s) =>
        s.state.reached === undefined ? [] : [s.state.reached - began],
      );
      for (const s of streams) s.close();
      const span = await check.db
        .selectFrom('notifications')
        .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
        .where('topic_id', '=', topic.id)
        .where('kind', '=', 'leaderChanged')
        .executeTakeFirstOrThrow();
      const writingMs = Date.parse(String(span.last)) - Date.parse(String(span.first));

      console.log(
        `\n| notifications (${fmt(FOLLOWERS)} followers, ${fmt(opened)} streams open) | ballot to last written ms | first to last row written ms | ballot to last stream ms | streams reached | ballots/s on other topics alone | during the fan-out | ratio |`,
      );
      console.log('|---|---|---|---|---|---|---|---|');
      console.log(
        `| SQLite, one server | ${fmt(writtenMs)} | ${fmt(writingMs)} | ${fmt(Math.max(...reached))} | ${fmt(reached.length)} / ${fmt(opened)} | ${fmt(alone.rps)} | ${fmt(duringFanOut.rps)} | ${fmt(duringFanOut.rps / alone.rps, 2)} |`,
      );
      if (!(writtenMs < BUDGET_MS))
        failures.push(
          `notifications: ${fmt(FOLLOWERS)} followers written in ${fmt(writtenMs)} ms >= ${BUDGET_MS}`,
        );
      if (reached.length < opened)
        failures.push(`notifications: ${opened - reached.length} streams never heard`);
    } finally {
      await check.close();
      await server.kill('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}
