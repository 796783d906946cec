import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from './test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function ranking(topicId: number) {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}`);
  return response.body.data.rankings.map(
    (row: { itemName: string; totalPoints: number; voteCount: number }) => [
      row.itemName,
      row.totalPoints,
      row.voteCount,
    ],
  );
}

describe('POST /api/search/propositions', () => {
  it('saves a first top 3 with 201, voting for existing names whatever their case and accents', async () => {
    const topic = await topicWith(server.ctx.db, ['Pizzeria Da Marco', 'Luigi']);
    const user = await registerUser(server);
    const response = await vote(
      server,
      user.accessToken,
      ballot(topic.id, [' pizzéria da marco ', 'Chez Nino', 'LUIGI'], user.id),
    );
    expect(response.status).toBe(201);
    expect(response.body.data.votes).toEqual([
      {
        id: expect.any(Number),
        itemName: 'Pizzeria Da Marco',
        points: 3,
        userId: user.id,
        propositionId: topic.propositions['Pizzeria Da Marco'],
        awaitingReview: false,
      },
      {
        id: expect.any(Number),
        itemName: 'Chez Nino',
        points: 2,
        userId: user.id,
        propositionId: expect.any(Number),
        awaitingReview: false,
      },
      {
        id: expect.any(Number),
        itemName: 'Luigi',
        points: 1,
        userId: user.id,
        propositionId: topic.propositions.Luigi,
        awaitingReview: false,
      },
    ]);
    expect((await ranking(topic.id)).map(([itemName]: [string]) => itemName)).toEqual([
      'Pizzeria Da Marco',
      'Chez Nino',
      'Luigi',
    ]);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('replaces the previous votes with 200 on a re-vote, never 409, and keeps totals and voters exact', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B', 'C', 'D']);
    const user = await registerUser(server);
    expect((await vote(server, user.accessToken, ballot(topic.id, ['A', 'B', 'C']))).status).toBe(201);
    const again = await vote(server, user.accessToken, ballot(topic.id, ['C', null, 'D']));
    expect(again.status).toBe(200);
    expect(
      again.body.data.votes.map((v: { itemName: string; points: number }) => [v.itemName, v.points]),
    ).toEqual([
      ['C', 3],
      ['D', 1],
    ]);
    expect(await ranking(topic.id)).toEqual([
      ['C', 3, 1],
      ['D', 1, 1],
      ['A', 0, 0],
      ['B', 0, 0],
    ]);
    const topicRow = await server.ctx.db
      .selectFrom('topics')
      .select('vote_count')
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    expect(topicRow.vote_count).toBe(1);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('sums several people and counts each voter once', async () => {
    const topic = await topicWith(server.ctx.db);
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await vote(server, alice.accessToken, ballot(topic.id, ['Margherita', 'Napoli', 'Diavola']));
    await vote(server, bob.accessToken, ballot(topic.id, ['napoli', 'Margherita']));
    expect(await ranking(topic.id)).toEqual([
      ['Margherita', 5, 2],
      ['Napoli', 5, 2],
      ['Diavola', 1, 1],
    ]);
    const rankingRead = await server.request('GET', `/api/search/rankings/topic/${topic.id}`);
    expect(rankingRead.body.data.voteCount).toBe(2);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    const user = await registerUser(server);
    await vote(server, user.accessToken, ballot(topic.id, ['A']));
    const entry = (itemName: unknown, points: unknown) => ({ itemName, points });
    for (const body of [
      { topicId: topic.id, propositions: [] },
      { topicId: topic.id, propositions: [entry('A', 3), entry('B', 2), entry('C', 1), entry('D', 1)] },
      { topicId: topic.id, propositions: [entry('A', 3), entry('B', 3)] },
      { topicId: topic.id, propositions: [entry('A', 3), entry(' à ', 2), entry('a', 1)] },
      { topicId: topic.id, propositions: [entry('Pizza', 3), entry('PIZZA', 2)] },
      { topicId: topic.id, propositions: [entry('   ', 3)] },
      { topicId: topic.id, propositions: [entry('!!!', 3)] },
      { topicId: topic.id, propositions: [entry('x'.repeat(121), 3)] },
      { topicId: topic.id, propositions: [entry('A', 4)] },
      { topicId: topic.id, propositions: [entry('A', '3')] },
      { topicId: 'x', propositions: [entry('A', 3)] },
      { propositions: [entry('A', 3)] },
      'not json',
    ]) {
      const before = await snapshotDatabase(server.ctx.db);
      const response = await vote(server, user.accessToken, body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      expect(await snapshotDatabase(server.ctx.db)).toBe(before);
    }
  });

  it('accepts a name of exactly 120 characters', async () => {
    const topic = await topicWith(server.ctx.db);
    const user = await registerUser(server);
    const response = await vote(server, user.accessToken, ballot(topic.id, ['y'.repeat(120)]));
    expect(response.status).toBe(201);
  });

  it('refuses with 403 an entry that names another user, administrators included', async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    const alice = await registerUser(server);
    const admin = await createAdmin(server);
    for (const caller of [alice, admin]) {
      const before = await snapshotDatabase(server.ctx.db);
      const other = caller === alice ? admin.id : alice.id;
      const response = await vote(server, caller.accessToken, ballot(topic.id, ['A'], other));
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('FORBIDDEN');
      expect(await snapshotDatabase(server.ctx.db)).toBe(before);
    }
  });

  it('refuses an unknown topic with 404 and an inactive one with 409 TOPIC_INACTIVE', async () => {
    const user = await registerUser(server);
    const unknown = await vote(server, user.accessToken, ballot(999_999, ['A']));
    expect(unknown.status).toBe(404);
    const inactive = await topicWith(server.ctx.db, ['A'], { isActive: false });
    const before = await snapshotDatabase(server.ctx.db);
    const closed = await vote(server, user.accessToken, ballot(inactive.id, ['A', 'New']));
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('TOPIC_INACTIVE');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('requires a signed-in caller', async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    const response = await server.request('POST', '/api/search/propositions', {
      body: ballot(topic.id, ['A']),
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/search/user-votes/:topicId', () => {
  it('returns my votes best place first, and hasVoted false before any vote', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B']);
    const user = await registerUser(server);
    const empty = await server.request('GET', `/api/search/user-votes/${topic.id}?userId=${user.id}`, {
      token: user.accessToken,
    });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ votes: [], hasVoted: false, notices: [], counting: null });
    await vote(server, user.accessToken, ballot(topic.id, [null, 'B', 'A']));
    const mine = await server.request('GET', `/api/search/user-votes/${topic.id}`, {
      token: user.accessToken,
    });
    expect(mine.body.data.hasVoted).toBe(true);
    expect(mine.body.data.votes).toEqual([
      {
        id: expect.any(Number),
        itemName: 'B',
        points: 2,
        userId: user.id,
        propositionId: topic.propositions.B,
        awaitingReview: false,
      },
      {
        id: expect.any(Number),
        itemName: 'A',
        points: 1,
        userId: user.id,
        propositionId: topic.propositions.A,
        awaitingReview: false,
      },
    ]);
  });

  it("refuses another user's votes with 403, but lets an administrator read them", async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    const [alice, bob, admin] = [
      await registerUser(server),
      await registerUser(server),
      await createAdmin(server),
    ];
    await vote(server, alice.accessToken, ballot(topic.id, ['A']));
    const path = `/api/search/user-votes/${topic.id}?userId=${alice.id}`;
    const denied = await server.request('GET', path, { token: bob.accessToken });
    expect(denied.status).toBe(403);
    const allowed = await server.request('GET', path, { token: admin.accessToken });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.votes).toHaveLength(1);
  });

  it('requires a token and a numeric topic id', async () => {
    expect((await server.request('GET', '/api/search/user-votes/1')).status).toBe(401);
    const user = await registerUser(server);
    expect(
      (await server.request('GET', '/api/search/user-votes/abc', { token: user.accessToken })).status,
    ).toBe(400);
  });
});

describe('DELETE /api/search/user-votes/:topicId', () => {
  it('withdraws all my votes on the topic and updates the totals and the voter count', async () => {
    const topic = await topicWith(server.ctx.db, ['A', 'B']);
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B']));
    await vote(server, bob.accessToken, ballot(topic.id, ['B']));
    const response = await server.request('DELETE', `/api/search/user-votes/${topic.id}?userId=${alice.id}`, {
      token: alice.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { withdrawn: 2 } });
    expect(await ranking(topic.id)).toEqual([
      ['B', 3, 1],
      ['A', 0, 0],
    ]);
    const rankingRead = await server.request('GET', `/api/search/rankings/topic/${topic.id}`);
    expect(rankingRead.body.data.voteCount).toBe(1);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    const again = await server.request('DELETE', `/api/search/user-votes/${topic.id}`, {
      token: alice.accessToken,
    });
    expect(again.body.data.withdrawn).toBe(0);
  });

  it("removes a voter's proposition when its last vote goes, and keeps an administrator's", async () => {
    const topic = await topicWith(server.ctx.db, ['Listed by the admin']);
    const [user, other] = [await registerUser(server), await registerUser(server)];
    await vote(server, user.accessToken, ballot(topic.id, ['Brand new place', 'Listed by the admin']));
    await vote(server, other.accessToken, ballot(topic.id, ['Brand new place']));
    await server.request('DELETE', `/api/search/user-votes/${topic.id}`, { token: user.accessToken });
    // Another vote still holds it.
    expect(await ranking(topic.id)).toEqual([
      ['Brand new place', 3, 1],
      ['Listed by the admin', 0, 0],
    ]);
    // Moving away from it counts as its last vote going, as a withdrawal does.
    await vote(server, other.accessToken, ballot(topic.id, ['Listed by the admin']));
    expect(await ranking(topic.id)).toEqual([['Listed by the admin', 3, 1]]);
  });

  it("refuses to withdraw someone else's votes with 403 and changes nothing", async () => {
    const topic = await topicWith(server.ctx.db, ['A']);
    const [alice, admin] = [await registerUser(server), await createAdmin(server)];
    await vote(server, alice.accessToken, ballot(topic.id, ['A']));
    const before = await snapshotDatabase(server.ctx.db);
    const response = await server.request('DELETE', `/api/search/user-votes/${topic.id}?userId=${alice.id}`, {
      token: admin.accessToken,
    });
    expect(response.status).toBe(403);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('answers 404 for an unknown topic', async () => {
    const user = await registerUser(server);
    const response = await server.request('DELETE', '/api/search/user-votes/999999', {
      token: user.accessToken,
    });
    expect(response.status).toBe(404);
  });
});

describe('GET /api/search/rankings/topic/{topicId} (served from memory between changes)', () => {
  it('shows every vote, withdrawal and administrator edit on the very next read', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha', 'Beta', 'Gamma']);
    const [user, admin] = [await registerUser(server), await createAdmin(server)];
    expect(await ranking(topic.id)).toEqual([
      ['Alpha', 0, 0],
      ['Beta', 0, 0],
      ['Gamma', 0, 0],
    ]);

    await vote(server, user.accessToken, ballot(topic.id, ['Gamma', 'Beta']));
    expect(await ranking(topic.id)).toEqual([
      ['Gamma', 3, 1],
      ['Beta', 2, 1],
      ['Alpha', 0, 0],
    ]);

    const renamed = await server.request(
      'PUT',
      `/api/admin/topics/${topic.id}/propositions/${topic.propositions.Gamma}`,
      { token: admin.accessToken, body: { itemName: 'Gamma Prime' } },
    );
    expect(renamed.status).toBe(200);
    const removed = await server.request(
      'DELETE',
      `/api/admin/topics/${topic.id}/propositions/${topic.propositions.Alpha}`,
      { token: admin.accessToken },
    );
    expect(removed.status).toBe(200);
    expect(await ranking(topic.id)).toEqual([
      ['Gamma Prime', 3, 1],
      ['Beta', 2, 1],
    ]);

    await server.request('DELETE', `/api/search/user-votes/${topic.id}`, { token: user.accessToken });
    expect(await ranking(topic.id)).toEqual([
      ['Beta', 0, 0],
      ['Gamma Prime', 0, 0],
    ]);
  });

  it("shows a topic's new vote count right after a vote, though its details are served from memory", async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const user = await registerUser(server);
    const read = async () =>
      (await server.request('GET', `/api/topics/${topic.id}?language=en`)).body.data.topic;
    expect((await read()).voteCount).toBe(0);
    await vote(server, user.accessToken, ballot(topic.id, ['Alpha']));
    expect((await read()).voteCount).toBe(1);
    await server.request('DELETE', `/api/search/user-votes/${topic.id}`, { token: user.accessToken });
    expect((await read()).voteCount).toBe(0);
  });

  it('stops serving the ranking of a topic an administrator closes', async () => {
    const topic = await topicWith(server.ctx.db, ['Alpha']);
    const admin = await createAdmin(server);
    expect((await server.request('GET', `/api/search/rankings/topic/${topic.id}`)).status).toBe(200);
    const closed = await server.request('PUT', `/api/admin/topics/${topic.id}/status`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(closed.status).toBe(200);
    expect((await server.request('GET', `/api/search/rankings/topic/${topic.id}`)).status).toBe(404);
  });
});
