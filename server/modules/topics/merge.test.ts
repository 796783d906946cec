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
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const merge = (topicId: number, id: number, intoId: number, token = admin.accessToken) =>
  server.request('POST', `/api/admin/topics/${topicId}/propositions/${id}/merge`, {
    token,
    body: { intoId },
  });

async function rankingOf(topicId: number) {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}`);
  return (
    response.body.data.rankings as Array<{ itemName: string; totalPoints: number; voteCount: number }>
  ).map((row) => [row.itemName, row.totalPoints, row.voteCount]);
}

async function myVotes(user: TestUser, topicId: number) {
  const response = await server.request('GET', `/api/search/user-votes/${topicId}`, {
    token: user.accessToken,
  });
  return (response.body.data.votes as Array<{ itemName: string; points: number }>).map((row) => [
    row.itemName,
    row.points,
  ]);
}

describe('merging a duplicate proposition into another', () => {
  it('moves every ballot onto the kept proposition, keeps the better place of a ballot that named both, and recounts', async () => {
    const topic = await topicWith(server.ctx.db, ['Grill & Chill', 'Grill n Chill', 'Smoke House']);
    const kept = topic.propositions['Grill & Chill'] as number;
    const duplicate = topic.propositions['Grill n Chill'] as number;
    const [onlyDuplicate, both, keptOnly] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    await vote(server, onlyDuplicate.accessToken, ballot(topic.id, ['Smoke House', 'Grill n Chill']));
    await vote(server, both.accessToken, ballot(topic.id, ['Grill n Chill', 'Grill & Chill', 'Smoke House']));
    await vote(server, keptOnly.accessToken, ballot(topic.id, ['Grill & Chill']));

    const merged = await merge(topic.id, duplicate, kept);
    expect(merged.status).toBe(200);
    expect(merged.body.data.proposition).toMatchObject({
      id: kept,
      itemName: 'Grill & Chill',
      totalPoints: 8,
      voteCount: 3,
    });

    // 2 (onlyDuplicate's second place) + 3 (both: the first place it held) + 3 (keptOnly).
    expect(await rankingOf(topic.id)).toEqual([
      ['Grill & Chill', 8, 3],
      ['Smoke House', 4, 2],
    ]);
    expect(await myVotes(onlyDuplicate, topic.id)).toEqual([
      ['Smoke House', 3],
      ['Grill & Chill', 2],
    ]);
    // The better of its two places kept; the second place freed, the third kept where it was.
    expect(await myVotes(both, topic.id)).toEqual([
      ['Grill & Chill', 3],
      ['Smoke House', 1],
    ]);
    const versions = await server.ctx.db
      .selectFrom('ballot_versions as v')
      .innerJoin('ballots as b', 'b.id', 'v.ballot_id')
      .select(['v.version', 'v.cause', 'v.first_id', 'v.second_id', 'v.third_id'])
      .where('b.user_id', '=', both.id)
      .where('b.topic_id', '=', topic.id)
      .orderBy('v.version')
      .execute();
    expect(versions.map((version) => version.cause)).toEqual(['vote', 'merge']);
    expect(versions[1]).toMatchObject({ first_id: kept, second_id: null });
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('lands a later ballot that types the merged name on the kept proposition', async () => {
    const topic = await topicWith(server.ctx.db, ['Pizzeria Da Marco', 'Marco Pizza Corner']);
    await merge(
      topic.id,
      topic.propositions['Marco Pizza Corner'] as number,
      topic.propositions['Pizzeria Da Marco'] as number,
    );
    const voter = await registerUser(server);
    const answer = await vote(server, voter.accessToken, ballot(topic.id, ['marco pizza corner']));
    expect(answer.status).toBe(201);
    expect(answer.body.data.votes[0].itemName).toBe('Pizzeria Da Marco');
    expect(await rankingOf(topic.id)).toEqual([['Pizzeria Da Marco', 3, 1]]);
  });

  it('records the merge in the topic’s history (its audit entries) with what each side held', async () => {
    const topic = await topicWith(server.ctx.db, ['Kept', 'Gone']);
    const other = await topicWith(server.ctx.db, ['Elsewhere', 'Else']);
    await merge(topic.id, topic.propositions.Gone as number, topic.propositions.Kept as number);
    await merge(other.id, other.propositions.Else as number, other.propositions.Elsewhere as number);
    const log = await server.request('GET', `/api/admin/audit?topicId=${topic.id}`, {
      token: admin.accessToken,
    });
    expect(log.status).toBe(200);
    expect(log.body.data.entries).toHaveLength(1);
    expect(log.body.data.entries[0]).toMatchObject({
      action: 'merge',
      entityType: 'proposition',
      entityId: String(topic.propositions.Gone),
      before: { itemName: 'Gone', topicId: topic.id },
      after: { intoId: topic.propositions.Kept, itemName: 'Kept', ballots: 0 },
    });
  });

  it('refuses a merge into itself, into another topic, or by a non-administrator, and changes nothing', async () => {
    const topic = await topicWith(server.ctx.db, ['One', 'Two']);
    const elsewhere = await topicWith(server.ctx.db, ['Three']);
    const voter = await registerUser(server);
    const before = await snapshotDatabase(server.ctx.db);
    const one = topic.propositions.One as number;
    expect((await merge(topic.id, one, one)).status).toBe(400);
    expect((await merge(topic.id, one, elsewhere.propositions.Three as number)).status).toBe(404);
    expect((await merge(topic.id, one, topic.propositions.Two as number, voter.accessToken)).status).toBe(
      403,
    );
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('keeps every total exact when ballots arrive while the merge runs', async () => {
    const names = ['Alpha Grill', 'Alpha Gril', 'Beta Bar', 'Gamma Cafe'];
    const topic = await topicWith(server.ctx.db, names);
    const voters = await Promise.all(Array.from({ length: 12 }, () => registerUser(server)));
    for (const [index, voter] of voters.entries()) {
      const order = [names[index % 4], names[(index + 1) % 4], names[(index + 2) % 4]] as string[];
      await vote(server, voter.accessToken, ballot(topic.id, order));
    }
    const during = voters.map((voter, index) =>
      vote(
        server,
        voter.accessToken,
        ballot(topic.id, [names[2 + (index % 2)] as string, names[index % 2] as string]),
      ),
    );
    const merged = merge(
      topic.id,
      topic.propositions['Alpha Gril'] as number,
      topic.propositions['Alpha Grill'] as number,
    );
    const statuses = (await Promise.all([...during, merged])).map((response) => response.status);
    // A ballot naming "Alpha Gril" after the merge lands on "Alpha Grill" (an alias): none fails.
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
    expect((await rankingOf(topic.id)).map(([name]) => name)).not.toContain('Alpha Gril');
  });
});
