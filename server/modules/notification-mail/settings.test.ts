import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnsubscribeScope } from '../../../common/api/notification-mail.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { tokenHashOf } from '../auth/account-links.js';
import { Unsubscribes } from './unsubscribe.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PERSON_KINDS = ['leaderChanged', 'ownFirstEnteredPodium', 'ownFirstLeftPodium', 'subTopicAdded'];
const ADMIN_KINDS = ['proposalAwaitsReview', 'burstFlagged'];

const getSettings = (user: TestUser) =>
  server.request('GET', '/api/users/me/notification-settings', { token: user.accessToken });
const putSettings = (user: TestUser, settings: unknown) =>
  server.request('PUT', '/api/users/me/notification-settings', {
    token: user.accessToken,
    body: { settings },
  });
const settingsOf = async (user: TestUser) => (await getSettings(user)).body.data.settings;

/** An unsubscribe link as a message's job mints it (the token is only in the message). */
async function unsubscribeLink(user: TestUser, scope: UnsubscribeScope) {
  const link = await new Unsubscribes(server.ctx).mint(user, scope, 'fr');
  const token = new URL(link.post).searchParams.get('token') ?? '';
  return { ...link, token, path: new URL(link.post).pathname + new URL(link.post).search };
}

/** RFC 8058's one click, as a mail client makes it: a form body, no sign-in. */
const oneClick = (
  path: string,
  body = 'List-Unsubscribe=One-Click',
  type = 'application/x-www-form-urlencoded',
) => server.request('POST', path, { body, headers: { 'content-type': type } });

