import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { findTotalsMismatches } from '../db/integrity.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { type Cluster, NGINX_FAIL_TIMEOUT_MS, nginxMissing, startCluster } from '../test/cluster.js';
import { testDatabaseKind } from '../test/database.js';
import { LoadClient, type LoadReport, startMixedLoad, type Voter } from '../test/mixed-load.js';
import { LIFTED_CREATION_LIMITS } from '../test/process.js';

/**
 * Three app servers behind Debian's nginx (deploy/nginx/podium.conf, through server/test/cluster.ts),
 * restarted one after the other as an operator rolls a release, while visitors browse, voters vote and
 * live streams stay open: nobody sees a failure, every acknowledged ballot counts once, every stream is
 * back within 10 s. The longer run with 200 streams is `npm run bench -- --only proxy`.
 */
const VOTERS = 6;
const BROWSERS = 4;
const STREAMS = 30;
/** The auth limit per client address (logins, registrations): small, to see whose address the app counts. */
const AUTH_LIMIT = 10;

describe.skipIf(testDatabaseKind() !== 'postgres')('a rolling restart behind nginx', () => {
  let cluster: Cluster;
  let topicId: number;
  const names: [string, string, string] = ['Alpha', 'Bravo', 'Charlie'];

  beforeAll(async () => {
    const missing = nginxMissing();
    if (missing) throw new Error(missing);
    cluster = await startCluster({
      servers: 3,
      // Voters cast a ballot every few milliseconds: the creation limits are lifted for them.
      env: { ...LIFTED_CREATION_LIMITS, AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT) },
    });
    const setup = openDatabase({ url: cluster.databaseUrl });
    topicId = (await topicWith(setup.db, names)).id;
    await setup.close();
  }, 90_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('restarts each of three servers under load: no failed request, exact totals, every stream back within 10 s', async () => {
    const started = Date.now();
    // Each voter registers from an address of its own, as people do.
    const voters: Voter[] = await Promise.all(
      Array.from({ length: VOTERS }, async (_, i) => {
        const client = new LoadClient(cluster.url, `127.0.3.${i + 1}`);
        const registered = await client.send('POST', '/api/auth/register', {
          body: { username: `rolling_${i}`, email: `rolling_${i}@example.test`, password: 'rolling-restart' },
        });
        expect(registered.status).toBe(201);
        return { id: registered.body.data.user.id, token: registered.body.data.accessToken, client };
      }),
    );

    const load = startMixedLoad({
      baseUrl: cluster.url,
      topicId,
      propositionNames: names,
      voters,
      browsers: BROWSERS,
      streams: STREAMS,
      network: 20,
    });
    await new Promise((wait) => setTimeout(wait, 1_000));
    const restarts: string[] = [];
    for (let i = 0; i < cluster.servers.length; i++) {
      const { stopMs, startMs, exitCode } = await cluster.restart(i);
      expect(exitCode, `server ${i} exited cleanly, not killed after 10 s`).toBe(0);
      restarts.push(`stopped in ${stopMs} ms, started in ${startMs} ms`);
      // nginx may have marked the server failed while it was down: it tries it again after fail_timeout.
      await new Promise((wait) => setTimeout(wait, NGINX_FAIL_TIMEOUT_MS + 500));
    }
    // The last server's streams come back after their retry hint (3 s).
    await new Promise((wait) => setTimeout(wait, 4_000));
    const report: LoadReport = await load.stop();
    for (const voter of voters) voter.client.close();

    expect(report.failures, 'failed requests seen by clients').toEqual([]);
    expect(report.streamsDown, 'streams not open at the end').toBe(0);
    expect(report.reconnectionsMs.length, 'streams ended by the restarts came back').toBeGreaterThanOrEqual(
      STREAMS,
    );
    expect(Math.max(...report.reconnectionsMs)).toBeLessThan(10_000);

    // Every acknowledged ballot counted exactly once: one version per acknowledged change (each ballot
    // differs from the voter's previous one), the last one current, and the totals exact.
    const check = openDatabase({ url: cluster.databaseUrl });
    try {
      const propositions = await check.db
        .selectFrom('propositions')
        .select(['id', 'name'])
        .where('topic_id', '=', topicId)
        .execute();
      const nameOf = new Map(propositions.map((row) => [row.id, row.name]));
      const ballots = await check.db
        .selectFrom('ballots')
        .select(['user_id', 'version', 'first_id', 'second_id', 'third_id'])
        .where('topic_id', '=', topicId)
        .execute();
      expect(ballots).toHaveLength(VOTERS);
      const expectedPoints = new Map<string, number>();
      for (const ballot of ballots) {
        const tally = report.ballots.get(ballot.user_id);
        expect(tally?.acknowledged, 'ballots cast').toBeGreaterThan(0);
        expect(ballot.version, `versions of voter ${ballot.user_id}'s ballot`).toBe(tally?.acknowledged);
        const places = [ballot.first_id, ballot.second_id, ballot.third_id].map((id) => nameOf.get(id ?? 0));
        expect(places).toEqual(tally?.last);
        tally?.last.forEach((name, place) => {
          expectedPoints.set(name, (expectedPoints.get(name) ?? 0) + 3 - place);
        });
      }
      expect(await findTotalsMismatches(check.db)).toEqual([]);
      const ranking = await new LoadClient(cluster.url, '127.0.4.1').send(
        'GET',
        `/api/search/rankings/topic/${topicId}?language=en`,
      );
      const shown = new Map<string, number>(
        ranking.body.data.rankings.map((row: any) => [row.itemName, row.totalPoints]),
      );
      expect(shown).toEqual(expectedPoints);
    } finally {
      await check.close();
    }

    // The app counted the client's address nginx passed on, not nginx's own: one address past the auth
    // limit is refused while another is not (Redis holds the count for all three servers). Each attempt
    // names another account, so that no account's own throttle answers instead.
    const guesser = new LoadClient(cluster.url, '127.0.5.1');
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT; i++) {
      const answer = await guesser.send('POST', '/api/auth/login', {
        body: { email: `nobody_${i}@example.test`, password: 'wrong-password' },
      });
      statuses.push(answer.status);
    }
    guesser.close();
    expect(statuses.at(-1)).toBe(429);
    const other = new LoadClient(cluster.url, '127.0.5.2');
    const answer = await other.send('POST', '/api/auth/login', {
      body: { email: 'somebody@example.test', password: 'wrong-password' },
    });
    other.close();
    expect(answer.status).toBe(401);

    console.log(
      `rolling restart behind nginx: ${report.requests} requests, 0 failed, ` +
        `restarts: ${restarts.join('; ')}, ` +
        `${report.reconnectionsMs.length} stream reconnections, slowest ${Math.max(...report.reconnectionsMs)} ms, ` +
        `whole test ${Date.now() - started} ms`,
    );
  }, 90_000);
});
