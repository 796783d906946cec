import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { recountTopics } from '../../server/modules/rankings/recount.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { createScratchDatabase } from '../../server/test/faults.js';
import { callJson } from '../../server/test/process.js';
import { BENCH_PG_URL } from './dataset.js';
import { fmt } from './format.js';
import { withServer } from './stream-server.js';

/** The topic: 100,000 ballots, spread over 90 days (issue 36). */
const BALLOTS = 100_000;
const FLAGS = 10;
const BALLOTS_PER_FLAG = 50;
const REQUESTS = 50;
const BUDGET_MS = 200;
const ROWS_PER_STATEMENT = 1_000;
const DAY_MS = 86_400_000;
const ADMIN = { email: 'integrity-bench@example.test', password: 'integrity-bench' };

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number;
};

/** Writes the topic, its voters, their ballots (one version each, a network on the recent ones) and some flags. */
async function seedTopic(databaseUrl: string): Promise<number> {
  const handle = openDatabase({ url: databaseUrl });
  try {
    await migrateToLatest(handle);
    const db = handle.db;
    const topic = await topicWith(
      db,
      Array.from({ length: 10 }, (_, i) => `Integrity bench place ${i + 1}`),
    );
    const ids = Object.values(topic.propositions);
    const now = Date.now();
    for (let start = 0; start < BALLOTS; start += ROWS_PER_STATEMENT) {
      const batch = Array.from(
        { length: Math.min(ROWS_PER_STATEMENT, BALLOTS - start) },
        (_, k) => start + k,
      );
      const users = await db
        .insertInto('users')
        .values(
          batch.map((i) => ({
            readable_id: `ib${i}`,
            username: `integrity_bench_${i}`,
            username_key: `integrity_bench_${i}`,
            email: `integrity_bench_${i}@example.test`,
            password_hash: 'not a hash: these accounts never sign in',
            language: 'en',
            created_at: new Date(now - 400 * DAY_MS + i * 60_000).toISOString(),
            updated_at: new Date(now).toISOString(),
          })),
        )
        .returning('id')
        .execute();
      const ballots = await db
        .insertInto('ballots')
        .values(
          users.map((user, k) => {
            const i = start + k;
            const castAt = new Date(now - ((i * 7919) % (90 * 24 * 60)) * 60_000).toISOString();
            return {
              topic_id: topic.id,
              user_id: user.id,
              first_cast_at: castAt,
              version: 1,
              updated_at: castAt,
              voted_at: castAt,
              state: i % 50 === 0 ? ('quarantined' as const) : ('counted' as const),
              first_id: ids[i % ids.length] as number,
              second_id: ids[(i + 1) % ids.length] as number,
              third_id: ids[(i + 2) % ids.length] as number,
            };
          }),
        )
        .returning(['id', 'voted_at', 'first_id', 'second_id', 'third_id'])
        .execute();
      await db
        .insertInto('ballot_versions')
        .values(
          ballots.map((ballot, k) => ({
            ballot_id: ballot.id,
            version: 1,
            cast_at: ballot.voted_at,
            cause: 'vote' as const,
            first_id: ballot.first_id,
            second_id: ballot.second_id,
            third_id: ballot.third_id,
            network:
              Date.parse(ballot.voted_at) > now - 30 * DAY_MS ? `198.51.${(start + k) % 256}.0/24` : null,
          })),
        )
        .execute();
      if (start < FLAGS * BALLOTS_PER_FLAG) {
        const flag = await db
          .insertInto('burst_flags')
          .values({
            topic_id: topic.id,
            proposition_id: ids[0] as number,
            kind: 'network',
            network: '203.0.113.0/24',
            first_cast_at: ballots[0]?.voted_at as string,
            last_cast_at: ballots[BALLOTS_PER_FLAG - 1]?.voted_at as string,
            created_at: new Date(now).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('burst_flag_ballots')
          .values(
            ballots.slice(0, BALLOTS_PER_FLAG).map((ballot) => ({ flag_id: flag.id, ballot_id: ballot.id })),
          )
          .execute();
      }
    }
    await recountTopics(db, [topic.id]);
    // As a database in service is: its statistics gathered and, on PostgreSQL, its visibility map set (the
    // autovacuum's work), so that index-only scans are possible.
    await sql`${sql.raw(handle.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
    return topic.id;
  } finally {
    await handle.close();
  }
}

async function benchScreenOn(
  kind: 'sqlite' | 'postgres',
  databaseUrl: string,
  dataDir: string,
): Promise<boolean> {
  const topicId = await seedTopic(databaseUrl);
  return withServer(
    databaseUrl,
    dataDir,
    async (server) => {
      const login = await callJson(server.url, 'POST', '/api/auth/login', { body: ADMIN });
      if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
      const token = login.body.data.accessToken as string;
      const times: number[] = [];
      for (let i = 0; i < REQUESTS + 5; i++) {
        const started = performance.now();
        const answer = await callJson(
          server.url,
          'GET',
          `/api/admin/integrity/topics/${topicId}?days=90&lang=en`,
          {
            token,
          },
        );
        if (answer.status !== 200) throw new Error(`integrity screen answered ${answer.status}`);
        if (i >= 5) times.push(performance.now() - started);
      }
      const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
      const ok = p99 < BUDGET_MS;
      console.log(
        `integrity screen (${kind}), a topic of ${BALLOTS.toLocaleString('en')} ballots over 90 days with ${FLAGS} flags of ${BALLOTS_PER_FLAG}: median ${fmt(p50, 1)} ms, p99 ${fmt(p99, 1)} ms over ${REQUESTS} requests (budget < ${BUDGET_MS} ms) ${ok ? 'ok' : 'OVER BUDGET'}`,
      );
      return ok;
    },
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  );
}

/** The integrity screen of a topic of 100,000 ballots answers in under 200 ms (issue 36). */
export async function benchIntegrityScreen(kinds: readonly ('sqlite' | 'postgres')[]): Promise<boolean> {
  let ok = true;
  if (kinds.includes('sqlite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-integrity-'));
    try {
      ok = (await benchScreenOn('sqlite', `sqlite:${join(dataDir, 'podium.sqlite')}`, dataDir)) && ok;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (kinds.includes('postgres')) {
    const server = new URL(BENCH_PG_URL);
    server.pathname = '/postgres';
    const database = await createScratchDatabase('podium_integrity', server.toString());
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-integrity-'));
    try {
      ok = (await benchScreenOn('postgres', database.url, dataDir)) && ok;
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return ok;
}
