import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTotalsMismatches } from '../../db/integrity.js';
import { mainTopicsAreHubs } from '../../db/migrations/2026-11-24-0014-main-topics-are-hubs.js';
import { makeCategory, makeProposition, makeTag, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { nowIso } from '../../test/wall-clock.js';
import { ballot, vote } from '../votes/test-helpers.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

const db = () => server.ctx.db;

/** A main topic with sub-topics, each holding the propositions A, B, C and D and tagged with one city. */
async function hubWith(cities: string[]) {
  const category = await makeCategory(db());
  const main = await makeTopic(db(), {
    categoryId: category.id,
    isMain: true,
    language: 'en',
    title: 'Best burger',
  });
  const subs = [];
  for (const city of cities) {
    const tag = await makeTag(db(), { name: city, type: 'LOCATION', categoryId: category.id });
    const sub = await makeTopic(db(), {
      categoryId: category.id,
      mainTopicId: main.id,
      language: 'en',
      title: `Best burger ${city}`,
      tagIds: [tag.id],
    });
    for (const name of ['A', 'B', 'C', 'D']) await makeProposition(db(), sub.id, name);
    subs.push({ ...sub, tag });
  }
  return { category, main, subs };
}

async function voters(count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => registerUser(server)));
}

/** The main topic's own page: dropped by every change of the hub (popular lists may lag a vote by their 1 s lifetime). */
const hubTopic = async (id: number) =>
  (await server.request('GET', `/api/topics/${id}?lang=en`)).body.data.topic;

const popularEntry = async (id: number) => {
  const response = await server.request('GET', '/api/topics/popular/en?limit=100&type=main');
  return response.body.data.topics.find((topic: { id: number }) => topic.id === id);
};

