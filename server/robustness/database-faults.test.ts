import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_CATALOG_ELEMENT_ID } from '../../common/constants.js';
import { uiCatalog } from '../../common/i18n/index.js';
import { openDatabase } from '../db/database.js';
import { findTotalsMismatches } from '../db/integrity.js';
import { topicWith } from '../modules/votes/test-helpers.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase, TcpProxy } from '../test/faults.js';
import { callJson, LIFTED_CREATION_LIMITS, type ServerProcess, startServerProcess } from '../test/process.js';

const NAMES = ['Da Marco', 'Chez Nino', 'Pizza Roma', 'Forno Verde', 'La Bella'];

async function registerVoters(url: string, count: number, prefix: string) {
  const voters: { token: string; id: number }[] = [];
  for (let i = 0; i < count; i++) {
    const response = await callJson(url, 'POST', '/api/auth/register', {
      body: { username: `${prefix}_${i}`, email: `${prefix}_${i}@example.test`, password: 'fault-tests' },
    });
    voters.push({ token: response.body.data.accessToken, id: response.body.data.user.id });
  }
  return voters;
}

function randomBallot(topicId: number, userId: number) {
  const names = [...NAMES].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3));
  return {
    topicId,
    propositions: names.map((itemName, i) => ({ itemName, points: 3 - i, userId })),
    userTags: [],
  };
}

/**
 * A web build of one page, the app's shell as the server expects it (its root's outlet, its head): the
 * server's page handler without the browser app or its server renderer, so that no test builds the web.
 */
function shellOnlyWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'podium-shell-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>Podium</title>\n  </head>\n  <body>\n    <div id="root"><!--app--><!--/app--></div>\n  </body>\n</html>\n',
  );
  return dir;
}

