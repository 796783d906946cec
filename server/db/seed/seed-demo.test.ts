import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, UNASSIGNED_CATEGORY_SLUG } from '../../../common/constants.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { findTotalsMismatches } from '../integrity.js';
import { buildDemoPlan } from './demo-plan.js';
import { isDatabaseEmpty, type SeedSummary, seedDemoContent } from './seed-demo.js';

let database: TestDatabase;
let summary: SeedSummary;
let emptyBeforeSeed: boolean;

beforeAll(async () => {
  database = await createTestDatabase();
  emptyBeforeSeed = await isDatabaseEmpty(database.handle.db);
  summary = await seedDemoContent(database.handle, {
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$demo',
    now: new Date(),
  });
});
afterAll(() => database.destroy());

const db = () => database.handle.db;

async function count(table: 'categories' | 'tags' | 'users' | 'propositions' | 'votes'): Promise<number> {
  const row = await db()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seedDemoContent', () => {
  it('reports an empty database before seeding and a non-empty one after', async () => {
    expect(emptyBeforeSeed).toBe(true);
    expect(await isDatabaseEmpty(db())).toBe(false);
  });

  it('seeds at least the promised amount of every kind of content', async () => {
    const categories = await db()
      .selectFrom('categories')
      .select(['slug', 'parent_id'])
      .where('slug', '<>', UNASSIGNED_CATEGORY_SLUG)
      .execute();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(categories.filter((c) => c.parent_id !== null).length).toBeGreaterThanOrEqual(2);

    const tags = await db().selectFrom('tags').select('type').execute();
    expect(tags.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tags.map((t) => t.type)).size).toBeGreaterThanOrEqual(6);

    const topics = await db().selectFrom('topics').select(['is_main', 'main_topic_id']).execute();
    expect(topics.filter((t) => t.is_main === 1).length).toBeGreaterThanOrEqual(3);
    expect(topics.filter((t) => t.main_topic_id !== null).length).toBeGreaterThanOrEqual(25);
    expect(topics.filter((t) => t.is_main === 0 && t.main_topic_id === null).length).toBeGreaterThan(0);

    expect(await count('propositions')).toBeGreaterThanOrEqual(150);
    expect(await count('users')).toBeGreaterThanOrEqual(25);
    expect(await count('votes')).toBeGreaterThanOrEqual(800);
    expect(summary).toMatchObject({
      categories: categories.length,
      tags: tags.length,
      users: await count('users'),
      propositions: await count('propositions'),
      votes: await count('votes'),
    });
  });

  it('gives every category and tag a name in fr, en, es and de: English on its row, the others as translations', async () => {
    for (const entityType of ['category', 'tag'] as const) {
      const table = entityType === 'category' ? 'categories' : 'tags';
      const entities = await db()
        .selectFrom(table)
        .select(['id', 'name'])
        .where((eb) => (table === 'categories' ? eb('slug', '<>', UNASSIGNED_CATEGORY_SLUG) : eb.lit(true)))
        .execute();
      const names = await db()
        .selectFrom('translations')
        .select(['entity_id', 'language', 'value'])
        .where('entity_type', '=', entityType)
        .where('key', '=', 'name')
        .execute();
      for (const { id, name } of entities) {
        const languages = names
          .filter((n) => n.entity_id === id && n.value.trim() !== '')
          .map((n) => n.language);
        expect(name.trim(), `${entityType} ${id}`).not.toBe('');
        expect(languages.sort(), `${entityType} ${id}`).toEqual(LANGUAGES.filter((l) => l !== 'en').sort());
      }
    }
  });

  it('gives every topic a title and a description in all four languages, its own on the topic itself', async () => {
    const topics = await db()
      .selectFrom('topics')
      .select(['id', 'title', 'description', 'language'])
      .execute();
    const texts = await db()
      .selectFrom('translations')
      .select(['entity_id', 'key', 'language', 'value'])
      .where('entity_type', '=', 'topic')
      .execute();
    for (const topic of topics) {
      expect(topic.title.trim()).not.toBe('');
      expect(topic.description?.trim()).toBeTruthy();
      for (const key of ['title', 'description']) {
        const languages = texts
          .filter((t) => t.entity_id === topic.id && t.key === key)
          .map((t) => t.language);
        expect(languages.sort(), `topic ${topic.id} ${key}`).toEqual(
          LANGUAGES.filter((l) => l !== topic.language).sort(),
        );
      }
    }
  });

  it('tags each sub-topic with one tag per mandatory type and names it after its main topic and tags', async () => {
    const topics = await db().selectFrom('topics').selectAll().execute();
    const links = await db()
      .selectFrom('topic_tags')
      .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
      .select(['topic_tags.topic_id', 'tags.type', 'tags.name'])
      .execute();
    const subTopics = topics.filter((t) => t.main_topic_id !== null);
    for (const sub of subTopics) {
      const main = topics.find((t) => t.id === sub.main_topic_id);
      expect(main?.is_main).toBe(1);
      const mandatory = JSON.parse(main?.mandatory_types ?? '[]') as string[];
      const types = links.filter((l) => l.topic_id === sub.id).map((l) => l.type);
      expect(types.sort()).toEqual([...mandatory].sort());
      expect(sub.title.startsWith(`${main?.title} `)).toBe(true);
    }
  });

  it('stores running totals equal to what the votes table says', async () => {
    expect(await findTotalsMismatches(db())).toEqual([]);
  });

  it('keeps every ballot to one proposition per place, three places at most', async () => {
    const ballots = await db()
      .selectFrom('votes')
      .select((eb) => ['user_id', 'topic_id', eb.fn.countAll<number>().as('n')])
      .groupBy(['user_id', 'topic_id'])
      .execute();
    expect(Math.max(...ballots.map((b) => Number(b.n)))).toBeLessThanOrEqual(3);
  });

  it('spreads ballots over two years with voters who changed their mind, and back-fills 90 days of rank history', async () => {
    const versions = await db()
      .selectFrom('ballot_versions')
      .select((eb) => [eb.fn.min('cast_at').as('oldest'), eb.fn.countAll<number>().as('n')])
      .executeTakeFirstOrThrow();
    const dayMs = 86_400_000;
    expect(Date.now() - Date.parse(String(versions.oldest))).toBeGreaterThan(600 * dayMs);
    const changed = await db()
      .selectFrom('ballots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('version', '>', 1)
      .executeTakeFirstOrThrow();
    expect(Number(changed.n)).toBeGreaterThan(50);
    const snapshots = await db()
      .selectFrom('rank_snapshots')
      .select((eb) => [
        eb.fn.min('day').as('first'),
        eb.fn.max('day').as('last'),
        eb.fn.count('topic_id').distinct().as('topics'),
      ])
      .executeTakeFirstOrThrow();
    // Recent days have ballots (more of them recent), but not necessarily yesterday; never today, whose end
    // has not come.
    const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * dayMs).toISOString().slice(0, 10);
    expect(String(snapshots.last) <= dayOf(1)).toBe(true);
    expect(String(snapshots.last) >= dayOf(7)).toBe(true);
    expect(String(snapshots.first) >= dayOf(90)).toBe(true);
    expect(Number(snapshots.topics)).toBeGreaterThan(20);
  });

  it('builds the same plan on every run', () => {
    expect(buildDemoPlan()).toEqual(buildDemoPlan());
  });
});

describe('findTotalsMismatches', () => {
  it('names a proposition whose stored points drifted from its votes, and a topic whose voter count did', async () => {
    const proposition = await db()
      .selectFrom('propositions')
      .select(['id', 'total_points'])
      .where('vote_count', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const topic = await db()
      .selectFrom('topics')
      .select(['id', 'vote_count'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('propositions')
      .set({ total_points: proposition.total_points + 1 })
      .where('id', '=', proposition.id)
      .execute();
    await db()
      .updateTable('topics')
      .set({ vote_count: topic.vote_count + 2 })
      .where('id', '=', topic.id)
      .execute();
    try {
      const problems = await findTotalsMismatches(db());
      expect(problems).toHaveLength(2);
      expect(problems[0]).toContain(`proposition ${proposition.id} `);
      expect(problems[0]).toContain(`total_points stored ${proposition.total_points + 1}`);
      expect(problems[1]).toContain(`topic ${topic.id}:`);
    } finally {
      await db()
        .updateTable('propositions')
        .set({ total_points: proposition.total_points })
        .where('id', '=', proposition.id)
        .execute();
      await db()
        .updateTable('topics')
        .set({ vote_count: topic.vote_count })
        .where('id', '=', topic.id)
        .execute();
    }
  });
});
