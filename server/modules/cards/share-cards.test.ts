import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheBudgetFor } from '../../cache/budget-for.js';
import { makeCategory, makeProposition, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { nowIso } from '../../test/wall-clock.js';
import { RankingsService } from '../rankings/service.js';
import { VotesService } from '../votes/service.js';
import { ballot, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';
import { CARD_RENEWAL_MS, shareCardsOf } from './service.js';

let server: TestServer;
let voters: TestUser[];
beforeAll(async () => {
  server = await startTestServer(UNLIMITED_CREATIONS);
  voters = [await registerUser(server), await registerUser(server), await registerUser(server)];
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const cards = () => shareCardsOf(server.ctx);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A card as sent: its status, headers and bytes. */
async function fetchCard(topicId: number, query = '?lng=en', headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}/api/topics/${topicId}/card.png${query}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A PNG's width and height, from its IHDR chunk (the first, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A topic titled in English and German, with Ærøskøbing ahead of Straße and Ñandú after three ballots. */
async function votedTopic() {
  const category = await makeCategory(db());
  const topic = await makeTopic(db(), {
    categoryId: category.id,
    language: 'en',
    titles: { en: 'Best small town', de: 'Schönste Kleinstadt', fr: 'Plus belle petite ville' },
  });
  for (const name of ['Ærøskøbing', 'Straße', 'Ñandú', 'Łódź']) await makeProposition(db(), topic.id, name);
  const ballots = [
    ['Ærøskøbing', 'Straße', 'Ñandú'],
    ['Ærøskøbing', 'Ñandú', null],
    ['Straße', 'Ærøskøbing', null],
  ];
  for (const [index, places] of ballots.entries()) {
    const answer = await vote(server, (voters[index] as TestUser).accessToken, ballot(topic.id, places));
    expect(answer.status).toBe(201);
  }
  return topic;
}

/** The texts of a card's SVG, in document order (the SVG a test renders writes its words as <text>). */
function svgWords(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
    .map((match) => match[1])
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('a topic share card', () => {
  it('is a 1200x630 PNG, public, with an ETag answered 304 when nothing changed', async () => {
    const topic = await votedTopic();
    const card = await fetchCard(topic.id);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 });
    expect(card.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
    const etag = card.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    const again = await fetchCard(topic.id, '?lng=en', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
  });

  it('shows the title in the asked language, the podium with its points and the brand', async () => {
    const topic = await votedTopic();
    const english = svgWords(await cards().svg(topic.id, 'en'));
    expect(english).toContain('Podium');
    expect(english).toContain('Best small town');
    expect(english).toMatch(/Ærøskøbing.*8 points.*Straße.*5 points.*Ñandú.*3 points/);
    const german = svgWords(await cards().svg(topic.id, 'de'));
    expect(german).toContain('Schönste Kleinstadt');
    expect(german).toContain('8 Punkte');
    const [en, de] = await Promise.all([fetchCard(topic.id, '?lng=en'), fetchCard(topic.id, '?lng=de')]);
    expect(en.headers.get('etag')).not.toBe(de.headers.get('etag'));
    expect(en.bytes.equals(de.bytes)).toBe(false);
  });

  it('shows the new leader once ballots change the podium, within the renewal time', async () => {
    const topic = await votedTopic();
    const before = await fetchCard(topic.id);
    const more = [await registerUser(server), await registerUser(server), await registerUser(server)];
    for (const voter of more) await vote(server, voter.accessToken, ballot(topic.id, ['Łódź', null, null]));
    // Within the renewal time the card kept is served as it is; after it, the new podium.
    const stale = await fetchCard(topic.id);
    expect(stale.headers.get('etag')).toBe(before.headers.get('etag'));
    server.clock.advance(CARD_RENEWAL_MS);
    const renewed = await fetchCard(topic.id);
    expect(renewed.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(svgWords(await cards().svg(topic.id, 'en'))).toMatch(/Łódź.*9 points.*Ærøskøbing/);
  });

  it('draws nothing anew for a ballot that moves no figure of the podium', async () => {
    const topic = await votedTopic();
    await makeProposition(db(), topic.id, 'Zwolle');
    const before = await fetchCard(topic.id);
    const rendersBefore = cards().renders;
    // A ballot for a proposition that stays fourth (3 points, one voter, behind Ñandú's 3 from two) moves no figure of the card.
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['Zwolle', null, null]));
    server.clock.advance(CARD_RENEWAL_MS);
    const after = await fetchCard(topic.id);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(cards().renders).toBe(rendersBefore);
  });

  it('renews a card a few times, not 1,000, during a burst of 1,000 ballots on its topic', async () => {
    const category = await makeCategory(db());
    const topic = await makeTopic(db(), { categoryId: category.id, language: 'en', title: 'Burst' });
    const names = ['North', 'South', 'East', 'West', 'Centre'];
    for (const name of names) await makeProposition(db(), topic.id, name);
    const users = await db()
      .insertInto('users')
      .values(
        Array.from({ length: 1_000 }, (_, n) => ({
          readable_id: `burst-${topic.id}-${n}`,
          username: `burst-${topic.id}-${n}`,
          username_key: `burst-${topic.id}-${n}`,
          email: `burst-${topic.id}-${n}@example.test`,
          password_hash: 'not-a-hash',
          language: 'en',
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    await fetchCard(topic.id);
    const rendersBefore = cards().renders;
    const burstStart = server.clock.now();
    const votes = new VotesService(server.ctx);
    for (const [n, user] of users.entries()) {
      // Places that move the podium often: each ballot puts a different proposition first.
      const propositions = ([3, 2, 1] as const).map((points, place) => ({
        itemName: names[(n + place) % names.length] as string,
        points,
      }));
      await votes.submit(
        { id: user.id, createdAt: user.created_at, emailVerified: true },
        { topicId: topic.id, propositions, userTags: [] },
        '127.0.0.1',
      );
      // The burst lasts 100 s of the clock, and the card is asked for every 10 ballots (every second).
      server.clock.advance(100);
      if (n % 10 === 0) expect((await fetchCard(topic.id)).status).toBe(200);
    }
    const renders = cards().renders - rendersBefore;
    expect(renders).toBeGreaterThanOrEqual(2);
    // At most one card per renewal time of the burst (100 s moved, plus the time the ballots took).
    const burstMs = server.clock.now() - burstStart;
    expect(renders).toBeLessThanOrEqual(Math.ceil(burstMs / CARD_RENEWAL_MS) + 1);
    expect(renders).toBeLessThanOrEqual(15);
    // Once the renewal time has passed, the card shows the final podium.
    server.clock.advance(CARD_RENEWAL_MS);
    await fetchCard(topic.id);
    const podium = (await new RankingsService(db()).podiums([topic.id])).get(topic.id) ?? [];
    const leader = podium[0];
    expect(svgWords(await cards().svg(topic.id, 'en'))).toContain(
      `1 ${leader?.itemName} ${leader?.totalPoints.toLocaleString('en')} points`,
    );
  }, 120_000);

  it('answers 404 in the envelope for an unknown or hidden topic and 400 for a language it does not speak', async () => {
    const missing = await server.request('GET', '/api/topics/999999/card.png?lng=en');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const category = await makeCategory(db());
    const hidden = await makeTopic(db(), { categoryId: category.id, isActive: false });
    expect((await server.request('GET', `/api/topics/${hidden.id}/card.png`)).status).toBe(404);
    const topic = await votedTopic();
    const badLanguage = await server.request('GET', `/api/topics/${topic.id}/card.png?lng=xx`);
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_LANGUAGE' } });
    const badId = await server.request('GET', '/api/topics/abc/card.png');
    expect(badId.status).toBe(400);
  });

  it('stops serving the card of a topic an administrator hides', async () => {
    const topic = await votedTopic();
    expect((await fetchCard(topic.id)).status).toBe(200);
    await server.ctx.changes.transaction(async (trx, change) => {
      await trx.updateTable('topics').set({ is_active: 0 }).where('id', '=', topic.id).execute();
      change.topic(topic.id, 'status');
    });
    expect((await fetchCard(topic.id)).status).toBe(404);
  });
});

describe('a hub share card', () => {
  it("shows each sub-topic's leader under the main topic's title", async () => {
    const category = await makeCategory(db());
    const hub = await makeTopic(db(), {
      categoryId: category.id,
      isMain: true,
      language: 'en',
      title: 'Cities',
    });
    const subTopics = [
      { title: 'Best bakery', leader: 'Chez Müller' },
      { title: 'Best café', leader: 'Café Señor' },
    ];
    for (const sub of subTopics) {
      const topic = await makeTopic(db(), {
        categoryId: category.id,
        mainTopicId: hub.id,
        language: 'en',
        title: sub.title,
      });
      await makeProposition(db(), topic.id, sub.leader, { first: 2 });
      await makeProposition(db(), topic.id, 'Runner-up', { second: 1 });
    }
    const card = await fetchCard(hub.id);
    expect(card.status).toBe(200);
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 });
    const words = svgWords(await cards().svg(hub.id, 'en'));
    expect(words).toContain('Cities');
    for (const sub of subTopics) {
      expect(words).toContain(sub.title);
      expect(words).toContain(sub.leader);
    }
    expect(words).not.toContain('Runner-up');
  });
});

describe('the share cards in memory', () => {
  it('stay within the cache budget however many topics are asked for, the least read dropped first', async () => {
    const small = await startTestServer({ cacheBudgetBytes: 512 * 1024 });
    try {
      const category = await makeCategory(small.ctx.db);
      for (let n = 0; n < 30; n += 1) {
        const topic = await makeTopic(small.ctx.db, { categoryId: category.id, title: `Topic ${n}` });
        await makeProposition(small.ctx.db, topic.id, `Leader ${n}`, { first: 1 });
        const response = await fetch(`${small.baseUrl}/api/topics/${topic.id}/card.png?lng=fr`);
        expect(response.status).toBe(200);
      }
      const budget = cacheBudgetFor(small.ctx.db);
      const usage = budget.usageOf('cards');
      expect(budget.usedBytes).toBeLessThanOrEqual(512 * 1024);
      expect(usage.entries).toBeGreaterThan(0);
      expect(usage.entries).toBeLessThan(30);
    } finally {
      await small.close();
    }
  });
});