/** Times one request: the status, its body, and how long it took to answer. */
async function timed(url: string, path: string) {
  const started = performance.now();
  const response = await callJson(url, 'GET', path);
  return { ...response, ms: performance.now() - started };
}

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'a PostgreSQL server that drops or loses connections',
  () => {
    let database: Awaited<ReturnType<typeof createScratchDatabase>>;
    beforeAll(async () => {
      database = await createScratchDatabase('podium_faults');
    });
    afterAll(async () => {
      await database?.drop();
    });

    // Both tests send many ballots a second from few accounts: the creation limits are lifted for them.
    it('keeps serving when the database ends its pooled connections under a vote load, and loses no acknowledged ballot', async () => {
      const server = await startServerProcess({ DATABASE_URL: database.url, ...LIFTED_CREATION_LIMITS });
      try {
        const setup = openDatabase({ url: database.url });
        const topic = await topicWith(setup.db);
        const voters = await registerVoters(server.url, 8, 'dropped');

        // Per voter: the last acknowledged ballot, and those sent after it whose answer was lost (their
        // transaction may have committed just before its connection was ended).
        const acknowledged = new Map<number, string>();
        const unanswered = new Map<number, Set<string>>();
        const keyOf = (body: ReturnType<typeof randomBallot>) =>
          body.propositions.map((entry) => `${entry.points}:${entry.itemName}`).join('|');
        let sent = 0;
        let failed = 0;
        let terminated = 0;
        const until = Date.now() + 3_000;
        const load = voters.map(async (voter) => {
          while (Date.now() < until) {
            const body = randomBallot(topic.id, voter.id);
            sent += 1;
            const response = await callJson(server.url, 'POST', '/api/search/propositions', {
              token: voter.token,
              body,
            }).catch(() => ({ status: 0, body: undefined }));
            if (response.status === 200 || response.status === 201) {
              acknowledged.set(voter.id, keyOf(body));
              unanswered.set(voter.id, new Set());
            } else {
              failed += 1;
              unanswered.set(voter.id, (unanswered.get(voter.id) ?? new Set()).add(keyOf(body)));
              // Only a request caught on a dropped connection may fail, and it says so in the envelope.
              expect([0, 503]).toContain(response.status);
            }
          }
        });
        // Idle connections first (the finding: one of them killed the process), then every connection.
        const killer = (async () => {
          while (Date.now() < until) {
            terminated += await database.terminateBackends('idle');
            await new Promise((wait) => setTimeout(wait, 150));
            terminated += await database.terminateBackends();
            await new Promise((wait) => setTimeout(wait, 150));
          }
        })();
        await Promise.all([...load, killer]);

        expect(server.child.exitCode, server.output()).toBeNull();
        expect(terminated).toBeGreaterThan(5);
        expect((await callJson(server.url, 'GET', '/api/health')).status).toBe(200);
        for (const voter of voters) {
          const saved = await callJson(server.url, 'GET', `/api/search/user-votes/${topic.id}`, {
            token: voter.token,
          });
          const ballot = saved.body.data.votes
            .map((vote: any) => `${vote.points}:${vote.itemName}`)
            .sort()
            .reverse()
            .join('|');
          const possible = [acknowledged.get(voter.id), ...(unanswered.get(voter.id) ?? [])];
          expect(possible).toContain(ballot);
        }
        expect(await findTotalsMismatches(setup.db)).toEqual([]);
        await setup.close();
        console.info(
          `pooled connections ended: ${terminated}; ballots sent ${sent}, failed ${failed}, ` +
            `acknowledged voters ${acknowledged.size}/${voters.length}; server alive`,
        );
      } finally {
        await server.kill('SIGKILL');
      }
    });

    it('answers 503 within the connect timeout while the database is unreachable, and serves again when it returns', async () => {
      const proxy = await TcpProxy.start({ host: database.host, port: database.port });
      const throughProxy = new URL(database.url);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      const server = await startServerProcess({
        DATABASE_URL: throughProxy.toString(),
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        WEB_DIST_DIR: shellOnlyWebDist(),
      });
      try {
        const setup = openDatabase({ url: database.url });
        const topic = await topicWith(setup.db, ['Forno Verde']);
        const [voter] = await registerVoters(server.url, 1, 'unreachable');
        const topicPath = `/api/topics/${topic.id}`;
        expect((await timed(server.url, topicPath)).status).toBe(200);

        proxy.cut();
        const rssBefore = await rssOf(server);
        const outage = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            timed(server.url, i % 2 ? '/api/health' : '/api/topics/popular'),
          ),
        );
        for (const answer of outage) {
          expect(answer.status).toBe(503);
          expect(answer.body.success).toBe(false);
          // The connect timeout is 1 s; a request may first wait for a pooled connection's attempt to end.
          expect(answer.ms).toBeLessThan(2_500);
        }
        const refused = outage.find((answer) => answer.body.error.code === 'SERVICE_UNAVAILABLE');
        expect(refused, 'a data route answers SERVICE_UNAVAILABLE').toBeDefined();
        // A person opening a page gets a page: the app in their language, with the texts Podium ships,
        // which loads its data once the database is back; not the API's envelope.
        const page = await fetch(`${server.url}/?lng=de`);
        const html = await page.text();
        expect(page.status).toBe(503);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(page.headers.get('retry-after')).toBe('5');
        expect(html).toContain('<html lang="de"');
        expect(html).toContain(`id="${BOOT_CATALOG_ELEMENT_ID}" data-language="de"`);
        expect(html).toContain(JSON.stringify(uiCatalog.de['nav.home']));

        proxy.restore();
        const back = Date.now();
        let status = 0;
        while (Date.now() - back < 8_000) {
          status = (await timed(server.url, topicPath)).status;
          if (status === 200) break;
          await new Promise((wait) => setTimeout(wait, 200));
        }
        expect(status, 'serves again once the database is back').toBe(200);
        // The page served during the outage was not kept.
        expect((await fetch(`${server.url}/?lng=de`)).status).toBe(200);
        expect((await timed(server.url, '/api/health')).status).toBe(200);
        const vote = await callJson(server.url, 'POST', '/api/search/propositions', {
          token: voter?.token,
          body: randomBallot(topic.id, voter?.id ?? 0),
        });
        expect(vote.status).toBe(201);
        expect(server.child.exitCode).toBeNull();
        console.info(
          `database unreachable: ${outage.length} requests, ${outage.filter((a) => a.status === 503).length} answered 503, ` +
            `slowest ${Math.round(Math.max(...outage.map((a) => a.ms)))} ms; recovered in ${Date.now() - back} ms; ` +
            `server RSS ${rssBefore} MB before the outage, ${await rssOf(server)} MB after`,
        );
        await setup.close();
      } finally {
        await server.kill('SIGKILL');
        await proxy.close();
      }
    });
  },
);

/** Resident memory of a server process, in MB (Linux). */
async function rssOf(server: ServerProcess): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
