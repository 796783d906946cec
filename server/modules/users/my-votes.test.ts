import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, vote } from '../votes/test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function topic(titles: Record<string, string>, title = 'Base title') {
  const category = await makeCategory(server.ctx.db);
  return makeTopic(server.ctx.db, { categoryId: category.id, title, language: 'en', titles });
}

describe('GET /api/users/me/votes', () => {
  it('lists one entry per voted topic, newest first, titles in the asked language, places 3, 2, 1', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const first = await topic({ fr: 'Meilleure pizza', de: 'Beste Pizza' });
    const second = await topic({ fr: 'Meilleur café' });
    expect(
      (await vote(server, user.accessToken, ballot(first.id, ['Luigi', 'Mario', 'Peach']))).status,
    ).toBeLessThan(300);
    expect(
      (await vote(server, user.accessToken, ballot(second.id, [null, 'Kaffee Klatsch', null]))).status,
    ).toBeLessThan(300);
    await vote(server, other.accessToken, ballot(first.id, ['Bowser']));

    const response = await server.request('GET', '/api/users/me/votes?lang=de', { token: user.accessToken });
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(2);
    const [newest, oldest] = response.body.data.topics;
    expect(newest).toMatchObject({ id: second.id, slug: second.slug, title: 'Meilleur café' });
    expect(newest.votes).toEqual([{ itemName: 'Kaffee Klatsch', points: 2, awaitingReview: false }]);
    expect(oldest).toMatchObject({ id: first.id, title: 'Beste Pizza', isActive: true });
    expect(oldest.votes).toEqual([
      { itemName: 'Luigi', points: 3, awaitingReview: false },
      { itemName: 'Mario', points: 2, awaitingReview: false },
      { itemName: 'Peach', points: 1, awaitingReview: false },
    ]);

    const page = await server.request('GET', '/api/users/me/votes?lang=en&limit=1&offset=1', {
      token: user.accessToken,
    });
    expect(page.body.data.topics.map((t: { id: number }) => t.id)).toEqual([first.id]);
    expect(page.body.data.total).toBe(2);
  });

  it('falls back to the base title when no translation fits, and shows nothing for a user without votes', async () => {
    const user = await registerUser(server);
    const plain = await topic({}, 'Only base');
    await vote(server, user.accessToken, ballot(plain.id, ['One']));
    const response = await server.request('GET', '/api/users/me/votes?lang=es', { token: user.accessToken });
    expect(response.body.data.topics[0].title).toBe('Only base');
    const nobody = await registerUser(server);
    const empty = await server.request('GET', '/api/users/me/votes', { token: nobody.accessToken });
    expect(empty.body.data).toEqual({ topics: [], total: 0 });
  });

  it('requires a signed-in caller and a supported language', async () => {
    expect((await server.request('GET', '/api/users/me/votes')).status).toBe(401);
    const user = await registerUser(server);
    const response = await server.request('GET', '/api/users/me/votes?lang=it', { token: user.accessToken });
    expect(response.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
  });
});
