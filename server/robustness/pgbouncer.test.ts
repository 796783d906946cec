import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { findTotalsMismatches } from '../db/integrity.js';
import { newReadableId } from '../db/readable-id.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase, OwnPgBouncer } from '../test/faults.js';
import { callJson, LIFTED_CREATION_LIMITS, type ServerProcess, startServerProcess } from '../test/process.js';
import { nowIso } from '../test/wall-clock.js';

/**
 * Podium behind PgBouncer in transaction pooling (README, "Behind PgBouncer"): two app servers send their
 * queries through one PgBouncer that lends 3 server connections per transaction, and keep their LISTEN
 * connection straight to PostgreSQL (DATABASE_DIRECT_URL). Named prepared statements are off
 * (DATABASE_PREPARED_STATEMENTS=false): Debian's PgBouncer (1.18) does not track them.
 */

const POOL_SIZE = 3;
const NAMES = ['Café Lumière', 'Brûlerie Nord', 'Kaffeehaus Süd', 'Torréfacteur Ouest'];
type Ballot = Array<{ itemName: string; points: number }>;

describe.skipIf(testDatabaseKind() !== 'postgres')('two app servers behind PgBouncer', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let bouncer: OwnPgBouncer;
  const servers: ServerProcess[] = [];
  let topicId = 0;

  beforeAll(async () => {
    scratch = await createScratchDatabase('podium_pgbouncer');
    const setup = openDatabase({ url: scratch.url });
    const category = await setup.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    topicId = (
      await setup.db
        .insertInto('topics')
        .values({
          readable_id: newReadableId('T'),
          slug: 'pooled-coffee',
          title: 'Pooled coffee',
          title_key: 'pooled coffee',
          language: 'en',
          category_id: category.id,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await setup.close();
    bouncer = await OwnPgBouncer.start(scratch.url, POOL_SIZE);
    const env = {
      DATABASE_URL: bouncer.urlFor(scratch.url),
      DATABASE_DIRECT_URL: scratch.url,
      DATABASE_PREPARED_STATEMENTS: 'false',
      ...LIFTED_CREATION_LIMITS,
    };
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
  });

  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await bouncer?.close();
    await scratch?.drop();
  });

  /** One number PostgreSQL tells of the scratch database, whose name is `$1`. */
  async function countOf(query: string): Promise<number> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(query, [scratch.name]);
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  /** The backends PostgreSQL holds for the scratch database now (PgBouncer's, the LISTEN connections). */
  const backends = () => countOf('select count(*)::int as n from pg_stat_activity where datname = $1');

  async function totalsOn(server: ServerProcess): Promise<Record<string, number>> {
    const ranking = await callJson(server.url, 'GET', `/api/search/rankings/topic/${topicId}?language=en`);
    expect(ranking.status).toBe(200);
    return Object.fromEntries(ranking.body.data.rankings.map((row: any) => [row.itemName, row.totalPoints]));
  }

  it('counts every ballot exactly, carries changes across servers within 1 s, and answers no 5xx', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const voters = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const response = await callJson(server.url, 'POST', '/api/auth/register', {
          body: { username: `pooled_${i}_x`, email: `pooled_${i}@example.test`, password: 'pgbouncer' },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        return { server, token: response.body.data.accessToken, id: response.body.data.user.id };
      }),
    );
    // Both servers migrated at start on a connection straight to PostgreSQL: the migrator's session-level
    // advisory lock was released by the session that took it, not left on one of PgBouncer's connections.
    const advisoryLocks = await countOf(
      `select count(*)::int as n from pg_locks
       where locktype = 'advisory' and database = (select oid from pg_database where datname = $1)`,
    );
    expect(advisoryLocks, 'advisory locks left held').toBe(0);
    // Session keys and tokens live in the database: a token from A works on B.
    expect((await callJson(b.url, 'GET', '/api/auth/me', { token: voters[0]?.token })).status).toBe(200);

    // Rounds of ballots through both servers, each voter changing theirs, with reads beside them; the
    // backends are counted meanwhile: 20 pooled connections of the app servers share PgBouncer's 3.
    const statuses: number[] = [];
    const finalBallots = new Map<number, Ballot>();
    let mostBackends = 0;
    let loading = true;
    const sampling = (async () => {
      while (loading) {
        mostBackends = Math.max(mostBackends, await backends());
        await new Promise((wait) => setTimeout(wait, 20));
      }
    })();
    for (let round = 0; round < 4; round++) {
      const ballots = voters.map(async (voter, i) => {
        const ballot: Ballot = [3, 2, 1].map((points, place) => ({
          itemName: NAMES[(i + round + place) % NAMES.length] as string,
          points,
        }));
        finalBallots.set(voter.id, ballot);
        const response = await callJson(voter.server.url, 'POST', '/api/search/propositions', {
          token: voter.token,
          body: {
            topicId,
            propositions: ballot.map((entry) => ({ ...entry, userId: voter.id })),
            userTags: [],
          },
        });
        statuses.push(response.status);
      });
      const reads = [a, b].flatMap((server) =>
        ['/api/search/rankings/topic/', '/api/topics/'].map(async (path) => {
          statuses.push((await callJson(server.url, 'GET', `${path}${topicId}?language=en`)).status);
        }),
      );
      await Promise.all([...ballots, ...reads]);
    }
    loading = false;
    await sampling;
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    expect(mostBackends, 'PgBouncer’s pool and the two LISTEN connections').toBeLessThanOrEqual(
      POOL_SIZE + 2,
    );

    const expected: Record<string, number> = {};
    for (const ballot of finalBallots.values()) {
      for (const entry of ballot) expected[entry.itemName] = (expected[entry.itemName] ?? 0) + entry.points;
    }
    expect(await totalsOn(a)).toEqual(expected);
    expect(await totalsOn(b)).toEqual(expected);

    // Read-your-writes across servers: B has the ranking in its cache; a ballot on A reaches it within 1 s
    // (the NOTIFY goes through PgBouncer, the LISTEN connection is direct).
    const voter = voters[0] as (typeof voters)[number];
    const before = await totalsOn(b);
    const changed = await callJson(a.url, 'POST', '/api/search/propositions', {
      token: voter.token,
      body: {
        topicId,
        propositions: [{ itemName: 'Espresso Est', points: 3, userId: voter.id }],
        userTags: [],
      },
    });
    expect(changed.status).toBe(200);
    const started = Date.now();
    let seen = before;
    while (seen['Espresso Est'] !== 3 && Date.now() - started < 1_000) {
      await new Promise((wait) => setTimeout(wait, 50));
      seen = await totalsOn(b);
    }
    expect(seen['Espresso Est'], 'B shows the ballot taken on A within 1 s').toBe(3);

    const check = openDatabase({ url: scratch.url });
    expect(await findTotalsMismatches(check.db)).toEqual([]);
    await check.close();
    const output = servers.map((server) => server.output()).join('\n');
    expect(output).not.toMatch(/prepared statement|status(Code)?"?:\s*5\d\d/i);
    expect(bouncer.log()).not.toMatch(/prepared statement/i);
  }, 60_000);
});
