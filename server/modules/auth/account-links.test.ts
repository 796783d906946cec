import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { snapshotDatabase } from '../../test/snapshot.js';
import { tokenHashOf } from './account-links.js';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    mail: {
      ...loadConfig({}).mail,
      smtpUrl: smtp.url,
      from: 'Podium <no-reply@podium.test>',
      linkRequestsPerHour: 3,
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
// Each test starts in a new hour of the link requests' limit (they all come from 127.0.0.1).
beforeEach(() => server.clock.advance(61 * 60_000));

/** Runs every job due now: the message of a write leaves by its job. */
const sendDueMail = () => runEveryDueJob(server.ctx.jobs);

/** The token of the link a message carries (the same in its HTML and its plain text). */
function tokenIn(mail: ParsedMail, page: string): string {
  const found = mail.text?.match(new RegExp(`${page}\\?token=([A-Za-z0-9_-]{43})`));
  if (!found?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  expect(mail.html).toContain(`${page}?token=${found[1]}`);
  return found[1];
}

async function newAccount(overrides: Partial<{ language: string }> = {}): Promise<TestUser> {
  const user = await registerUser(server, overrides);
  await sendDueMail();
  return user;
}

async function resetLinkFor(user: TestUser): Promise<string> {
  const before = smtp.messages.length;
  const asked = await server.request('POST', '/api/auth/password-reset', { body: { email: user.email } });
  expect(asked.status).toBe(202);
  await sendDueMail();
  return tokenIn(await smtp.nextTo(user.email, { after: before }), '/reset-password');
}

const confirmReset = (token: string, password: string) =>
  server.request('POST', '/api/auth/password-reset/confirm', { body: { token, password } });

const login = (email: string, password: string) =>
  server.request('POST', '/api/auth/login', { body: { email, password } });

/** Asks for a new address from the profile; answers the tokens mailed to the new address and to the old one. */
async function emailChangeLinks(user: TestUser, newEmail: string) {
  const before = smtp.messages.length;
  const asked = await server.request('PUT', '/api/users/profile', {
    token: user.accessToken,
    body: { email: newEmail, currentPassword: user.password },
  });
  expect(asked.status, asked.text).toBe(200);
  expect(asked.body.data.user).toMatchObject({ email: user.email, pendingEmail: newEmail });
  await sendDueMail();
  const notice = await smtp.nextTo(user.email, { after: before });
  expect(notice.text).toContain(newEmail);
  return {
    confirm: tokenIn(await smtp.nextTo(newEmail, { after: before }), '/confirm-email-change'),
    cancel: tokenIn(notice, '/cancel-email-change'),
  };
}

async function confirmEmailChange(token: string) {
  const confirmed = await server.request('POST', '/api/auth/email-change/confirm', { body: { token } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body.data.user;
}

const cancelEmailChange = (token: string) =>
  server.request('POST', '/api/auth/email-change/cancel', { body: { token } });

describe('address confirmation', () => {
  it('mails a new account a link in its language that confirms the address once', async () => {
    const before = smtp.messages.length;
    const user = await newAccount({ language: 'fr' });
    const mail = await smtp.nextTo(user.email, { after: before });
    expect(mail.subject).toBe('Confirmez votre adresse sur Podium');
    expect(mail.from?.text).toContain('no-reply@podium.test');
    expect(mail.text).toContain(user.username);
    // The page it opens speaks the message's language, and the address stands once in the plain text.
    expect(mail.text).toContain(`/verify-email?token=${tokenIn(mail, '/verify-email')}&lng=fr`);
    expect(mail.text?.split('/verify-email?token=')).toHaveLength(2);
    const token = tokenIn(mail, '/verify-email');
    const me = () => server.request('GET', '/api/auth/me', { token: user.accessToken });
    expect((await me()).body.data.user.emailVerified).toBe(false);
    const confirmed = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user.emailVerified).toBe(true);
    expect((await me()).body.data.user.emailVerified).toBe(true);
    const again = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_LINK');
  });

  it('keeps only a hash of the token, and no token in the job that mails it', async () => {
    const before = smtp.messages.length;
    const user = await newAccount();
    const token = tokenIn(await smtp.nextTo(user.email, { after: before }), '/verify-email');
    const links = await server.ctx.db
      .selectFrom('account_links')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(links.map((link) => link.token_hash)).toEqual([tokenHashOf(token)]);
    const jobs = await server.ctx.db.selectFrom('jobs').select('payload').execute();
    expect(JSON.stringify(jobs)).not.toContain(token);
  });

  it('does not confirm an address the account no longer has', async () => {
    const before = smtp.messages.length;
    const user = await newAccount();
    const token = tokenIn(await smtp.nextTo(user.email, { after: before }), '/verify-email');
    const moved = `moved_${user.email}`;
    await confirmEmailChange(await emailChangeLinks(user, moved).then((links) => links.confirm));
    const confirmed = await server.request('POST', '/api/auth/verify-email', { body: { token } });
    expect(confirmed.body.error?.code).toBe('INVALID_LINK');
  });

  it('mails the link again on request, and refuses a made-up token the same way as a used one', async () => {
    const user = await newAccount();
    const before = smtp.messages.length;
    const resent = await server.request('POST', '/api/auth/verify-email/resend', { token: user.accessToken });
    expect(resent.status).toBe(202);
    await sendDueMail();
    tokenIn(await smtp.nextTo(user.email, { after: before }), '/verify-email');
    for (const token of ['A'.repeat(43), 'too-short']) {
      const refused = await server.request('POST', '/api/auth/verify-email', { body: { token } });
      expect(refused.status).toBe(400);
    }
  });
});

describe('password reset', () => {
  it('sets a new password by the mailed link: every session ends, a new one opens, the link works once', async () => {
    const user = await newAccount();
    const token = await resetLinkFor(user);
    const reset = await confirmReset(token, 'a brand new secret');
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.data.user.id).toBe(user.id);
    // Following a link mailed to the address proves it as well.
    expect(reset.body.data.user.emailVerified).toBe(true);
    expect((await server.request('GET', '/api/auth/me', { token: user.accessToken })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: reset.body.data.accessToken })).status).toBe(
      200,
    );
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'a brand new secret')).status).toBe(200);
    const twice = await confirmReset(token, 'yet another secret');
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe('INVALID_LINK');
  });

  it('answers a request for an unknown address as for a known one, and mails nothing', async () => {
    const user = await newAccount();
    const before = smtp.messages.length;
    const known = await server.request('POST', '/api/auth/password-reset', { body: { email: user.email } });
    const unknown = await server.request('POST', '/api/auth/password-reset', {
      body: { email: 'nobody-here@example.test' },
    });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(known.body);
    await sendDueMail();
    await smtp.nextTo(user.email, { after: before });
    expect(smtp.messages.slice(before).map((mail) => mail.to)).toHaveLength(1);
  });

  it('refuses a link past its 30 minutes, and one asked before the password was changed', async () => {
    const user = await newAccount();
    const expired = await resetLinkFor(user);
    server.clock.advance(31 * 60_000);
    expect((await confirmReset(expired, 'a brand new secret')).body.error?.code).toBe('INVALID_LINK');
    const outdated = await resetLinkFor(user);
    const session = await login(user.email, user.password);
    const changed = await server.request('PUT', '/api/users/password', {
      token: session.body.data.accessToken,
      body: { currentPassword: user.password, newPassword: 'changed by hand' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await confirmReset(outdated, 'a brand new secret')).body.error?.code).toBe('INVALID_LINK');
    expect((await login(user.email, 'changed by hand')).status).toBe(200);
  });

  it('limits requests per hour alike for known and unknown accounts', async () => {
    const user = await newAccount();
    for (const email of [user.email, 'unknown-limit@example.test']) {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await server.request('POST', '/api/auth/password-reset', { body: { email } })).status);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      server.clock.advance(61 * 60_000);
    }
  });

  it('keeps a message while the SMTP server is down and sends it when it is back', async () => {
    const user = await newAccount();
    const before = smtp.messages.length;
    await smtp.down();
    try {
      const asked = await server.request('POST', '/api/auth/password-reset', { body: { email: user.email } });
      expect(asked.status).toBe(202);
      await sendDueMail();
      expect(smtp.messages.length).toBe(before);
    } finally {
      await smtp.up();
    }
    // Tried again after its back-off: the link it carries works.
    server.clock.advance(60_000);
    await sendDueMail();
    const token = tokenIn(await smtp.nextTo(user.email, { after: before }), '/reset-password');
    expect((await confirmReset(token, 'back after the outage')).status).toBe(200);
  });
});

