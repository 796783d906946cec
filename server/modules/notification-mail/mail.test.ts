import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationFacts, NotificationKind } from '../../../common/api/notifications.js';
import { loadConfig } from '../../config.js';
import { makeCategory, makeTopic } from '../../test/catalogue-factory.js';
import { registerUser, type TestUser } from '../../test/factories.js';
import { runEveryDueJob } from '../../test/jobs.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { NOTIFICATION_MAIL } from './mailer.js';

let smtp: TestSmtp;
let server: TestServer;
/** The digest leaves at 07:00 UTC; the tests start a day ahead of the real one, at 05:00. */
const DIGEST_HOUR = 7;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    mail: {
      ...loadConfig({}).mail,
      smtpUrl: smtp.url,
      from: 'Podium <no-reply@podium.test>',
      digestHourUtc: DIGEST_HOUR,
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Moves the clock to the next `hour`:`minute` UTC after now. */
function moveToNext(hour: number, minute = 0) {
  const now = new Date(server.clock.now());
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour, minute, 0));
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY_MS);
  server.clock.set(next);
}

const sendDue = () => runEveryDueJob(server.ctx.jobs);

/**
 * A person with a confirmed address (the account tests follow the mailed link; here the confirmation is
 * written directly) and the deliveries they chose.
 */
async function person(
  language: string,
  settings: Partial<Record<NotificationKind, string>>,
  { confirmed = true } = {},
): Promise<TestUser> {
  const user = await registerUser(server, { language });
  await sendDue();
  if (confirmed) {
    await server.ctx.db
      .updateTable('users')
      .set({ email_verified_at: server.clock.nowIso() })
      .where('id', '=', user.id)
      .execute();
  }
  const set = await server.request('PUT', '/api/users/me/notification-settings', {
    token: user.accessToken,
    body: { settings },
  });
  expect(set.status, set.text).toBe(200);
  return user;
}

async function topic(titles: Record<string, string>) {
  const category = await makeCategory(server.ctx.db);
  return makeTopic(server.ctx.db, { categoryId: category.id, language: 'en', titles });
}

const leaderChanged = (leader: string, previous: string): NotificationFacts => ({
  kind: 'leaderChanged',
  leaders: [{ id: 1, name: leader }],
  previousLeaders: [{ id: 2, name: previous }],
  events: 1,
});

let deliveries = 0;
/** Notifications written by notify-core's writer, as its producers write them. */
const deliver = (topicId: number, facts: NotificationFacts, people: readonly TestUser[]): Promise<number> =>
  server.ctx.notifications.deliver(
    `mail-test-${++deliveries}`,
    { kind: facts.kind, topicId, facts },
    people.map((user) => user.id).sort((a, b) => a - b),
  );

/** The notification messages `user` received (their account's confirmation link is not one). */
const messagesTo = (user: TestUser) =>
  smtp.messages.filter(
    (mail) =>
      mail.headerLines.some((line) => line.key === 'list-unsubscribe-post') &&
      [mail.to ?? []].flat().some((to) => to.value.some((entry) => entry.address === user.email)),
  );

function header(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (typeof value === 'string') return value;
  // mailparser reads List-* headers into an object; the raw line is what a mail client acts on.
  const line = mail.headerLines.find((entry) => entry.key === name);
  return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : '';
}

/** The one-click address of a message's List-Unsubscribe header, as a path of the test server. */
function oneClickPath(mail: ParsedMail): string {
  const found = header(mail, 'list-unsubscribe').match(/^<(https?:\/\/[^>]+)>$/);
  if (!found?.[1]) throw new Error(`no List-Unsubscribe in ${JSON.stringify(mail.headerLines)}`);
  const url = new URL(found[1]);
  return url.pathname + url.search;
}

const deliveryOf = async (user: TestUser, kind: NotificationKind) =>
  (
    await server.ctx.db
      .selectFrom('notification_settings')
      .select('delivery')
      .where('user_id', '=', user.id)
      .where('kind', '=', kind)
      .executeTakeFirst()
  )?.delivery ?? 'app';