describe('a main topic is a hub', () => {
  it('refuses a ballot on a main topic with 409 MAIN_TOPIC_NOT_VOTABLE and changes nothing', async () => {
    const { main } = await hubWith(['Paris']);
    await makeProposition(db(), main.id, 'Grill & Chill');
    const [person] = await voters(1);
    const before = await snapshotDatabase(db());

    const response = await vote(server, person?.accessToken ?? '', ballot(main.id, ['Grill & Chill']));

    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('MAIN_TOPIC_NOT_VOTABLE');
    expect(await snapshotDatabase(db())).toEqual(before);
  });

  it('counts the ballots on its active sub-topics, and its active sub-topics, on cards and pages', async () => {
    const { main, subs } = await hubWith(['Paris', 'Lyon', 'Lille']);
    const [paris, lyon, lille] = subs;
    const people = await voters(3);
    for (const person of people)
      expect((await vote(server, person.accessToken, ballot(paris?.id ?? 0, ['A']))).status).toBe(201);
    expect((await vote(server, people[0]?.accessToken ?? '', ballot(lyon?.id ?? 0, ['B', 'A']))).status).toBe(
      201,
    );

    expect(await popularEntry(main.id)).toMatchObject({ voteCount: 4, subTopicCount: 3, type: 'main' });
    const page = await server.request('GET', `/api/topics/${main.id}?lang=en`);
    expect(page.body.data.topic).toMatchObject({ voteCount: 4, subTopicCount: 3, lastVoteAt: null });

    // Withdrawing, a deactivated sub-topic and a deleted proposition all move the hub's count at once.
    await server.request('DELETE', `/api/search/user-votes/${lyon?.id}`, { token: people[0]?.accessToken });
    expect(await hubTopic(main.id)).toMatchObject({ voteCount: 3 });
    await server.request('PUT', `/api/admin/topics/${paris?.id}/status`, {
      token: admin.accessToken,
      body: { isActive: false },
    });
    expect(await hubTopic(main.id)).toMatchObject({ voteCount: 0, subTopicCount: 2 });
    // A withdrawal from the inactive sub-topic is none of the hub's; reactivated, it counts what is left.
    await server.request('DELETE', `/api/search/user-votes/${paris?.id}`, { token: people[2]?.accessToken });
    expect(await hubTopic(main.id)).toMatchObject({ voteCount: 0 });
    await server.request('PUT', `/api/admin/topics/${paris?.id}/status`, {
      token: admin.accessToken,
      body: { isActive: true },
    });
    expect(await hubTopic(main.id)).toMatchObject({ voteCount: 2, subTopicCount: 3 });
    const ranking = await server.request('GET', `/api/search/rankings/topic/${paris?.id}`);
    const a = ranking.body.data.rankings.find((row: { itemName: string }) => row.itemName === 'A');
    await server.request('DELETE', `/api/admin/topics/${paris?.slug}/propositions/${a.id}`, {
      token: admin.accessToken,
    });
    expect(await hubTopic(main.id)).toMatchObject({ voteCount: 0 });
    expect(lille).toBeDefined();
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});

describe('the hub page', () => {
  it('gives in one request every sub-topic with its podium: at most three propositions with points, in ranking order', async () => {
    const { main, subs } = await hubWith(['Paris', 'Lyon']);
    const [paris, lyon] = subs;
    const people = await voters(2);
    for (const person of people)
      await vote(server, person.accessToken, ballot(paris?.id ?? 0, ['B', 'A', 'D']));
    await vote(server, people[0]?.accessToken ?? '', ballot(lyon?.id ?? 0, ['C']));

    const response = await server.request('GET', `/api/topics/main/${main.id}/hub?lang=en`);

    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.mainTopic).toMatchObject({ id: main.id, voteCount: 3, subTopicCount: 2 });
    expect(data).toMatchObject({ total: 2, offset: 0, limit: 24, selectedTags: [] });
    expect(data.subTopics.map((sub: { id: number }) => sub.id)).toEqual([paris?.id, lyon?.id]);
    const podiums = data.subTopics.map((sub: { podium: { itemName: string; totalPoints: number }[] }) =>
      sub.podium.map((row) => [row.itemName, row.totalPoints]),
    );
    // C, with no points in Paris, is no podium place; Lyon's podium has one place.
    expect(podiums).toEqual([
      [
        ['B', 6],
        ['A', 4],
        ['D', 2],
      ],
      [['C', 3]],
    ]);
    expect(data.availableTags).toEqual([
      expect.objectContaining({
        type: 'LOCATION',
        tags: expect.arrayContaining([expect.objectContaining({ name: 'Paris', topicCount: 1 })]),
      }),
    ]);
  });

  it('filters by tags and pages beyond the first 24 sub-topics, with their total', async () => {
    const cities = Array.from({ length: 27 }, (_, i) => `City ${String(i).padStart(2, '0')}`);
    const { main, subs } = await hubWith(cities);

    const first = await server.request('GET', `/api/topics/main/${main.id}/hub?lang=en`);
    expect(first.body.data).toMatchObject({ total: 27, limit: 24 });
    expect(first.body.data.subTopics).toHaveLength(24);
    const second = await server.request('GET', `/api/topics/main/${main.id}/hub?lang=en&offset=24`);
    expect(second.body.data.subTopics).toHaveLength(3);
    const seen = [...first.body.data.subTopics, ...second.body.data.subTopics].map(
      (sub: { id: number }) => sub.id,
    );
    expect(new Set(seen).size).toBe(27);

    const tag = subs[5]?.tag;
    const filtered = await server.request('GET', `/api/topics/main/${main.id}/hub?lang=en&tags=${tag?.slug}`);
    expect(filtered.body.data).toMatchObject({ total: 1, selectedTags: [tag?.slug] });
    expect(filtered.body.data.subTopics.map((sub: { id: number }) => sub.id)).toEqual([subs[5]?.id]);
  });

  it('answers 404 for a topic that is not a main topic and 400 for a bad page or language', async () => {
    const { subs } = await hubWith(['Nice']);
    expect((await server.request('GET', `/api/topics/main/${subs[0]?.id}/hub?lang=en`)).status).toBe(404);
    expect((await server.request('GET', '/api/topics/main/1/hub?lang=xx')).body.error.code).toBe(
      'UNSUPPORTED_LANGUAGE',
    );
    expect((await server.request('GET', '/api/topics/main/1/hub?lang=en&offset=-1')).status).toBe(400);
    expect((await server.request('GET', '/api/topics/main/1/hub?lang=en&limit=0')).status).toBe(400);
  });
});

/** The hub page's first page in English, as a visitor reads it. */
const hubPage = async (id: number) => {
  const response = await server.request('GET', `/api/topics/main/${id}/hub?lang=en`);
  expect(response.status).toBe(200);
  return response.body.data;
};

/** Each sub-topic's podium on the page: [id, [name, points]...]. */
const podiumsOf = (page: {
  subTopics: { id: number; podium: { itemName: string; totalPoints: number }[] }[];
}) => page.subTopics.map((sub) => [sub.id, sub.podium.map((row) => [row.itemName, row.totalPoints])]);

const propositionNamed = async (topicId: number, name: string) => {
  const ranking = await server.request('GET', `/api/search/rankings/topic/${topicId}`);
  return ranking.body.data.rankings.find((row: { itemName: string }) => row.itemName === name);
};

// Each test reads the page once before its change, so that a cached page would hold the old state.
describe('the hub page, read right after a change', () => {
  it('shows a vote on a sub-topic in its podium, its order and the counts', async () => {
    const { main, subs } = await hubWith(['Bern', 'Basel']);
    const [bern, basel] = subs;
    const [first, second] = await voters(2);
    await vote(server, first?.accessToken ?? '', ballot(bern?.id ?? 0, ['A']));
    const before = await hubPage(main.id);
    expect(podiumsOf(before)).toEqual([
      [bern?.id, [['A', 3]]],
      [basel?.id, []],
    ]);

    for (const person of [first, second])
      expect((await vote(server, person?.accessToken ?? '', ballot(basel?.id ?? 0, ['B', 'C']))).status).toBe(
        201,
      );

    const after = await hubPage(main.id);
    expect(podiumsOf(after)).toEqual([
      [
        basel?.id,
        [
          ['B', 6],
          ['C', 4],
        ],
      ],
      [bern?.id, [['A', 3]]],
    ]);
    expect(after.mainTopic).toMatchObject({ voteCount: 3 });
    expect(after.subTopics.map((sub: { voteCount: number }) => sub.voteCount)).toEqual([2, 1]);
  });

  it('shows a proposition renamed on a sub-topic under its new name in the podium', async () => {
    const { main, subs } = await hubWith(['Graz']);
    const graz = subs[0];
    const [person] = await voters(1);
    await vote(server, person?.accessToken ?? '', ballot(graz?.id ?? 0, ['A', 'B']));
    expect(podiumsOf(await hubPage(main.id))).toEqual([
      [
        graz?.id,
        [
          ['A', 3],
          ['B', 2],
        ],
      ],
    ]);
    const a = await propositionNamed(graz?.id ?? 0, 'A');

    const renamed = await server.request('PUT', `/api/admin/topics/${graz?.id}/propositions/${a.id}`, {
      token: admin.accessToken,
      body: { itemName: 'Alpenglow' },
    });
    expect(renamed.status).toBe(200);

    expect(podiumsOf(await hubPage(main.id))).toEqual([
      [
        graz?.id,
        [
          ['Alpenglow', 3],
          ['B', 2],
        ],
      ],
    ]);
  });

  it('drops a deleted proposition from its sub-topic’s podium and its ballots from the counts', async () => {
    const { main, subs } = await hubWith(['Linz']);
    const linz = subs[0];
    const [first, second] = await voters(2);
    await vote(server, first?.accessToken ?? '', ballot(linz?.id ?? 0, ['A']));
    await vote(server, second?.accessToken ?? '', ballot(linz?.id ?? 0, ['B']));
    const before = await hubPage(main.id);
    expect(before.mainTopic).toMatchObject({ voteCount: 2 });
    const a = await propositionNamed(linz?.id ?? 0, 'A');

    const deleted = await server.request('DELETE', `/api/admin/topics/${linz?.slug}/propositions/${a.id}`, {
      token: admin.accessToken,
    });
    expect(deleted.status).toBe(200);

    const after = await hubPage(main.id);
    expect(podiumsOf(after)).toEqual([[linz?.id, [['B', 3]]]]);
    expect(after.mainTopic).toMatchObject({ voteCount: 1 });
    expect(after.subTopics[0]).toMatchObject({ voteCount: 1 });
  });

  it('drops a deactivated sub-topic from the page, its chips and its total, and shows it again once activated', async () => {
    const { main, subs } = await hubWith(['Gent', 'Brugge']);
    const [gent, brugge] = subs;
    const page = async () => {
      const data = await hubPage(main.id);
      const chips = data.availableTags.flatMap((group: { tags: { name: string }[] }) =>
        group.tags.map((tag) => tag.name),
      );
      return { ids: data.subTopics.map((sub: { id: number }) => sub.id), total: data.total, chips };
    };
    expect(await page()).toEqual({ ids: [gent?.id, brugge?.id], total: 2, chips: ['Brugge', 'Gent'] });

    const status = (isActive: boolean) =>
      server.request('PUT', `/api/admin/topics/${gent?.id}/status`, {
        token: admin.accessToken,
        body: { isActive },
      });
    expect((await status(false)).status).toBe(200);
    expect(await page()).toEqual({ ids: [brugge?.id], total: 1, chips: ['Brugge'] });

    expect((await status(true)).status).toBe(200);
    expect(await page()).toEqual({ ids: [gent?.id, brugge?.id], total: 2, chips: ['Brugge', 'Gent'] });
  });

  it('shows the main topic’s edited title', async () => {
    const { main } = await hubWith(['Split']);
    expect((await hubPage(main.id)).mainTopic).toMatchObject({ title: 'Best burger' });

    const edited = await server.request('PUT', `/api/admin/topics/${main.id}`, {
      token: admin.accessToken,
      body: { title: 'Finest burger', language: 'en' },
    });
    expect(edited.status).toBe(200);

    expect((await hubPage(main.id)).mainTopic).toMatchObject({ title: 'Finest burger' });
  });
});

describe('migration 0014', () => {
  it('removes the ballots main topics took, with their voters’ propositions, and recounts each hub', async () => {
    const { main, subs } = await hubWith(['Porto']);
    const people = await voters(2);
    for (const person of people) await vote(server, person.accessToken, ballot(subs[0]?.id ?? 0, ['A']));
    // Written straight in: the ballot a main topic could take before this wave.
    const kept = await makeProposition(db(), main.id, 'Kept', { first: 1 });
    const theirs = await makeProposition(db(), main.id, 'Theirs', { second: 1 });
    await db()
      .updateTable('propositions')
      .set({ created_by: people[0]?.id })
      .where('id', '=', theirs.id)
      .execute();
    await db()
      .insertInto('votes')
      .values([
        {
          user_id: people[0]?.id ?? 0,
          topic_id: main.id,
          proposition_id: kept.id,
          points: 3,
          created_at: nowIso(),
        },
        {
          user_id: people[0]?.id ?? 0,
          topic_id: main.id,
          proposition_id: theirs.id,
          points: 2,
          created_at: nowIso(),
        },
      ])
      .execute();
    await db().updateTable('topics').set({ vote_count: 1 }).where('id', '=', main.id).execute();

    await mainTopicsAreHubs(server.ctx.database.kind).up(db());

    const left = await db().selectFrom('votes').select('id').where('topic_id', '=', main.id).execute();
    expect(left).toEqual([]);
    const propositions = await db()
      .selectFrom('propositions')
      .select(['name', 'total_points', 'vote_count'])
      .where('topic_id', '=', main.id)
      .execute();
    expect(propositions).toEqual([{ name: 'Kept', total_points: 0, vote_count: 0 }]);
    const hub = await db()
      .selectFrom('topics')
      .select('vote_count')
      .where('id', '=', main.id)
      .executeTakeFirstOrThrow();
    expect(hub.vote_count).toBe(2);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});
