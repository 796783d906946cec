import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProposition, makeTag, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, UNLIMITED_CREATIONS, vote } from '../votes/test-helpers.js';
import { AdminExports, type CsvChunks } from './admin-exports.js';

let server: TestServer;
let admin: TestUser;
let voters: TestUser[];
beforeAll(async () => {
  server = await startTestServer(UNLIMITED_CREATIONS);
  admin = await createAdmin(server);
  voters = [await registerUser(server), await registerUser(server), await registerUser(server)];
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A topic titled in French and English, with Alpha, Bravo and Charlie, voted on by three people. */
async function votedTopic() {
  const category = await makeCategory(db());
  const topic = await makeTopic(db(), {
    categoryId: category.id,
    language: 'en',
    titles: { en: 'Best pizza', fr: 'Meilleure pizza' },
  });
  for (const name of ['Alpha', 'Bravo', 'Charlie']) await makeProposition(db(), topic.id, name);
  const ballots = [
    ['Alpha', 'Bravo', 'Charlie'],
    ['Alpha', 'Charlie', null],
    ['Bravo', 'Alpha', null],
  ];
  for (const [index, places] of ballots.entries()) {
    const answer = await vote(server, (voters[index] as TestUser).accessToken, ballot(topic.id, places));
    expect(answer.status).toBe(201);
  }
  return topic;
}

/**
 * A CSV answer's records as arrays of fields (no field here holds a comma or a line break). The byte order
 * mark is gone: fetch's text() drops it (see "starts with a byte order mark").
 */
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

/** The first bytes of an answer, as sent. */
async function firstBytes(path: string, token?: string): Promise<number[]> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return [...new Uint8Array(await response.arrayBuffer()).slice(0, 3)];
}

describe('a topic ranking export', () => {
  it("serves, as CSV, the hand-computed totals and the ranking route's own figures, titled in the asked language", async () => {
    const topic = await votedTopic();
    const response = await server.request('GET', `/api/topics/${topic.id}/ranking.csv?lng=fr`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="podium-T-[A-Z0-9]+-ranking-all-fr\.csv"$/,
    );
    const [header, ...rows] = csvRows(response.text);
    expect(header).toEqual([
      'topicId',
      'topic',
      'window',
      'rank',
      'propositionId',
      'proposition',
      'points',
      'voters',
      'firstPlaces',
      'secondPlaces',
      'thirdPlaces',
      'eligibleBallots',
      'weightedAverage',
      'intervalLow',
      'intervalHigh',
    ]);
    // Alpha 3+3+2, Bravo 2+3, Charlie 1+2.
    expect(rows.map((row) => [row[0], row[1], row[2], row[3], ...row.slice(5, 11)])).toEqual([
      [String(topic.id), 'Meilleure pizza', 'all', '1', 'Alpha', '8', '3', '2', '1', '0'],
      [String(topic.id), 'Meilleure pizza', 'all', '2', 'Bravo', '5', '2', '1', '1', '0'],
      [String(topic.id), 'Meilleure pizza', 'all', '3', 'Charlie', '3', '2', '0', '1', '1'],
    ]);
    const ranking = (await server.request('GET', `/api/search/rankings/topic/${topic.id}`)).body.data;
    expect(
      rows.map((row) =>
        row
          .slice(3)
          .map(Number)
          .filter((_, i) => i !== 2),
      ),
    ).toEqual(
      ranking.rankings.map((row: Record<string, any>) => [
        row.rank,
        row.id,
        row.totalPoints,
        row.voteCount,
        row.firstPlaces,
        row.secondPlaces,
        row.thirdPlaces,
        row.eligibleBallots,
        row.weightedAverage,
        row.interval.low,
        row.interval.high,
      ]),
    );
  });

  it('serves the same figures as a JSON document, with the topic and the window', async () => {
    const topic = await votedTopic();
    const response = await server.request('GET', `/api/topics/${topic.id}/ranking.json?lng=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/ranking-all-en\.json"$/);
    const data = response.body;
    expect(data).toMatchObject({
      format: 'podium-ranking',
      version: 1,
      language: 'en',
      topic: { id: topic.id, title: 'Best pizza' },
      window: 'all',
      since: null,
      voters: 3,
    });
    const ranking = (await server.request('GET', `/api/search/rankings/topic/${topic.id}`)).body.data;
    expect(data.rows).toEqual(
      ranking.rankings.map((row: Record<string, any>) => ({
        rank: row.rank,
        propositionId: row.id,
        proposition: row.itemName,
        points: row.totalPoints,
        voters: row.voteCount,
        firstPlaces: row.firstPlaces,
        secondPlaces: row.secondPlaces,
        thirdPlaces: row.thirdPlaces,
        eligibleBallots: row.eligibleBallots,
        weightedAverage: row.weightedAverage,
        intervalLow: row.interval.low,
        intervalHigh: row.interval.high,
      })),
    );
    expect(data.rows.map((row: { points: number }) => row.points)).toEqual([8, 5, 3]);
  });

  it("answers a ranking JSON's revalidation 304 while the ranking is the same, however much later, and 200 once a ballot moves it", async () => {
    const topic = await votedTopic();
    const path = `/api/topics/${topic.id}/ranking.json?lng=en`;
    const first = await server.request('GET', path);
    const etag = first.headers.get('etag') as string;
    // Long past the second for which this server keeps the answer's ETag: the route builds it again, with
    // another export time, and the same ETag.
    server.clock.advance(60_000);
    const later = await server.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(later.status).toBe(304);
    expect(later.text).toBe('');
    expect((await server.request('GET', path)).body.exportedAt).not.toBe(first.body.exportedAt);

    const moved = await vote(
      server,
      (voters[2] as TestUser).accessToken,
      ballot(topic.id, ['Charlie', 'Bravo', 'Alpha']),
    );
    expect(moved.status).toBe(200);
    const after = await server.request('GET', path, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('honours a time window as the ranking route does', async () => {
    const topic = await votedTopic();
    const exported = (await server.request('GET', `/api/topics/${topic.id}/ranking.json?window=week`)).body;
    const ranking = (await server.request('GET', `/api/search/rankings/topic/${topic.id}?window=week`)).body
      .data;
    expect(exported.window).toBe('week');
    expect(exported.since).toBe(ranking.since);
    expect(exported.rows.map((row: { points: number }) => row.points)).toEqual(
      ranking.rankings.map((row: { totalPoints: number }) => row.totalPoints),
    );
  });

  it('quotes a name holding a comma or a quote, and neutralizes one a spreadsheet would run', async () => {
    const category = await makeCategory(db());
    const topic = await makeTopic(db(), { categoryId: category.id, language: 'en' });
    await makeProposition(db(), topic.id, '=HYPERLINK("http://evil.test","Click")', { first: 2 });
    await makeProposition(db(), topic.id, 'Chez "Marco", Paris', { first: 1 });
    await makeProposition(db(), topic.id, '@SUM(1+1)', {});
    const text = (await server.request('GET', `/api/topics/${topic.id}/ranking.csv`)).text;
    expect(text).toContain(',"\'=HYPERLINK(""http://evil.test"",""Click"")",');
    expect(text).toContain(',"Chez ""Marco"", Paris",');
    expect(text).toContain(",'@SUM(1+1),");
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('starts with a byte order mark, so that a spreadsheet reads UTF-8', async () => {
    const topic = await votedTopic();
    expect(await firstBytes(`/api/topics/${topic.id}/ranking.csv`)).toEqual(UTF8_BOM);
    expect(await firstBytes('/api/admin/exports/ballots.csv', admin.accessToken)).toEqual(UTF8_BOM);
  });

  it('answers 404 in the error envelope for an unknown or inactive topic, CSV and JSON alike', async () => {
    const category = await makeCategory(db());
    const inactive = await makeTopic(db(), { categoryId: category.id, isActive: false });
    for (const path of ['/api/topics/99999999/ranking.csv', `/api/topics/${inactive.id}/ranking.json`]) {
      const response = await server.request('GET', path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers 400 for a bad language, window or id', async () => {
    const topic = await votedTopic();
    const language = await server.request('GET', `/api/topics/${topic.id}/ranking.csv?lng=xx`);
    expect(language.status).toBe(400);
    expect(language.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
    const window = await server.request('GET', `/api/topics/${topic.id}/ranking.json?window=decade`);
    expect(window.status).toBe(400);
    expect(window.body.error.code).toBe('VALIDATION_ERROR');
    const id = await server.request('GET', '/api/topics/abc/ranking.csv');
    expect(id.status).toBe(400);
    expect(id.body.error.code).toBe('VALIDATION_ERROR');
  });
});

const exportEntries = () =>
  db()
    .selectFrom('audit_log')
    .select(['actor_id', 'entity_type'])
    .where('action', '=', 'export')
    .orderBy('id')
    .execute();

const ADMIN_EXPORTS = [
  '/api/admin/exports/categories.csv',
  '/api/admin/exports/tags.csv',
  '/api/admin/exports/topics.csv',
  '/api/admin/exports/propositions.csv',
  '/api/admin/exports/ballots.csv',
];

describe('the administrators exports', () => {
  it('should fail with 401 without a token and 403 for someone who is not an administrator', async () => {
    for (const path of ADMIN_EXPORTS) {
      expect((await server.request('GET', path)).status).toBe(401);
      const forbidden = await server.request('GET', path, { token: (voters[0] as TestUser).accessToken });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('list the catalogue: categories, tags, topics with their category and tags, propositions with totals', async () => {
    const category = await makeCategory(db(), { names: { en: 'Food', fr: 'Cuisine' } });
    const tag = await makeTag(db(), { categoryId: category.id, type: 'CITY', names: { en: 'Paris' } });
    const topic = await makeTopic(db(), {
      categoryId: category.id,
      language: 'en',
      titles: { en: 'Best bakery', fr: 'Meilleure boulangerie' },
      tagIds: [tag.id],
    });
    const proposition = await makeProposition(db(), topic.id, 'Du Pain', { first: 2, third: 1 });
    const get = async (part: string, lng = 'fr') =>
      csvRows(
        (
          await server.request('GET', `/api/admin/exports/${part}.csv?lng=${lng}`, {
            token: admin.accessToken,
          })
        ).text,
      );
    const row = (rows: string[][], id: number) => rows.find((fields) => fields[0] === String(id));
    expect(row(await get('categories'), category.id)?.slice(2, 5)).toEqual(['Cuisine', '', 'false']);
    expect(row(await get('tags'), tag.id)?.slice(2, 5)).toEqual(['Paris', 'CITY', String(category.id)]);
    expect(row(await get('topics'), topic.id)?.slice(3, 11)).toEqual([
      'Meilleure boulangerie',
      'en',
      String(category.id),
      'false',
      '',
      'true',
      '0',
      String(tag.id),
    ]);
    expect(row(await get('propositions'), proposition.id)?.slice(1, 8)).toEqual([
      String(topic.id),
      'Du Pain',
      '7',
      '3',
      '2',
      '0',
      '1',
    ]);
  });

  it('list each ballot under a pseudonym stable per voter and topic, unrelated across topics, naming nobody', async () => {
    const first = await votedTopic();
    const second = await votedTopic();
    const read = async () => {
      const response = await server.request('GET', '/api/admin/exports/ballots.csv', {
        token: admin.accessToken,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="podium-ballots-/);
      return response.text;
    };
    const text = await read();
    const [header, ...rows] = csvRows(text);
    expect(header).toEqual(['topicId', 'pseudonym', 'state', 'castOn', 'firstId', 'secondId', 'thirdId']);
    const of = (topicId: number) => rows.filter((row) => row[0] === String(topicId));
    expect(of(first.id)).toHaveLength(3);
    expect(of(second.id)).toHaveLength(3);
    // Each voter is on both topics, under pseudonyms that share nothing.
    const firstNames = new Set(of(first.id).map((row) => row[1]));
    expect(firstNames.size).toBe(3);
    for (const row of of(second.id)) expect(firstNames.has(row[1] as string)).toBe(false);
    for (const row of rows) expect(row[1]).toMatch(/^[0-9a-f]{20}$/);
    expect(of(first.id).map((row) => row[2])).toEqual(['counted', 'counted', 'counted']);
    expect(of(first.id)[0]?.[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Within a topic, in pseudonym order (not the order people voted in).
    const pseudonyms = of(first.id).map((row) => row[1] as string);
    expect(pseudonyms).toEqual([...pseudonyms].sort());
    // Places are the ids of the propositions.
    const ranking = (await server.request('GET', `/api/search/rankings/topic/${first.id}`)).body.data;
    const ids = new Set(ranking.rankings.map((row: { id: number }) => String(row.id)));
    for (const row of of(first.id)) expect(ids.has(row[4] as string)).toBe(true);
    // Nobody is named: no user id column, no username, no e-mail address.
    for (const voter of voters) {
      expect(text).not.toContain(voter.username);
      expect(text).not.toContain(voter.email);
    }
    expect(text).not.toMatch(/user/i);
    // A second export gives every ballot the same pseudonym.
    expect(await read()).toBe(text);
  });

  it('writes each ballots export in the audit log, under the administrator who took it', async () => {
    const before = await exportEntries();
    await server.request('GET', '/api/admin/exports/ballots.csv', { token: admin.accessToken });
    const after = await exportEntries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ actor_id: admin.id, entity_type: 'ballot' });
  });

  it('keeps the pseudonyms key in the database only, made once', async () => {
    await server.request('GET', '/api/admin/exports/ballots.csv', { token: admin.accessToken });
    const keys = await db()
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', 'ballot_pseudonym_key')
      .execute();
    expect(keys).toHaveLength(1);
    const text = (await server.request('GET', '/api/admin/exports/ballots.csv', { token: admin.accessToken }))
      .text;
    expect(text).not.toContain(keys[0]?.value);
  });

  it('reads in pages whose edges change nothing, a topic split across two pages included', async () => {
    await votedTopic();
    await votedTopic();
    const whole = async (chunks: CsvChunks) => {
      let text = '';
      for await (const chunk of chunks) text += chunk;
      return text;
    };
    for (const part of ['categories', 'tags', 'topics', 'propositions'] as const) {
      const small = new AdminExports(server.ctx, 2).catalogue(part, 'en');
      expect(await whole(small)).toBe(await whole(new AdminExports(server.ctx).catalogue(part, 'en')));
    }
    const ballots = await whole(new AdminExports(server.ctx, 2).ballots());
    expect(ballots).toBe(await whole(new AdminExports(server.ctx).ballots()));
    expect(ballots.split('\r\n').length).toBeGreaterThan(6);
  });
});