describe('e-mail at once', () => {
  it('mails a person who chose it once, in their language, with a one-click unsubscribe; nobody else', async () => {
    moveToNext(5);
    const mailed = await person('fr', { leaderChanged: 'email' });
    const appOnly = await person('fr', {});
    const unconfirmed = await person('en', { leaderChanged: 'email' }, { confirmed: false });
    const digest = await person('en', { leaderChanged: 'digest' });
    const pizza = await topic({ en: 'Best pizza', fr: 'Meilleure pizza' });
    await deliver(pizza.id, leaderChanged('Margherita', 'Regina'), [mailed, appOnly, unconfirmed, digest]);
    await sendDue();

    const [mail, ...more] = messagesTo(mailed);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Podium\u00a0: .*Meilleure pizza/);
    expect(mail?.text).toContain('Margherita');
    expect(mail?.html).toContain('lang="fr"');
    expect(header(mail as ParsedMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The visible link opens the page that asks first, in the message's language.
    expect(mail?.text).toMatch(/\/unsubscribe\?token=[A-Za-z0-9_-]{43}&lng=fr/);
    expect(mail?.html).toContain('/profile?lng=fr#notification-settings');
    for (const other of [appOnly, unconfirmed, digest]) expect(messagesTo(other)).toEqual([]);

    // A second event on the topic within the hour updates the notification: no second message.
    await deliver(pizza.id, leaderChanged('Regina', 'Margherita'), [mailed]);
    await sendDue();
    expect(messagesTo(mailed)).toHaveLength(1);

    // The message's one click puts the kind back to the app only.
    const done = await server.request('POST', oneClickPath(mail as ParsedMail), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status, done.text).toBe(200);
    expect(await deliveryOf(mailed, 'leaderChanged')).toBe('app');
    const other = await topic({ en: 'Best pasta', fr: 'Meilleures pâtes' });
    await deliver(other.id, leaderChanged('Carbonara', 'Pesto'), [mailed]);
    await sendDue();
    expect(messagesTo(mailed)).toHaveLength(1);
  });

  it('mails nothing to a person who changed their mind, or whose account was deactivated, before it left', async () => {
    moveToNext(5);
    const changedMind = await person('en', { leaderChanged: 'email' });
    const deactivated = await person('en', { leaderChanged: 'email' });
    const teas = await topic({ en: 'Best green tea' });
    await deliver(teas.id, leaderChanged('Gyokuro', 'Sencha'), [changedMind, deactivated]);
    const back = await server.request('PUT', '/api/users/me/notification-settings', {
      token: changedMind.accessToken,
      body: { settings: { leaderChanged: 'app' } },
    });
    expect(back.status).toBe(200);
    await server.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', deactivated.id).execute();
    await sendDue();
    expect(messagesTo(changedMind)).toEqual([]);
    expect(messagesTo(deactivated)).toEqual([]);
  });

  it('keeps the message while the SMTP server is down, then delivers it once', async () => {
    moveToNext(5);
    const user = await person('de', { leaderChanged: 'email' });
    const soup = await topic({ en: 'Best soup', de: 'Beste Suppe' });
    await smtp.down();
    try {
      await deliver(soup.id, leaderChanged('Gulasch', 'Borschtsch'), [user]);
      await sendDue();
      const job = await server.ctx.db
        .selectFrom('jobs')
        .select(['state', 'attempts', 'last_error'])
        .where('kind', '=', NOTIFICATION_MAIL)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      expect(job.last_error).toBeTruthy();
    } finally {
      await smtp.up();
    }
    expect(messagesTo(user)).toEqual([]);
    server.clock.advance(11_000);
    await sendDue();
    const [mail, ...more] = messagesTo(user);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('Beste Suppe');
    // Nothing left to run sends it again.
    server.clock.advance(HOUR_MS);
    await sendDue();
    expect(messagesTo(user)).toHaveLength(1);
  });
});

describe('the daily digest', () => {
  it("mails each reader their day's news of their digest kinds once, in their language; then one click stops it", async () => {
    moveToNext(5);
    const reader = await person('fr', { leaderChanged: 'digest', subTopicAdded: 'digest' });
    const withoutNews = await person('en', { leaderChanged: 'digest' });
    const withoutDigest = await person('es', { leaderChanged: 'app' });
    const cakes = await topic({ en: 'Best cake', fr: 'Meilleur gâteau', es: 'Mejor pastel' });
    const breads = await topic({ en: 'Best bread', fr: 'Meilleur pain', es: 'Mejor pan' });
    await deliver(cakes.id, leaderChanged('Opéra', 'Fraisier'), [reader, withoutDigest]);
    server.clock.advance(30 * 60_000);
    await deliver(breads.id, leaderChanged('Baguette', 'Fougasse'), [reader, withoutDigest]);
    await sendDue();
    expect(messagesTo(reader)).toEqual([]);

    moveToNext(DIGEST_HOUR, 1);
    await sendDue();
    const [digest, ...more] = messagesTo(reader);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Votre résumé Podium\u00a0: 2 notifications');
    expect(digest?.text).toContain('Meilleur gâteau');
    expect(digest?.text).toContain('Meilleur pain');
    expect(digest?.text).toContain('2 notifications depuis votre dernier résumé');
    expect(messagesTo(withoutNews)).toEqual([]);
    expect(messagesTo(withoutDigest)).toEqual([]);

    // The occurrence run again (another server, a retry) sends nothing more.
    await sendDue();
    expect(messagesTo(reader)).toHaveLength(1);

    // The digest's one click stops every kind mailed; the next day's digest sends nothing.
    const done = await server.request('POST', oneClickPath(digest as ParsedMail), {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.body.data).toEqual({ unsubscribed: 'all' });
    expect(await deliveryOf(reader, 'leaderChanged')).toBe('app');
    expect(await deliveryOf(reader, 'subTopicAdded')).toBe('app');
    await deliver(cakes.id, leaderChanged('Fraisier', 'Opéra'), [reader]);
    moveToNext(DIGEST_HOUR, 1);
    await sendDue();
    expect(messagesTo(reader)).toHaveLength(1);
  });

  it('lists only what is new since the last digest', async () => {
    moveToNext(5);
    const reader = await person('en', { leaderChanged: 'digest' });
    const teas = await topic({ en: 'Best tea' });
    await deliver(teas.id, leaderChanged('Sencha', 'Assam'), [reader]);
    moveToNext(DIGEST_HOUR, 1);
    await sendDue();
    expect(messagesTo(reader).map((mail) => mail.subject)).toEqual(['Your Podium digest: 1 notification']);

    const coffees = await topic({ en: 'Best coffee' });
    server.clock.advance(2 * HOUR_MS);
    await deliver(coffees.id, leaderChanged('Espresso', 'Latte'), [reader]);
    moveToNext(DIGEST_HOUR, 1);
    await sendDue();
    const second = messagesTo(reader)[1];
    expect(second?.subject).toBe('Your Podium digest: 1 notification');
    expect(second?.text).toContain('Best coffee');
    expect(second?.text).not.toContain('Best tea');
  });
});
