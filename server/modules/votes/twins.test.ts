import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { ballot, topicWith, vote } from './test-helpers.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

async function rankingOf(topicId: number) {
  const response = await server.request('GET', `/api/search/rankings/topic/${topicId}`);
  return (
    response.body.data.rankings as Array<{ itemName: string; totalPoints: number; voteCount: number }>
  ).map((row) => [row.itemName, row.totalPoints, row.voteCount]);
}

describe('a guard against twins', () => {
  it('counts a name spelled another way for the proposition it is a twin of, and creates nothing', async () => {
    const topic = await topicWith(server.ctx.db, ['Grill & Chill', 'Pizzeria Da Marco']);
    const voters = [await registerUser(server), await registerUser(server), await registerUser(server)];
    const ballots = [
      ['Grill and Chill', 'Pizzeria Da Marcco'],
      ['grill et chill', 'PIZZERIA DA MACRO'],
      ['GrillChill', 'Pizzéria da Marco'],
    ];
    for (const [index, names] of ballots.entries()) {
      const answer = await vote(server, (voters[index] as TestUser).accessToken, ballot(topic.id, names));
      expect(answer.status).toBe(201);
      // The voter's answer names what was counted: the existing propositions.
      expect(answer.body.data.votes.map((row: { itemName: string }) => row.itemName)).toEqual([
        'Grill & Chill',
        'Pizzeria Da Marco',
      ]);
    }
    expect(await rankingOf(topic.id)).toEqual([
      ['Grill & Chill', 9, 3],
      ['Pizzeria Da Marco', 6, 3],
    ]);
    expect(await findTotalsMismatches(server.ctx.db)).toEqual([]);
  });

  it('creates a new proposition for a name one letter of a short word away: another place, not a slip', async () => {
    const topic = await topicWith(server.ctx.db, ['Pizzeria Da Marco']);
    const voter = await registerUser(server);
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['Pizzeria Da Mario']))).status).toBe(201);
    expect(await rankingOf(topic.id)).toEqual([
      ['Pizzeria Da Mario', 3, 1],
      ['Pizzeria Da Marco', 0, 0],
    ]);
  });

  it('refuses a ballot that names one proposition twice under two spellings, and changes nothing', async () => {
    const topic = await topicWith(server.ctx.db, ['Grill & Chill']);
    const voter = await registerUser(server);
    const before = await snapshotDatabase(server.ctx.db);
    for (const names of [
      ['Grill & Chill', 'Grill and Chill'],
      ['Bistrot Louise', 'Bistro Louise'],
    ]) {
      const answer = await vote(server, voter.accessToken, ballot(topic.id, names));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });

  it('keeps an administrator from adding or renaming into a twin (409), as a voter would land on it', async () => {
    const category = await server.request('POST', '/api/admin/categories', {
      token: admin.accessToken,
      body: { name: 'Twin guard places' },
    });
    const created = await server.request('POST', '/api/admin/topics', {
      token: admin.accessToken,
      body: { name: 'Best grills in Twinville', categoryId: category.body.data.category.id, language: 'en' },
    });
    expect(created.status).toBe(201);
    const slug = created.body.data.topic.slug as string;
    const add = (itemName: string) =>
      server.request('POST', `/api/admin/topics/${slug}/propositions`, {
        token: admin.accessToken,
        body: { itemName },
      });
    expect((await add('Grill & Chill')).status).toBe(201);
    const other = await add('Smoke House');
    expect(other.status).toBe(201);
    expect((await add('Grill and Chill')).status).toBe(409);
    const rename = await server.request(
      'PUT',
      `/api/admin/topics/${slug}/propositions/${other.body.data.proposition.id}`,
      { token: admin.accessToken, body: { itemName: 'Grill und Chill' } },
    );
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('PROPOSITION_EXISTS');
    // A proposition's own new spelling is no clash with itself.
    const respelled = await server.request(
      'PUT',
      `/api/admin/topics/${slug}/propositions/${other.body.data.proposition.id}`,
      { token: admin.accessToken, body: { itemName: 'Smokehouse' } },
    );
    expect(respelled.status).toBe(200);
  });
});