describe('changing the address', () => {
  it('takes effect when the new address confirms it, confirmed, and the old address is told', async () => {
    const user = await newAccount();
    const moved = `new_${user.email}`;
    const links = await emailChangeLinks(user, moved);
    expect(await confirmEmailChange(links.confirm)).toMatchObject({
      email: moved,
      emailVerified: true,
      pendingEmail: null,
    });
    expect((await login(moved, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    const again = await server.request('POST', '/api/auth/email-change/confirm', {
      body: { token: links.confirm },
    });
    expect(again.body.error.code).toBe('INVALID_LINK');
  });

  it('is undone from the old address even after it was confirmed: the address comes back, every session ends', async () => {
    const user = await newAccount();
    const moved = `taken_over_${user.email}`;
    const links = await emailChangeLinks(user, moved);
    await confirmEmailChange(links.confirm);
    // Confirmed before its notice left, the change is still told to the old address.
    const hurried = await newAccount();
    const before = smtp.messages.length;
    const asked = await server.request('PUT', '/api/users/profile', {
      token: hurried.accessToken,
      body: { email: `hurried_${hurried.email}`, currentPassword: hurried.password },
    });
    expect(asked.status).toBe(200);
    const link = await server.ctx.db
      .selectFrom('account_links')
      .select('id')
      .where('user_id', '=', hurried.id)
      .where('purpose', '=', 'change_email')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .updateTable('users')
      .set({ email: `hurried_${hurried.email}` })
      .where('id', '=', hurried.id)
      .execute();
    await server.ctx.db
      .updateTable('account_links')
      .set({ used_at: server.clock.nowIso() })
      .where('id', '=', link.id)
      .execute();
    await sendDueMail();
    expect((await smtp.nextTo(hurried.email, { after: before })).text).toContain(`hurried_${hurried.email}`);
    const cancelled = await cancelEmailChange(links.cancel);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toEqual({ cancelled: true });
    expect((await server.request('GET', '/api/auth/me', { token: user.accessToken })).status).toBe(401);
    const back = await login(user.email, user.password);
    expect(back.status).toBe(200);
    expect(back.body.data.user).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await cancelEmailChange(links.cancel)).body.error.code).toBe('INVALID_LINK');
  });

  it('is dropped before confirmation by the old address or by its owner: the new address link dies', async () => {
    const user = await newAccount();
    const first = await emailChangeLinks(user, `first_${user.email}`);
    expect((await cancelEmailChange(first.cancel)).status).toBe(200);
    const confirm = (token: string) =>
      server.request('POST', '/api/auth/email-change/confirm', { body: { token } });
    expect((await confirm(first.confirm)).body.error.code).toBe('INVALID_LINK');

    const session = (await login(user.email, user.password)).body.data;
    const second = await emailChangeLinks(
      { ...user, accessToken: session.accessToken },
      `second_${user.email}`,
    );
    const dropped = await server.request('DELETE', '/api/users/email-change', { token: session.accessToken });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data.user).toMatchObject({ email: user.email, pendingEmail: null });
    expect((await confirm(second.confirm)).body.error.code).toBe('INVALID_LINK');
    expect((await cancelEmailChange(second.cancel)).body.error.code).toBe('INVALID_LINK');
  });

  it('refuses an address another account has, and changes nothing', async () => {
    const [user, other] = [await newAccount(), await newAccount()];
    const before = await snapshotDatabase(server.ctx.db);
    const taken = await server.request('PUT', '/api/users/profile', {
      token: user.accessToken,
      body: { email: other.email, currentPassword: user.password },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('EMAIL_EXISTS');
    expect(await snapshotDatabase(server.ctx.db)).toBe(before);
  });
});
