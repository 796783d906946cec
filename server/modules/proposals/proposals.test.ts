import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from '../votes/test-helpers.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2031-05-01T09:00:00.000Z');
  admin = await createAdmin(server);
});
afterAll(() => server.close());

interface RankingRow {
  itemName: string;
  totalPoints: number;
  voteCount: number;
  eligibleBallots: number;
}

async function rankingOf(topicId: number) {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}`);
  return (response.body.data.rankings as RankingRow[]).map((row) => [
    row.itemName,
    row.totalPoints,
    row.voteCount,
    row.eligibleBallots,
  ]);
}

async function myBallot(topicId: number, voter: TestUser) {
  const response = await server.request('GET', `/api/search/user-votes/${topicId}`, {
    token: voter.accessToken,
  });
  expect(response.status).toBe(200);
  return response.body.data as {
    votes: { itemName: string; points: number; awaitingReview: boolean }[];
    notices: { kind: string; propositionName: string; reason: string | null; note: string | null }[];
  };
}

/** A topic whose new names are held for review, with listed propositions. */
async function reviewedTopic(names: string[]) {
  const topic = await topicWith(server.ctx.db, names);
  const answer = await server.request('PUT', `/api/admin/topics/${topic.id}`, {
    token: admin.accessToken,
    body: { proposalPolicy: 'review' },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.data.proposalPolicy).toBe('review');
  return topic;
}

async function queue(topicId?: number) {
  const query = topicId === undefined ? '' : `?topicId=${topicId}`;
  const response = await server.request('GET', `/api/admin/proposals${query}`, { token: admin.accessToken });
  expect(response.status).toBe(200);
  return response.body.data as {
    proposals: {
      id: number;
      itemName: string;
      totalPoints: number;
      voteCount: number;
      similar: { itemName: string }[];
    }[];
    pending: number;
  };
}

describe('proposals held for review', () => {
  it('counts a held proposal in its author’s ballot as awaiting review, and keeps it out of the public ranking', async () => {
    const topic = await reviewedTopic(['Chez Nino']);
    const author = await registerUser(server);
    const answer = await vote(server, author.accessToken, ballot(topic.id, ['Grill House', 'Chez Nino']));
    expect(answer.status).toBe(201);
    expect(answer.body.data.votes.map((row: { awaitingReview: boolean }) => row.awaitingReview)).toEqual([
      true,
      false,
    ]);
    expect((await myBallot(topic.id, author)).votes).toEqual([
      expect.objectContaining({ itemName: 'Grill House', points: 3, awaitingReview: true }),
      expect.objectContaining({ itemName: 'Chez Nino', points: 2, awaitingReview: false }),
    ]);
    expect(await rankingOf(topic.id)).toEqual([['Chez Nino', 2, 1, 1]]);
    const topicPage = await server.request('GET', `/api/topics/${topic.id}`);
    expect(topicPage.status).toBe(200);
    expect(JSON.stringify(topicPage.body)).not.toContain('Grill House');
    expect((await queue(topic.id)).proposals).toEqual([
      expect.objectContaining({ itemName: 'Grill House', totalPoints: 3, voteCount: 1 }),
    ]);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('follows the global setting on a topic without its own policy, and publishes at once when it says so', async () => {
    const topic = await topicWith(server.ctx.db, []);
    const voter = await registerUser(server);
    const setting = (proposalPolicy: string) =>
      server.request('PUT', '/api/admin/settings', { token: admin.accessToken, body: { proposalPolicy } });
    expect((await setting('review')).status).toBe(200);
    await vote(server, voter.accessToken, ballot(topic.id, ['Held Place']));
    expect(await rankingOf(topic.id)).toEqual([]);
    expect((await setting('publish')).status).toBe(200);
    await vote(server, voter.accessToken, ballot(topic.id, ['Held Place', 'Listed Place']));
    expect(await rankingOf(topic.id)).toEqual([['Listed Place', 2, 1, 1]]);
  });

  it('lets a second voter who types the held name join the proposal, still awaiting review', async () => {
    const topic = await reviewedTopic([]);
    const [first, second] = [await registerUser(server), await registerUser(server)];
    await vote(server, first.accessToken, ballot(topic.id, ['Taco Libre']));
    await vote(server, second.accessToken, ballot(topic.id, [null, 'taco  libre']));
    expect((await myBallot(topic.id, second)).votes).toEqual([
      expect.objectContaining({ itemName: 'Taco Libre', points: 2, awaitingReview: true }),
    ]);
    expect((await queue(topic.id)).proposals).toEqual([
      expect.objectContaining({ itemName: 'Taco Libre', totalPoints: 5, voteCount: 2 }),
    ]);
  });

  it('approves a proposal into the ranking with its points, its ballots eligible and later ones from the approval', async () => {
    const topic = await reviewedTopic(['Chez Nino']);
    const [author, early, late] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    await vote(server, author.accessToken, ballot(topic.id, ['Sushi Bar', 'Chez Nino']));
    server.clock.advance(60_000);
    await vote(server, early.accessToken, ballot(topic.id, ['Chez Nino']));
    server.clock.advance(60_000);
    const [held] = (await queue(topic.id)).proposals;
    const approved = await server.request('POST', `/api/admin/proposals/${held?.id}/approve`, {
      token: admin.accessToken,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.proposition).toEqual(
      expect.objectContaining({ itemName: 'Sushi Bar', totalPoints: 3, voteCount: 1 }),
    );
    server.clock.advance(60_000);
    await vote(server, late.accessToken, ballot(topic.id, ['Chez Nino']));
    // Sushi Bar: its author's ballot (it names it) and the one cast after its approval; not the ballot
    // cast while it was held, which could not name it.
    expect(await rankingOf(topic.id)).toEqual([
      ['Chez Nino', 8, 3, 3],
      ['Sushi Bar', 3, 1, 2],
    ]);
    expect((await myBallot(topic.id, author)).votes[0]).toEqual(
      expect.objectContaining({ itemName: 'Sushi Bar', awaitingReview: false }),
    );
    expect((await queue(topic.id)).proposals).toEqual([]);
    const again = await server.request('POST', `/api/admin/proposals/${held?.id}/approve`, {
      token: admin.accessToken,
    });
    expect(again.status).toBe(404);
    const history = await server.request('GET', `/api/admin/audit?topicId=${topic.id}`, {
      token: admin.accessToken,
    });
    expect(history.body.data.entries.map((entry: { action: string }) => entry.action)).toContain('approve');
  });

  it('rejects a proposal with a reason: it leaves every ballot that named it, each voter is told once', async () => {
    const topic = await reviewedTopic(['Chez Nino']);
    const [author, other] = [await registerUser(server), await registerUser(server)];
    await vote(server, author.accessToken, ballot(topic.id, ['Spam Shop', 'Chez Nino']));
    await vote(server, other.accessToken, ballot(topic.id, ['Chez Nino', 'spam shop']));
    const [held] = (await queue(topic.id)).proposals;
    const rejected = await server.request('POST', `/api/admin/proposals/${held?.id}/reject`, {
      token: admin.accessToken,
      body: { reason: 'off_topic', note: 'Not a restaurant' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ rejected: true, ballots: 2 });
    const mine = await myBallot(topic.id, author);
    expect(mine.votes).toEqual([expect.objectContaining({ itemName: 'Chez Nino', points: 2 })]);
    expect(mine.notices).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        propositionName: 'Spam Shop',
        reason: 'off_topic',
        note: 'Not a restaurant',
      }),
    ]);
    expect(await rankingOf(topic.id)).toEqual([['Chez Nino', 5, 2, 2]]);
    const dismissed = await server.request('DELETE', `/api/search/user-votes/${topic.id}/notices`, {
      token: author.accessToken,
    });
    expect(dismissed.body.data).toEqual({ dismissed: 1 });
    expect((await myBallot(topic.id, author)).notices).toEqual([]);
    expect((await myBallot(topic.id, other)).notices).toHaveLength(1);
    const versions = await server.ctx.db
      .selectFrom('ballot_versions')
      .select('cause')
      .where('cause', '=', 'rejection')
      .execute();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('merges a proposal into a listed proposition from the queue, telling its voters where their place went', async () => {
    const topic = await reviewedTopic(['Grill & Chill', 'Chez Nino']);
    const author = await registerUser(server);
    await vote(server, author.accessToken, ballot(topic.id, ['Chill and Grill Bar', 'Chez Nino']));
    const [held] = (await queue(topic.id)).proposals;
    expect(held?.similar[0]?.itemName).toBe('Grill & Chill');
    const into = (
      await server.ctx.db
        .selectFrom('propositions')
        .select('id')
        .where('topic_id', '=', topic.id)
        .where('name', '=', 'Grill & Chill')
        .executeTakeFirstOrThrow()
    ).id;
    // Not the other way round: a listed proposition goes into no proposal.
    const backwards = await server.request(
      'POST',
      `/api/admin/topics/${topic.id}/propositions/${into}/merge`,
      {
        token: admin.accessToken,
        body: { intoId: held?.id },
      },
    );
    expect(backwards.status).toBe(400);
    const merged = await server.request(
      'POST',
      `/api/admin/topics/${topic.id}/propositions/${held?.id}/merge`,
      {
        token: admin.accessToken,
        body: { intoId: into },
      },
    );
    expect(merged.status).toBe(200);
    expect(await rankingOf(topic.id)).toEqual([
      ['Grill & Chill', 3, 1, 1],
      ['Chez Nino', 2, 1, 1],
    ]);
    expect((await myBallot(topic.id, author)).notices).toEqual([
      expect.objectContaining({
        kind: 'merged',
        propositionName: 'Chill and Grill Bar',
        intoName: 'Grill & Chill',
      }),
    ]);
  });

  it('counts the pending proposals of every topic for the admin panel, and keeps the queue to administrators', async () => {
    const topic = await reviewedTopic([]);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Counted Proposal']));
    const count = await server.request('GET', '/api/admin/proposals/count', { token: admin.accessToken });
    expect(count.body.data.pending).toBe((await queue()).proposals.length);
    expect(count.body.data.pending).toBeGreaterThanOrEqual(1);
    for (const [method, url] of [
      ['GET', '/api/admin/proposals'],
      ['GET', '/api/admin/proposals/count'],
      ['POST', '/api/admin/proposals/1/approve'],
    ] as const) {
      expect((await server.request(method, url, { token: voter.accessToken })).status).toBe(403);
      expect((await server.request(method, url)).status).toBe(401);
    }
  });

  it('refuses a rejection without a known reason or with a note too long, and changes nothing', async () => {
    const topic = await reviewedTopic([]);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Kept Proposal']));
    const [held] = (await queue(topic.id)).proposals;
    const before = await snapshotDatabase(server.ctx.db);
    for (const body of [{}, { reason: 'boring' }, { reason: 'other', note: 'x'.repeat(301) }]) {
      const answer = await server.request('POST', `/api/admin/proposals/${held?.id}/reject`, {
        token: admin.accessToken,
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    }
    const unknown = await server.request('POST', '/api/admin/proposals/999999/reject', {
      token: admin.accessToken,
      body: { reason: 'other' },
    });
    expect(unknown.status).toBe(404);
    const badPolicy = await server.request('PUT', `/api/admin/topics/${topic.id}`, {
      token: admin.accessToken,
      body: { proposalPolicy: 'sometimes' },
    });
    expect(badPolicy.status).toBe(400);
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });
});
