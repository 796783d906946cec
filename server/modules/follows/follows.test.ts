import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, vote } from '../votes/test-helpers.js';
import { FollowsRepository } from './repository.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function topic(
  options: { isActive?: boolean; isMain?: boolean; titles?: Record<string, string> } = {},
) {
  const category = await makeCategory(server.ctx.db);
  return makeTopic(server.ctx.db, { categoryId: category.id, language: 'en', ...options });
}

const follow = (user: TestUser, topicId: number | string) =>
  server.request('PUT', `/api/topics/${topicId}/follow`, { token: user.accessToken });
const unfollow = (user: TestUser, topicId: number | string) =>
  server.request('DELETE', `/api/topics/${topicId}/follow`, { token: user.accessToken });
const status = async (user: TestUser, topicId: number) =>
  (await server.request('GET', `/api/topics/${topicId}/follow`, { token: user.accessToken })).body.data;
const followed = async (user: TestUser, query = '') =>
  (await server.request('GET', `/api/users/me/follows${query}`, { token: user.accessToken })).body.data;
const followedIds = async (user: TestUser) =>
  (await followed(user)).topics.map((t: { id: number; reason: string }) => [t.id, t.reason]);
const setFollowVoted = (user: TestUser, on: boolean) =>
  server.request('PUT', '/api/users/me/follow-settings', {
    token: user.accessToken,
    body: { followVotedTopics: on },
  });
const followers = (topicId: number) => new FollowsRepository(server.ctx.db).followers(topicId);

describe('following a topic', () => {
  it('follows and unfollows a topic, both idempotent, and lists it titled in the asked language', async () => {
    const user = await registerUser(server);
    const pizza = await topic({ titles: { en: 'Best pizza', de: 'Beste Pizza' } });
    expect(await status(user, pizza.id)).toEqual({ topicId: pizza.id, following: false, reason: null });

    const first = await follow(user, pizza.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ topicId: pizza.id, following: true, reason: 'explicit' });
    const since = (await followed(user)).topics[0].since;
    server.clock.advance(60_000);
    expect((await follow(user, pizza.id)).body.data.following).toBe(true);
    const list = await followed(user, '?lang=de');
    expect(list).toMatchObject({ total: 1, followVotedTopics: true });
    expect(list.topics).toEqual([
      { id: pizza.id, slug: pizza.slug, title: 'Beste Pizza', isMain: false, reason: 'explicit', since },
    ]);

    expect((await unfollow(user, pizza.id)).body.data).toEqual({
      topicId: pizza.id,
      following: false,
      reason: null,
    });
    expect((await unfollow(user, pizza.id)).status).toBe(200);
    expect(await followed(user)).toMatchObject({ topics: [], total: 0 });
  });

  it('follows a main topic explicitly, and pages the list newest first', async () => {
    const user = await registerUser(server);
    const hub = await topic({ isMain: true });
    const plain = await topic();
    await follow(user, hub.id);
    server.clock.advance(1000);
    await follow(user, plain.id);
    const firstPage = await followed(user, '?limit=1');
    expect(firstPage.total).toBe(2);
    expect(firstPage.topics.map((t: { id: number }) => t.id)).toEqual([plain.id]);
    const secondPage = await followed(user, '?limit=1&offset=1');
    expect(secondPage.topics).toMatchObject([{ id: hub.id, isMain: true, reason: 'explicit' }]);
  });

  it('follows a voted topic by default, until unfollowed; following it again makes it explicit', async () => {
    const user = await registerUser(server);
    const voted = await topic();
    expect((await vote(server, user.accessToken, ballot(voted.id, ['Luigi']))).status).toBeLessThan(300);
    expect(await status(user, voted.id)).toEqual({ topicId: voted.id, following: true, reason: 'vote' });
    expect(await followedIds(user)).toEqual([[voted.id, 'vote']]);

    await unfollow(user, voted.id);
    expect((await status(user, voted.id)).following).toBe(false);
    expect(await followedIds(user)).toEqual([]);
    // A later vote on it keeps the unfollow: the person said so.
    await vote(server, user.accessToken, ballot(voted.id, ['Mario']));
    expect((await status(user, voted.id)).following).toBe(false);

    await follow(user, voted.id);
    expect(await status(user, voted.id)).toMatchObject({ following: true, reason: 'explicit' });
  });

  it('with the switch off, stops following topics only voted on and keeps those followed explicitly', async () => {
    const user = await registerUser(server);
    const voted = await topic();
    const chosen = await topic();
    await vote(server, user.accessToken, ballot(voted.id, ['A']));
    await vote(server, user.accessToken, ballot(chosen.id, ['B']));
    await follow(user, chosen.id);

    const off = await setFollowVoted(user, false);
    expect(off.body.data).toEqual({ followVotedTopics: false });
    expect(await followedIds(user)).toEqual([[chosen.id, 'explicit']]);
    expect((await followed(user)).followVotedTopics).toBe(false);
    expect((await status(user, voted.id)).following).toBe(false);

    await setFollowVoted(user, true);
    expect((await status(user, voted.id)).reason).toBe('vote');
  });

  it('stops following by vote once the ballot is withdrawn', async () => {
    const user = await registerUser(server);
    const voted = await topic();
    await vote(server, user.accessToken, ballot(voted.id, ['A', 'B']));
    expect((await status(user, voted.id)).following).toBe(true);
    const withdrawn = await server.request('DELETE', `/api/search/user-votes/${voted.id}`, {
      token: user.accessToken,
    });
    expect(withdrawn.status).toBe(200);
    expect((await status(user, voted.id)).following).toBe(false);
    expect(await followers(voted.id)).not.toContain(user.id);
  });

  it('forgets the follows of a deleted account and of a deleted topic', async () => {
    const admin = await createAdmin(server);
    const user = await registerUser(server);
    const kept = await topic();
    const doomed = await topic();
    await follow(user, kept.id);
    await follow(user, doomed.id);
    const rows = () =>
      server.ctx.db.selectFrom('topic_follows').select('topic_id').where('user_id', '=', user.id).execute();
    expect(await rows()).toHaveLength(2);

    const deleted = await server.request('DELETE', `/api/admin/topics/${doomed.id}`, {
      token: admin.accessToken,
    });
    expect(deleted.status).toBe(200);
    expect((await rows()).map((row) => row.topic_id)).toEqual([kept.id]);

    const gone = await server.request('DELETE', '/api/users/me', {
      token: user.accessToken,
      body: { currentPassword: user.password },
    });
    expect(gone.status).toBe(200);
    expect(await rows()).toEqual([]);
    expect(await followers(kept.id)).toEqual([]);
  });

  it("never shows one person another's follows", async () => {
    const one = await registerUser(server);
    const other = await registerUser(server);
    const theirs = await topic();
    await follow(other, theirs.id);
    await vote(server, other.accessToken, ballot((await topic()).id, ['X']));
    expect(await followed(one)).toMatchObject({ topics: [], total: 0 });
    expect((await status(one, theirs.id)).following).toBe(false);
  });

  it('answers 401 signed out, 404 for an unknown or (to non-administrators) inactive topic, 400 for a bad id', async () => {
    const user = await registerUser(server);
    const admin = await createAdmin(server);
    const plain = await topic();
    const hidden = await topic({ isActive: false });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const anonymous = await server.request(method, `/api/topics/${plain.id}/follow`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);
    }
    expect((await server.request('GET', '/api/users/me/follows')).status).toBe(401);
    expect(
      (await server.request('PUT', '/api/users/me/follow-settings', { body: { followVotedTopics: false } }))
        .status,
    ).toBe(401);

    const unknown = await follow(user, 999_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect((await follow(user, hidden.id)).status).toBe(404);
    expect((await unfollow(user, hidden.id)).status).toBe(404);
    expect((await follow(admin, hidden.id)).status).toBe(200);

    for (const bad of ['abc', '0', '-3', '1.5']) {
      const response = await follow(user, bad);
      expect(response.status).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const badBody = await server.request('PUT', '/api/users/me/follow-settings', {
      token: user.accessToken,
      body: { followVotedTopics: 'yes' },
    });
    expect(badBody.status).toBe(400);
    const badLanguage = await server.request('GET', '/api/users/me/follows?lang=it', {
      token: user.accessToken,
    });
    expect(badLanguage.body.error.code).toBe('UNSUPPORTED_LANGUAGE');
  });
});