describe('notification settings', () => {
  it('tells a new person every kind they may receive in the app only, and no administrator kind', async () => {
    const user = await registerUser(server);
    const answer = await getSettings(user);
    expect(answer.status).toBe(200);
    expect(answer.body.data.settings).toEqual(Object.fromEntries(PERSON_KINDS.map((kind) => [kind, 'app'])));
  });

  it('keeps each kind chosen, leaves the others as they were, and reads back the same', async () => {
    const user = await registerUser(server);
    const set = await putSettings(user, { leaderChanged: 'email', subTopicAdded: 'digest' });
    expect(set.status, set.text).toBe(200);
    const expected = {
      leaderChanged: 'email',
      ownFirstEnteredPodium: 'app',
      ownFirstLeftPodium: 'app',
      subTopicAdded: 'digest',
    };
    expect(set.body.data.settings).toEqual(expected);
    expect(await settingsOf(user)).toEqual(expected);
    await putSettings(user, { leaderChanged: 'app' });
    expect(await settingsOf(user)).toEqual({ ...expected, leaderChanged: 'app' });
  });

  it('gives administrators their own kinds, and refuses them to others with a 400 that changes nothing', async () => {
    const admin = await createAdmin(server);
    expect(Object.keys(await settingsOf(admin)).sort()).toEqual([...PERSON_KINDS, ...ADMIN_KINDS].sort());
    expect((await putSettings(admin, { burstFlagged: 'digest' })).body.data.settings.burstFlagged).toBe(
      'digest',
    );

    const user = await registerUser(server);
    const refused = await putSettings(user, { leaderChanged: 'email', proposalAwaitsReview: 'email' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'settings.proposalAwaitsReview',
    });
    expect((await settingsOf(user)).leaderChanged).toBe('app');
    const rows = await server.ctx.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses an unknown kind, an unknown delivery, other fields, and a caller signed out', async () => {
    const user = await registerUser(server);
    for (const body of [
      { settings: { somethingElse: 'email' } },
      { settings: { leaderChanged: 'sms' } },
      { settings: { leaderChanged: 'email' }, userId: 1 },
      { settings: 'email' },
      {},
    ]) {
      const refused = await server.request('PUT', '/api/users/me/notification-settings', {
        token: user.accessToken,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await settingsOf(user)).toEqual(Object.fromEntries(PERSON_KINDS.map((kind) => [kind, 'app'])));
    expect((await server.request('GET', '/api/users/me/notification-settings')).status).toBe(401);
    const signedOut = await server.request('PUT', '/api/users/me/notification-settings', {
      body: { settings: {} },
    });
    expect(signedOut.status).toBe(401);
  });
});

describe('one-click unsubscribe', () => {
  it('puts the kind back to the app only with the form a mail client posts, without signing in', async () => {
    const user = await registerUser(server);
    await putSettings(user, { leaderChanged: 'email', subTopicAdded: 'digest' });
    const link = await unsubscribeLink(user, 'leaderChanged');
    expect(link.post).toMatch(/\/api\/notification-mail\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    expect(link.page).toContain(`/unsubscribe?token=${link.token}&lng=fr`);
    const done = await oneClick(link.path);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toEqual({ unsubscribed: 'leaderChanged' });
    expect(await settingsOf(user)).toMatchObject({ leaderChanged: 'app', subTopicAdded: 'digest' });
  });

  it('reads the multipart form RFC 8058 recommends, and JSON from the page', async () => {
    const user = await registerUser(server);
    await putSettings(user, { leaderChanged: 'email', ownFirstEnteredPodium: 'email' });
    const multipart = await unsubscribeLink(user, 'leaderChanged');
    const boundary = 'podium-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const answer = await oneClick(multipart.path, body, `multipart/form-data; boundary=${boundary}`);
    expect(answer.status, answer.text).toBe(200);
    const json = await unsubscribeLink(user, 'ownFirstEnteredPodium');
    const fromPage = await server.request('POST', json.path, { body: { 'List-Unsubscribe': 'One-Click' } });
    expect(fromPage.status, fromPage.text).toBe(200);
    expect(await settingsOf(user)).toMatchObject({ leaderChanged: 'app', ownFirstEnteredPodium: 'app' });
  });

  it("stops every kind mailed with the digest's link", async () => {
    const user = await registerUser(server);
    await putSettings(user, {
      leaderChanged: 'email',
      subTopicAdded: 'digest',
      ownFirstLeftPodium: 'digest',
    });
    const link = await unsubscribeLink(user, 'all');
    expect((await oneClick(link.path)).body.data).toEqual({ unsubscribed: 'all' });
    expect(await settingsOf(user)).toEqual(Object.fromEntries(PERSON_KINDS.map((kind) => [kind, 'app'])));
  });

  it('answers a used link with the same success and changes nothing more', async () => {
    const user = await registerUser(server);
    await putSettings(user, { leaderChanged: 'email' });
    const link = await unsubscribeLink(user, 'leaderChanged');
    expect((await oneClick(link.path)).status).toBe(200);
    // The person chose e-mail again: following the old link again does not undo their choice.
    await putSettings(user, { leaderChanged: 'email' });
    const again = await oneClick(link.path);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ unsubscribed: 'leaderChanged' });
    expect((await settingsOf(user)).leaderChanged).toBe('email');
  });

  it('keeps only a hash of the token, and opening the link (a GET) changes nothing', async () => {
    const user = await registerUser(server);
    await putSettings(user, { leaderChanged: 'email' });
    const link = await unsubscribeLink(user, 'leaderChanged');
    const rows = await server.ctx.db
      .selectFrom('notification_unsubscribes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.token_hash)).toEqual([tokenHashOf(link.token)]);
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const scanned = await server.request('GET', link.path);
    expect(scanned.status).toBeGreaterThanOrEqual(400);
    await server.request('GET', new URL(link.page).pathname + new URL(link.page).search);
    expect((await settingsOf(user)).leaderChanged).toBe('email');
  });

  it('refuses an unknown, a malformed, an expired, or a moved-away link with a 400, and changes nothing', async () => {
    const user = await registerUser(server);
    await putSettings(user, { leaderChanged: 'email' });
    const unknown = await oneClick(`/api/notification-mail/unsubscribe?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_LINK');
    for (const path of [
      '/api/notification-mail/unsubscribe?token=short',
      '/api/notification-mail/unsubscribe',
    ]) {
      const malformed = await oneClick(path);
      expect(malformed.status, path).toBe(400);
      expect(malformed.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'token' });
    }
    const link = await unsubscribeLink(user, 'leaderChanged');
    const wrongBody = await oneClick(link.path, 'List-Unsubscribe=Later');
    expect(wrongBody.status).toBe(400);
    const plain = await server.request('POST', link.path, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);

    server.clock.advance(91 * 24 * 60 * 60_000);
    const expired = await oneClick(link.path);
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('INVALID_LINK');

    const moved = await unsubscribeLink(user, 'leaderChanged');
    await server.ctx.db
      .updateTable('users')
      .set({ email: `moved_${user.email}` })
      .where('id', '=', user.id)
      .execute();
    expect((await oneClick(moved.path)).body.error.code).toBe('INVALID_LINK');
    // Read from the table: the access token did not live through the 91 days.
    const row = await server.ctx.db
      .selectFrom('notification_settings')
      .select('delivery')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'leaderChanged')
      .executeTakeFirstOrThrow();
    expect(row.delivery).toBe('email');
  });
});
