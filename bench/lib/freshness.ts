import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RankingData } from '../../common/api/topics.js';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { callJson, LIFTED_CREATION_LIMITS } from '../../server/test/process.js';
import { fmt } from './format.js';
import { loadBallots } from './load-ballots.js';
import { register, withServer } from './stream-server.js';

/** Issue 33: a topic of 60 propositions and 100,000 ballots. */
const PROPOSITIONS = 60;
const BALLOTS = 100_000;
/** Ballots measured one after the other (each from a new voter), after WARM_UP ballots not measured. */
const MEASURED = 200;
const WARM_UP = 10;
const DAY_MS = 86_400_000;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

/**
 * Loads the topic straight into a fresh SQLite database: its propositions created 100 days ago, one
 * voter a ballot, each a top 3 drawn with a skew (the first propositions are picked more), cast over the
 * last 90 days; then the ballots and totals as the bench loaders make them (fromVotes, a recount).
 */
async function loadTopic(databaseUrl: string): Promise<number> {
  const handle = openDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(handle);
    const { db } = handle;
    const names = Array.from({ length: PROPOSITIONS }, (_, i) => `Freshness place ${i + 1}`);
    const topic = await topicWith(db, names);
    const ids = Object.values(topic.propositions);
    const now = Date.now();
    await db
      .updateTable('propositions')
      .set({ created_at: new Date(now - 100 * DAY_MS).toISOString() })
      .where('topic_id', '=', topic.id)
      .execute();
    await loadBallots(db, topic.id, {
      count: BALLOTS,
      prefix: 'fresh',
      castAt: (n) => new Date(now - 90 * DAY_MS + (n / BALLOTS) * 89 * DAY_MS).toISOString(),
      places: () => {
        const chosen = new Set<number>();
        while (chosen.size < 3) chosen.add(ids[Math.floor(Math.random() ** 2 * ids.length)] as number);
        return [...chosen];
      },
    });
    return topic.id;
  } finally {
    await handle.close();
  }
}

/**
 * Issue 33's freshness figure on SQLite: after each ballot on a topic of 60 propositions and 100,000
 * ballots, how long the ranking route takes to answer with it, head to head included (read your writes:
 * the next read shows the ballot), beside the ballot's own answer time. Each ballot is a new voter's, so
 * the ranking's voter count says the read carries it.
 */
export async function benchFreshness(): Promise<void> {
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-freshness-'));
  const databaseUrl = `sqlite:${join(dataDir, 'podium.sqlite')}`;
  try {
    const topicId = await loadTopic(databaseUrl);
    const loadedS = (performance.now() - began) / 1000;
    await withServer(
      databaseUrl,
      dataDir,
      async (server) => {
        const path = `/api/search/rankings/topic/${topicId}?language=en`;
        const coldStarted = performance.now();
        const cold = await callJson(server.url, 'GET', path);
        const coldMs = performance.now() - coldStarted;
        let voters = (cold.body.data as RankingData).voteCount;
        const voterPool = await Promise.all(
          Array.from({ length: WARM_UP + MEASURED }, (_, i) => register(server.url, `freshness${i}`)),
        );
        const ballotMs: number[] = [];
        const freshMs: number[] = [];
        for (const [index, voter] of voterPool.entries()) {
          const picks = new Set<number>();
          const rows = (cold.body.data as RankingData).rankings;
          while (picks.size < 3) picks.add(Math.floor(Math.random() * rows.length));
          const propositions = [...picks].map((row, place) => ({
            itemName: rows[row]?.itemName as string,
            points: 3 - place,
          }));
          const sent = performance.now();
          const saved = await callJson(server.url, 'POST', '/api/search/propositions', {
            token: voter.token,
            body: { topicId, propositions, userTags: [] },
          });
          if (saved.status !== 200 && saved.status !== 201)
            throw new Error(`ballot refused: HTTP ${saved.status}`);
          const answered = performance.now();
          const read = await callJson(server.url, 'GET', path);
          const fresh = performance.now();
          voters += 1;
          const ranking = read.body.data as RankingData;
          if (ranking.voteCount !== voters || ranking.headToHead.propositionIds.length === 0)
            throw new Error(`the read after ballot ${index} did not carry it (${ranking.voteCount} voters)`);
          if (index < WARM_UP) continue;
          ballotMs.push(answered - sent);
          freshMs.push(fresh - answered);
        }
        ballotMs.sort((a, b) => a - b);
        freshMs.sort((a, b) => a - b);
        console.log(
          `freshness (sqlite): ${fmt(PROPOSITIONS)} propositions, ${fmt(BALLOTS)} ballots loaded in ${fmt(loadedS, 1)} s; first ranking read (standing loaded cold) ${fmt(coldMs, 1)} ms`,
        );
        console.log(
          `freshness (sqlite): after each of ${MEASURED} ballots, the ranking with its head to head answered with it in p50 ${fmt(percentile(freshMs, 0.5), 1)} ms, p99 ${fmt(percentile(freshMs, 0.99), 1)} ms, max ${fmt(freshMs.at(-1) as number, 1)} ms (budget p99 <= 50 ms); the ballot itself answered in p50 ${fmt(percentile(ballotMs, 0.5), 1)} ms, p99 ${fmt(percentile(ballotMs, 0.99), 1)} ms`,
        );
      },
      // 210 voters register from one address in a few seconds.
      { ...LIFTED_CREATION_LIMITS, AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    );
    console.log(`freshness: section took ${fmt((performance.now() - began) / 1000, 1)} s`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