describe('who follows a topic', () => {
  it('is the explicit followers and the voters who follow what they vote on, less unfollows and deactivated accounts', async () => {
    const subject = await topic();
    const [
      explicitOnly,
      voterOn,
      voterOff,
      voterUnfollowed,
      voterAndExplicit,
      withdrawn,
      deactivated,
      elsewhere,
    ] = (await Promise.all(Array.from({ length: 8 }, () => registerUser(server)))) as TestUser[] as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    await follow(explicitOnly, subject.id);
    for (const voter of [voterOn, voterOff, voterUnfollowed, voterAndExplicit, withdrawn, deactivated]) {
      expect((await vote(server, voter.accessToken, ballot(subject.id, ['One']))).status).toBeLessThan(300);
    }
    await setFollowVoted(voterOff, false);
    await unfollow(voterUnfollowed, subject.id);
    await follow(voterAndExplicit, subject.id);
    await server.request('DELETE', `/api/search/user-votes/${subject.id}`, { token: withdrawn.accessToken });
    await server.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', deactivated.id).execute();
    await follow(elsewhere, (await topic()).id);

    const expected = [explicitOnly.id, voterOn.id, voterAndExplicit.id].sort((a, b) => a - b);
    expect(await followers(subject.id)).toEqual(expected);
  });

  it('is only the explicit followers of a main topic', async () => {
    const hub = await topic({ isMain: true });
    const one = await registerUser(server);
    const two = await registerUser(server);
    await follow(one, hub.id);
    await follow(two, hub.id);
    await unfollow(two, hub.id);
    expect(await followers(hub.id)).toEqual([one.id]);
    expect(
      await server.ctx.db.selectFrom('topic_follows').selectAll().where('topic_id', '=', hub.id).execute(),
    ).toHaveLength(1);
  });
});
