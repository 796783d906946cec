import type { Kysely } from 'kysely';
import { dayOf } from '../../common/history/days.js';
import { systemClock } from '../../server/clock/clock.js';
import type { Database } from '../../server/db/schema.js';
import { SNAPSHOT_JOB } from '../../server/modules/history/service.js';
import { LIFTED_CREATION_LIMITS, startServerProcess } from '../../server/test/process.js';
import { type CannonRequest, load } from './autocannon.js';
import { type BenchDatabase, benchEnvironment, ensureBenchDataset, openBenchDatabase } from './dataset.js';
import { fmt, median, spread } from './format.js';
import { mintTokens } from './tokens.js';

/** The budget: the daily snapshot of 100,000 topics. */
const BUDGET_S = 60;
const RUNS = 3;
const CONNECTIONS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The daily rank snapshot on the bench data set (issue 37), run by the server's own job runner as in
 * production: its duration over every topic, and ballots per second while it runs against while it does
 * not, alternated `RUNS` times (medians and ranges). Each run takes the worst day: every snapshot is
 * deleted first, so every topic with points gets its first one (about 100,000 written); the 90 days of
 * history are back-filled again at the end. Answers the broken budgets.
 */
export async function benchSnapshot(kinds: readonly BenchDatabase[], seconds: number): Promise<string[]> {
  const failures: string[] = [];
  for (const kind of kinds) {
    await ensureBenchDataset(kind);
    const handle = openBenchDatabase(kind);
    const topics = await handle.db
      .selectFrom('propositions')
      .select(['topic_id', 'name'])
      .where('topic_id', 'in', (eb) =>
        eb
          .selectFrom('topics')
          .select('id')
          .where('is_main', '=', 0)
          .orderBy('vote_count', 'desc')
          .limit(200),
      )
      .execute();
    const names = new Map<number, string[]>();
    for (const row of topics) names.set(row.topic_id, [...(names.get(row.topic_id) ?? []), row.name]);
    const voters = await mintTokens(handle, 2000);
    const server = await startServerProcess({
      ...benchEnvironment(kind),
      LOG_LEVEL: 'warn',
      SEED: 'none',
      // The runner looks often, so that the job starts within a moment of being enqueued.
      JOBS_POLL_INTERVAL_MS: '100',
      ...LIFTED_CREATION_LIMITS,
    });
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
    const topicIds = [...names.keys()];
    const ballots: CannonRequest[] = [
      {
        setupRequest: (request) => {
          const voter = pick(voters);
          const topicId = pick(topicIds);
          const chosen = new Set<string>();
          const existing = names.get(topicId) ?? [];
          while (chosen.size < Math.min(3, existing.length)) chosen.add(pick(existing));
          return {
            ...request,
            method: 'POST',
            path: '/api/search/propositions',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${voter.token}` },
            body: JSON.stringify({
              topicId,
              propositions: [...chosen].map((itemName, i) => ({ itemName, points: 3 - i, userId: voter.id })),
              userTags: [],
            }),
          };
        },
      },
    ];
    let window = seconds;
    const measure = () =>
      load({ url: server.url, connections: CONNECTIONS, seconds: window, requests: ballots });
    const quiet: number[] = [];
    const during: number[] = [];
    const durations: number[] = [];
    const written: number[] = [];
    try {
      await load({ url: server.url, connections: CONNECTIONS, seconds: 3, requests: ballots });
      // Alone first: how long the snapshot takes on an idle server, which sets the loads' length so that
      // a load "during" it covers it.
      await clearHistory(handle.db);
      const started = performance.now();
      await waitForJob(handle.db, await enqueueSnapshot(handle.db, 0));
      const alone = (performance.now() - started) / 1000;
      window = Math.max(seconds, Math.ceil(alone));
      console.log(
        `${kind}: snapshot alone ${alone.toFixed(1)} s, ${fmt(await countSnapshots(handle.db))} topics written; loads of ${window} s`,
      );
      for (let run = 1; run <= RUNS; run++) {
        quiet.push((await measure()).rps);
        await clearHistory(handle.db);
        const enqueued = performance.now();
        const id = await enqueueSnapshot(handle.db, run);
        const loadDone = measure();
        const finished = waitForJob(handle.db, id).then(() => (performance.now() - enqueued) / 1000);
        const [result, duration] = await Promise.all([loadDone, finished]);
        during.push(result.rps);
        durations.push(duration);
        written.push(await countSnapshots(handle.db));
        console.log(
          `${kind} run ${run}: ballots/s ${fmt(quiet.at(-1) as number)} without, ${fmt(result.rps)} during; snapshot ${duration.toFixed(1)} s, ${fmt(written.at(-1) as number)} topics written`,
        );
      }
    } finally {
      await server.kill('SIGTERM');
    }
    console.log(
      `\n${kind}: daily snapshot of every topic, worst day (${fmt(median(written))} topics written): median ${median(durations).toFixed(1)} s (${spread(durations, 1)}), budget ${BUDGET_S} s`,
    );
    console.log(
      `${kind}: ballots/s at ${CONNECTIONS} connections, ${window} s each: without the snapshot median ${fmt(median(quiet))} (${spread(quiet)}), while it runs median ${fmt(median(during))} (${spread(during)})`,
    );
    if (median(durations) >= BUDGET_S)
      failures.push(
        `${kind}: the daily snapshot took ${median(durations).toFixed(1)} s (budget ${BUDGET_S} s)`,
      );
    const { takeSnapshots } = await import('../../server/modules/history/snapshots.js');
    const { backfillDays } = await import('../../server/modules/history/service.js');
    await takeSnapshots(handle, backfillDays(systemClock.now(), 90), systemClock.nowIso());
    await handle.close();
  }
  return failures;
}

async function clearHistory(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('rank_snapshot_places').execute();
  await db.deleteFrom('rank_snapshots').execute();
}

async function countSnapshots(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('rank_snapshots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Today's occurrence of the daily job (it snapshots yesterday), under a key of this run's own. */
async function enqueueSnapshot(db: Kysely<Database>, run: number): Promise<number> {
  const now = systemClock.nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      kind: SNAPSHOT_JOB,
      payload: '{}',
      unique_key: `${SNAPSHOT_JOB}@bench-${now}-${run}`,
      state: 'queued',
      max_attempts: 1,
      due_at: `${dayOf(systemClock.now())}T00:00:00.000Z`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function waitForJob(db: Kysely<Database>, id: number): Promise<void> {
  for (;;) {
    const job = await db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (job?.state === 'done') return;
    if (job?.state === 'failed') throw new Error(`the snapshot job failed: ${job.last_error}`);
    await sleep(100);
  }
}
