import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { findTotalsMismatches } from '../../server/db/integrity.js';
import { topicWith } from '../../server/modules/votes/test-helpers.js';
import { createScratchDatabase } from '../../server/test/faults.js';
import { callJson, LIFTED_CREATION_LIMITS } from '../../server/test/process.js';
import { BENCH_PG_URL } from './dataset.js';
import { fmt } from './format.js';
import { loadBallots } from './load-ballots.js';
import { register, withServer } from './stream-server.js';

/** Issue 34: two propositions named by 10,000 ballots each, merged while ballots keep coming. */
const BALLOTS_EACH = 10_000;
const OTHERS = 8;
const CONCURRENT_VOTERS = 10;
const ADMIN = { email: 'merge-bench@example.test', password: 'merge-bench-admin' };

/**
 * A topic of ten propositions where "Kept" and "Duplicate" are each named by 10,000 ballots (a tenth of
 * which name both), loaded straight into the database; then, on a server, the duplicate merged into the
 * kept one through the API while ten voters send ballots without pause. Prints the merge's answer time,
 * the ballots refused (none may be) and the recount after it.
 */
async function benchMergeOn(
  kind: 'sqlite' | 'postgres',
  databaseUrl: string,
  dataDir: string,
): Promise<void> {
  const setup = openDatabase({ url: databaseUrl });
  let topicId: number;
  let kept: number;
  let duplicate: number;
  const names = [
    'Kept place',
    'Duplicate place',
    ...Array.from({ length: OTHERS }, (_, i) => `Other place ${i + 1}`),
  ];
  try {
    await migrateToLatest(setup);
    const topic = await topicWith(setup.db, names);
    topicId = topic.id;
    const ids = names.map((name) => topic.propositions[name] as number);
    [kept, duplicate] = ids as [number, number];
    const others = ids.slice(2);
    const now = Date.now();
    await loadBallots(setup.db, topicId, {
      count: 2 * BALLOTS_EACH,
      prefix: kind === 'sqlite' ? 'merges' : 'mergep',
      castAt: (n) => new Date(now - 86_400_000 + n).toISOString(),
      places: (n) => {
        const named = n < BALLOTS_EACH ? kept : duplicate;
        const other = others[n % others.length] as number;
        // One ballot in ten names both, the duplicate first half of those times.
        if (n % 10 === 0) return n % 20 === 0 ? [duplicate, other, kept] : [kept, duplicate, other];
        return n % 2 === 0 ? [named, other] : [other, named];
      },
    });
  } finally {
    await setup.close();
  }
  await withServer(
    databaseUrl,
    dataDir,
    async (server) => {
      const login = await callJson(server.url, 'POST', '/api/auth/login', { body: ADMIN });
      const adminToken = login.body.data.accessToken as string;
      const voters = await Promise.all(
        Array.from({ length: CONCURRENT_VOTERS }, (_, i) => register(server.url, `mergevoter${kind}${i}`)),
      );
      let merging = true;
      let sent = 0;
      const refused: number[] = [];
      const voting = voters.map(async (voter, index) => {
        while (merging) {
          const propositions = [names[index % 2], names[2 + (sent % OTHERS)]].map((itemName, place) => ({
            itemName: itemName as string,
            points: 3 - place,
          }));
          sent++;
          const answer = await callJson(server.url, 'POST', '/api/search/propositions', {
            token: voter.token,
            body: { topicId, propositions, userTags: [] },
          });
          if (answer.status !== 200 && answer.status !== 201) refused.push(answer.status);
        }
      });
      // Ballots flowing before the merge starts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const merged = await callJson(
        server.url,
        'POST',
        `/api/admin/topics/${topicId}/propositions/${duplicate}/merge`,
        {
          token: adminToken,
          body: { intoId: kept },
        },
      );
      const mergeMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 300));
      merging = false;
      await Promise.all(voting);
      if (merged.status !== 200)
        throw new Error(`merge refused: HTTP ${merged.status} ${JSON.stringify(merged.body)}`);
      const check = openDatabase({ url: databaseUrl });
      const mismatches = await findTotalsMismatches(check.db).finally(() => check.close());
      console.log(
        `merge (${kind}): ${fmt(BALLOTS_EACH)} + ${fmt(BALLOTS_EACH)} ballots, merged in ${fmt(mergeMs, 0)} ms (budget < 2,000 ms) while ${CONCURRENT_VOTERS} voters sent ${fmt(sent)} ballots: ${refused.length} refused${refused.length > 0 ? ` (${[...new Set(refused)].join(', ')})` : ''}; recount after it: ${mismatches.length === 0 ? 'every total exact' : `${mismatches.length} mismatches`}`,
      );
    },
    {
      ...LIFTED_CREATION_LIMITS,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  );
}

export async function benchMerge(kinds: readonly ('sqlite' | 'postgres')[]): Promise<void> {
  if (kinds.includes('sqlite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-merge-'));
    try {
      await benchMergeOn('sqlite', `sqlite:${join(dataDir, 'podium.sqlite')}`, dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (kinds.includes('postgres')) {
    // A scratch database of its own on the bench's PostgreSQL server, made from its maintenance database.
    const server = new URL(BENCH_PG_URL);
    server.pathname = '/postgres';
    const database = await createScratchDatabase('podium_merge', server.toString());
    const dataDir = mkdtempSync(join(tmpdir(), 'podium-merge-'));
    try {
      await benchMergeOn('postgres', database.url, dataDir);
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
