import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from './test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  // The defaults but the per-address limit, lowered so that a test reaches it with a few accounts.
  server = await startTestServer({
    creationLimits: { ...loadConfig({}).creationLimits, propositionsPerAddress: 12 },
  });
});
afterAll(() => server.close());

const names = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

/** Ballots of up to three new names each, each withdrawn at once, as the attack did. */
async function createAndWithdraw(user: TestUser, topicId: number, all: string[], target = server) {
  const statuses: number[] = [];
  for (let i = 0; i < all.length; i += 3) {
    const response = await vote(target, user.accessToken, ballot(topicId, all.slice(i, i + 3)));
    statuses.push(response.status);
    if (response.status === 429) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.body.error.code).toBe('RATE_LIMITED');
    }
    await target.request('DELETE', `/api/search/user-votes/${topicId}`, { token: user.accessToken });
  }
  return statuses;
}

describe('creation limits', () => {
  it('allows 6 new propositions per user per topic a day, withdrawn or not, then answers 429', async () => {
    const topic = await topicWith(server.ctx.db, ['Existing']);
    const user = await registerUser(server);
    expect(await createAndWithdraw(user, topic.id, names('Spam', 9))).toEqual([201, 201, 429]);
    // Existing propositions can still be voted for.
    expect((await vote(server, user.accessToken, ballot(topic.id, ['Existing']))).status).toBe(201);
  });

  it('refuses a whole ballot past the limit and changes nothing', async () => {
    const topic = await topicWith(server.ctx.db);
    const user = await registerUser(server);
    await createAndWithdraw(user, topic.id, names('Fill', 6));
    const before = await snapshotDatabase(server.ctx.db);
    const refused = await vote(server, user.accessToken, ballot(topic.id, ['One more']));
    expect(refused.status).toBe(429);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('allows 30 new propositions per user a day across topics', async () => {
    const fresh = await startTestServer({
      creationLimits: {
        ...loadConfig({}).creationLimits,
        propositionsPerAddress: 1_000,
        ballotsPerUserPerMinute: 100,
      },
    });
    try {
      const voter = await registerUser(fresh);
      const statuses: number[] = [];
      for (let t = 0; t < 6; t++) {
        const topic = await topicWith(fresh.ctx.db);
        statuses.push(...(await createAndWithdraw(voter, topic.id, names(`T${t}`, 6), fresh)));
      }
      // 5 topics x 6 = 30 creations, then refused.
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('allows a limited number of new propositions per client address, whatever the accounts', async () => {
    const topic = await topicWith(server.ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await registerUser(server);
      statuses.push((await vote(server, user.accessToken, ballot(topic.id, names(`Sybil ${i}`, 3)))).status);
    }
    // Earlier tests of this file already created some from this address: the limit of 12 is reached.
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(4);
  });

  it('allows 10 ballots per user a minute', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B']);
    const user = await registerUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await vote(server, user.accessToken, ballot(topic.id, i % 2 ? ['A'] : ['B']))).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200 || status === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
