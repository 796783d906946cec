import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkPurpose } from '../../common/api/account-links.js';
import { DAY_MS, dayOf } from '../../common/history/days.js';
import { tokenHashOf } from '../modules/auth/account-links.js';
import { HistoryRepository } from '../modules/history/repository.js';
import { ballot, vote } from '../modules/votes/test-helpers.js';
import { createAdmin, registerUser, type TestUser } from '../test/factories.js';
import { type Answer, OpenApiContract, type Operation } from '../test/openapi-contract.js';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * The OpenAPI document is the API's contract: each route documents its answers (schema.response, built from
 * the zod schemas of common/api), and here a real answer of every route, on a real database, is checked
 * against what the published document says of that route and status. A route added without a sample
 * below fails the coverage test.
 */

interface SampleRequest {
  /** The route's path with real values, and its query string. */
  path: string;
  token?: string;
  body?: unknown;
}

interface Sample {
  /** The status the request is answered with. */
  status: number;
  request(): Promise<SampleRequest> | SampleRequest;
}

let server: TestServer;
let contract: OpenApiContract;
let admin: TestUser;
/** Has voted on `topic`. */
let voter: TestUser;
let category: { id: number; slug: string; name: string };
let tag: { id: number; slug: string };
let mainTopic: { id: number; slug: string };
let topic: { id: number; slug: string };

let sequence = 0;
const unique = (prefix: string) => `${prefix} ${++sequence}${Math.random().toString(36).slice(2, 6)}`;

/** An administrator's write that must succeed; its data. */
async function adminWrites(method: string, path: string, body: unknown) {
  const response = await server.request(method, path, { token: admin.accessToken, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return response.body.data;
}

const newCategory = async () =>
  (await adminWrites('POST', '/api/admin/categories', { name: unique('Shelf') })).category;
const newTag = async () =>
  (
    await adminWrites('POST', '/api/admin/tags', {
      name: unique('Label'),
      type: 'OTHER',
      categoryId: category.id,
    })
  ).tag;
const newTopic = async (extra: Record<string, unknown> = {}) =>
  (
    await adminWrites('POST', '/api/admin/topics', {
      title: unique('Best pizzerias of'),
      categoryId: category.id,
      language: 'en',
      ...extra,
    })
  ).topic;
const newProposition = async (topicSlug: string) =>
  (await adminWrites('POST', `/api/admin/topics/${topicSlug}/propositions`, { itemName: unique('Pizzeria') }))
    .proposition;

/** The token of a link as if mailed to a new account (its message is not sent here: only its hash is kept). */
async function linkToken(purpose: LinkPurpose): Promise<string> {
  const user = await registerUser(server);
  const token = randomBytes(32).toString('base64url');
  const now = server.clock.now();
  await server.ctx.db
    .insertInto('account_links')
    .values({
      user_id: user.id,
      purpose,
      email: user.email,
      token_hash: tokenHashOf(token),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 60_000).toISOString(),
    })
    .execute();
  return token;
}

/** A voter's proposal held for review on a new topic under review: its id. */
async function heldProposal(): Promise<number> {
  const held = await newTopic();
  await adminWrites('PUT', `/api/admin/topics/${held.slug}`, { proposalPolicy: 'review' });
  const proposer = await registerUser(server);
  const answer = await server.request('POST', '/api/search/propositions', {
    token: proposer.accessToken,
    body: ballot(held.id, [unique('Pizzeria')]),
  });
  return answer.body.data.votes[0].propositionId;
}

/** Sends the request as any client would; a text/event-stream answer is read up to its first event. */
async function answerTo(method: string, { path, token, body }: SampleRequest): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    signal: abort.signal,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  // A CSV file's schema is a string: its text is what is checked.
  if (mediaType === 'text/csv') return { status: response.status, mediaType, body: await response.text() };
  // An image's schema is a binary string: its bytes are what is checked.
  if (mediaType === 'image/png') {
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, mediaType, body: bytes.toString('latin1') };
  }
  if (mediaType !== 'text/event-stream') {
    return { status: response.status, mediaType, body: JSON.parse(await response.text()) };
  }
  try {
    return { status: response.status, mediaType, body: await firstEventData(response) };
  } finally {
    abort.abort();
  }
}

async function firstEventData(response: Response): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('an event stream without a body');
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const data = /^data: (.*)$/m.exec(text)?.[1];
    if (data !== undefined && text.includes('\n\n', text.indexOf('data: '))) return JSON.parse(data);
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before its first event: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
}

/** A notification written to the voter as a delivery job writes it; answers its id. */
async function notifyVoter(): Promise<number> {
  sequence += 1;
  await server.ctx.notifications.deliver(
    `openapi:${sequence}`,
    {
      kind: 'leaderChanged',
      topicId: topic.id,
      facts: { kind: 'leaderChanged', leaders: [{ id: 1, name: 'Alpha' }], previousLeaders: [], events: 1 },
    },
    [voter.id],
  );
  const [latest] = await server.ctx.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', voter.id)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  return latest?.id as number;
}

/** One request per documented route, answered with success; each makes what it changes or removes. */
const samples: Record<Operation, Sample> = {
  'GET /api/live': { status: 200, request: () => ({ path: '/api/live' }) },
  'GET /api/health': { status: 200, request: () => ({ path: '/api/health' }) },
  'GET /api/bench/constant': { status: 200, request: () => ({ path: '/api/bench/constant?bytes=2000' }) },

  'POST /api/auth/register': {
    status: 201,
    request: () => {
      const name = unique('reader').replace(' ', '_');
      return {
        path: '/api/auth/register',
        body: { username: name, email: `${name}@example.test`, password: 'correct horse' },
      };
    },
  },
  'POST /api/auth/login': {
    status: 200,
    request: () => ({ path: '/api/auth/login', body: { email: voter.email, password: voter.password } }),
  },
  'POST /api/auth/refresh': {
    status: 200,
    request: async () => ({
      path: '/api/auth/refresh',
      body: { refreshToken: (await registerUser(server)).refreshToken },
    }),
  },
  'POST /api/auth/logout': {
    status: 200,
    request: async () => ({
      path: '/api/auth/logout',
      body: { refreshToken: (await registerUser(server)).refreshToken },
    }),
  },
  'POST /api/auth/password-reset': {
    status: 202,
    request: () => ({ path: '/api/auth/password-reset', body: { email: voter.email } }),
  },
  'POST /api/auth/password-reset/confirm': {
    status: 200,
    request: async () => ({
      path: '/api/auth/password-reset/confirm',
      body: { token: await linkToken('reset_password'), password: 'a new secret of mine' },
    }),
  },
  'POST /api/auth/verify-email': {
    status: 200,
    request: async () => ({
      path: '/api/auth/verify-email',
      body: { token: await linkToken('verify_email') },
    }),
  },
  'POST /api/auth/email-change/confirm': {
    status: 200,
    request: async () => ({
      path: '/api/auth/email-change/confirm',
      body: { token: await linkToken('change_email') },
    }),
  },
  'POST /api/auth/email-change/cancel': {
    status: 200,
    request: async () => ({
      path: '/api/auth/email-change/cancel',
      body: { token: await linkToken('cancel_email_change') },
    }),
  },
  'DELETE /api/users/email-change': {
    status: 200,
    request: async () => ({
      path: '/api/users/email-change',
      token: (await registerUser(server)).accessToken,
    }),
  },
  'POST /api/auth/verify-email/resend': {
    status: 202,
    request: async () => ({
      path: '/api/auth/verify-email/resend',
      token: (await registerUser(server)).accessToken,
    }),
  },
  'GET /api/auth/me': { status: 200, request: () => ({ path: '/api/auth/me', token: voter.accessToken }) },
  'GET /api/auth/profile': {
    status: 200,
    request: () => ({ path: '/api/auth/profile', token: voter.accessToken }),
  },

  'PUT /api/users/profile': {
    status: 200,
    request: () => ({ path: '/api/users/profile', token: voter.accessToken, body: { firstName: 'Ada' } }),
  },
  'PUT /api/users/password': {
    status: 200,
    request: async () => {
      // Every session of the person ends: a person of its own.
      const person = await registerUser(server);
      return {
        path: '/api/users/password',
        token: person.accessToken,
        body: { currentPassword: person.password, newPassword: 'battery staple' },
      };
    },
  },
  'GET /api/users/me/votes': {
    status: 200,
    request: () => ({ path: '/api/users/me/votes?lang=en', token: voter.accessToken }),
  },
  'GET /api/topics/{topicId}/follow': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/follow`, token: voter.accessToken }),
  },
  'PUT /api/topics/{topicId}/follow': {
    status: 200,
    request: () => ({ path: `/api/topics/${mainTopic.id}/follow`, token: voter.accessToken }),
  },
  'DELETE /api/topics/{topicId}/follow': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/follow`, token: voter.accessToken }),
  },
  'GET /api/users/me/follows': {
    status: 200,
    request: () => ({ path: '/api/users/me/follows?lang=en', token: voter.accessToken }),
  },
  'PUT /api/users/me/follow-settings': {
    status: 200,
    request: () => ({
      path: '/api/users/me/follow-settings',
      token: voter.accessToken,
      body: { followVotedTopics: true },
    }),
  },
  'GET /api/notifications': {
    status: 200,
    request: async () => {
      await notifyVoter();
      return { path: '/api/notifications?lang=fr&limit=5', token: voter.accessToken };
    },
  },
  'GET /api/notifications/unread-count': {
    status: 200,
    request: () => ({ path: '/api/notifications/unread-count', token: voter.accessToken }),
  },
  'POST /api/notifications/{id}/read': {
    status: 200,
    request: async () => ({
      path: `/api/notifications/${await notifyVoter()}/read`,
      token: voter.accessToken,
    }),
  },
  'POST /api/notifications/read-all': {
    status: 200,
    request: () => ({ path: '/api/notifications/read-all', token: voter.accessToken }),
  },
  'POST /api/notifications/stream-tickets': {
    status: 200,
    request: () => ({ path: '/api/notifications/stream-tickets', token: voter.accessToken }),
  },
  'GET /api/notifications/stream': {
    status: 200,
    request: async () => {
      const minted = await server.request('POST', '/api/notifications/stream-tickets', {
        token: voter.accessToken,
      });
      return { path: `/api/notifications/stream?ticket=${minted.body.data.ticket}&lang=en` };
    },
  },
  'POST /api/admin/ballots/quarantine': {
    status: 200,
    request: () => ({
      path: '/api/admin/ballots/quarantine',
      token: admin.accessToken,
      body: { ballotIds: [1], reason: 'burst', note: 'A sample' },
    }),
  },
  'GET /api/admin/integrity/flags': {
    status: 200,
    request: () => ({ path: '/api/admin/integrity/flags?lang=en', token: admin.accessToken }),
  },
  'GET /api/admin/integrity/topics/{id}': {
    status: 200,
    request: () => ({
      path: `/api/admin/integrity/topics/${topic.id}?days=7&lang=fr`,
      token: admin.accessToken,
    }),
  },
  'POST /api/admin/integrity/flags/{id}/dismiss': {
    status: 404,
    request: () => ({ path: '/api/admin/integrity/flags/999999/dismiss', token: admin.accessToken }),
  },
  'GET /api/admin/users/{id}/ballots': {
    status: 200,
    request: () => ({ path: `/api/admin/users/${voter.id}/ballots?lang=en`, token: admin.accessToken }),
  },
  'POST /api/admin/ballots/restore': {
    status: 200,
    request: () => ({
      path: '/api/admin/ballots/restore',
      token: admin.accessToken,
      body: { ballotIds: [1] },
    }),
  },
  'GET /api/users/me/export': {
    status: 200,
    request: () => ({ path: '/api/users/me/export', token: voter.accessToken }),
  },
  'DELETE /api/users/me': {
    status: 200,
    request: async () => {
      const person = await registerUser(server);
      return { path: '/api/users/me', token: person.accessToken, body: { currentPassword: person.password } };
    },
  },

  'GET /api/translations/ui/{lang}': {
    status: 200,
    request: () => ({ path: '/api/translations/ui/de?fallback=fr' }),
  },
  'GET /api/translations/entity/{type}/all/{lang}': {
    status: 200,
    request: () => ({ path: '/api/translations/entity/topic/all/en' }),
  },
  'GET /api/translations/entity/{type}/{id}/{lang}': {
    status: 200,
    request: () => ({ path: `/api/translations/entity/topic/${topic.id}/de?fallback=en` }),
  },
  'GET /api/translations/{type}/{id}/{field}/{lang}': {
    status: 200,
    request: () => ({ path: `/api/translations/topic/${topic.id}/title/en` }),
  },
  'POST /api/translations': {
    status: 201,
    request: async () => ({
      path: '/api/translations',
      token: admin.accessToken,
      body: {
        entityType: 'topic',
        entityId: (await newTopic()).id,
        key: 'title',
        language: 'de',
        value: 'Beste Pizzerien',
      },
    }),
  },
  'DELETE /api/translations/{type}/{id}/{field}/{lang}': {
    status: 200,
    request: async () => {
      const key = `sample.${++sequence}`;
      await adminWrites('POST', '/api/translations', {
        entityType: 'ui',
        key,
        language: 'de',
        value: 'Muster',
      });
      return { path: `/api/translations/ui/null/${key}/de`, token: admin.accessToken };
    },
  },

  'GET /api/search/user-votes/{topicId}': {
    status: 200,
    request: () => ({ path: `/api/search/user-votes/${topic.id}`, token: voter.accessToken }),
  },
  'POST /api/search/propositions': {
    status: 201,
    request: async () => ({
      path: '/api/search/propositions',
      token: (await registerUser(server)).accessToken,
      body: ballot(topic.id, ['Da Michele', 'Sorbillo']),
    }),
  },
  'DELETE /api/search/user-votes/{topicId}': {
    status: 200,
    request: async () => {
      const person = await registerUser(server);
      await vote(server, person.accessToken, ballot(topic.id, ['Starita']));
      return { path: `/api/search/user-votes/${topic.id}`, token: person.accessToken };
    },
  },
  'GET /api/topics/{topicId}/events': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/events` }),
  },

  'GET /api/topics/popular/{lang}': {
    status: 200,
    request: () => ({ path: '/api/topics/popular/en?limit=5' }),
  },
  'GET /api/topics/rising/{lang}': {
    status: 200,
    request: async () => {
      // An empty ranking long ago: the voter's proposition has entered the top ten since (both lists filled).
      await server.ctx.db
        .insertInto('rank_snapshots')
        .values({ topic_id: topic.id, day: '2001-01-01', taken_at: '2001-01-01T23:59:59.000Z' })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return { path: '/api/topics/rising/en' };
    },
  },
  'GET /api/topics/main/{id}/hub': {
    status: 200,
    request: () => ({ path: `/api/topics/main/${mainTopic.id}/hub?lang=en&tags=${tag.slug}` }),
  },
  'GET /api/topics/main/{id}/filter': {
    status: 200,
    request: () => ({ path: `/api/topics/main/${mainTopic.id}/filter?tags=${tag.slug}&lang=en` }),
  },
  'GET /api/topics/main/{id}/{lang}': {
    status: 200,
    request: () => ({ path: `/api/topics/main/${mainTopic.id}/en` }),
  },
  'GET /api/topics/{slugOrId}': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.slug}?lang=en` }),
  },
  'GET /api/search/rankings/topic/{topicId}': {
    status: 200,
    request: () => ({ path: `/api/search/rankings/topic/${topic.id}` }),
  },
  'GET /api/topics/{topicId}/ranking.csv': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/ranking.csv?lng=fr` }),
  },
  'GET /api/topics/{topicId}/card.png': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/card.png?lng=de` }),
  },
  'GET /api/oembed': {
    status: 200,
    request: () => ({
      path: `/api/oembed?url=${encodeURIComponent(`${server.ctx.config.publicUrl}/topic/${topic.slug}?lng=en`)}`,
    }),
  },
  'GET /api/topics/{topicId}/ranking.json': {
    status: 200,
    request: () => ({ path: `/api/topics/${topic.id}/ranking.json?lng=en&window=month` }),
  },
  'GET /api/topics/{topicId}/rank-history': {
    status: 200,
    request: async () => {
      // Yesterday's snapshot, so that the answer has a line with ranks and nulls.
      const proposition = await server.ctx.db
        .selectFrom('propositions')
        .select('id')
        .where('topic_id', '=', topic.id)
        .executeTakeFirstOrThrow();
      const day = dayOf(server.clock.now() - DAY_MS);
      await new HistoryRepository(server.ctx.db).replace(
        { first: topic.id, last: topic.id, from: day, to: day },
        [{ topicId: topic.id, day, places: [{ propositionId: proposition.id, rank: 1, totalPoints: 3 }] }],
        server.clock.nowIso(),
      );
      return { path: `/api/topics/${topic.id}/rank-history` };
    },
  },
  'GET /api/search/predictive': {
    status: 200,
    request: () => ({ path: '/api/search/predictive?q=pizzerias&lang=en' }),
  },
  'GET /api/search/smart': {
    status: 200,
    request: () => ({ path: '/api/search/smart?q=best%20pizzerias&lang=en' }),
  },
  'GET /api/search/categories': { status: 200, request: () => ({ path: '/api/search/categories?lang=en' }) },
  'GET /api/search/tags': { status: 200, request: () => ({ path: '/api/search/tags?lang=en' }) },

  'GET /api/admin/users': {
    status: 200,
    request: () => ({ path: '/api/admin/users', token: admin.accessToken }),
  },
  'POST /api/admin/users': {
    status: 201,
    request: () => {
      const name = unique('editor').replace(' ', '_');
      return {
        path: '/api/admin/users',
        token: admin.accessToken,
        body: {
          email: `${name}@example.test`,
          username: name,
          password: 'correct horse',
          firstName: 'Grace',
        },
      };
    },
  },
  'PUT /api/admin/users/{id}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/users/${(await registerUser(server)).id}`,
      token: admin.accessToken,
      body: { isActive: false },
    }),
  },
  'DELETE /api/admin/users/{id}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/users/${(await registerUser(server)).id}`,
      token: admin.accessToken,
    }),
  },
  'GET /api/admin/translations': {
    status: 200,
    request: () => ({ path: '/api/admin/translations?entityType=topic', token: admin.accessToken }),
  },
  'GET /api/admin/translations/missing': {
    status: 200,
    request: async () => {
      // A UI text in French only, so that German lacks one.
      await adminWrites('POST', '/api/translations', {
        entityType: 'ui',
        key: `sample.${++sequence}`,
        language: 'fr',
        value: 'Exemple',
      });
      return { path: '/api/admin/translations/missing?language=de', token: admin.accessToken };
    },
  },
  'GET /api/admin/audit': {
    status: 200,
    request: () => ({ path: '/api/admin/audit', token: admin.accessToken }),
  },
  'GET /api/admin/exports/categories.csv': {
    status: 200,
    request: () => ({ path: '/api/admin/exports/categories.csv?lng=de', token: admin.accessToken }),
  },
  'GET /api/admin/exports/tags.csv': {
    status: 200,
    request: () => ({ path: '/api/admin/exports/tags.csv', token: admin.accessToken }),
  },
  'GET /api/admin/exports/topics.csv': {
    status: 200,
    request: () => ({ path: '/api/admin/exports/topics.csv?lng=es', token: admin.accessToken }),
  },
  'GET /api/admin/exports/propositions.csv': {
    status: 200,
    request: () => ({ path: '/api/admin/exports/propositions.csv', token: admin.accessToken }),
  },
  'GET /api/admin/exports/ballots.csv': {
    status: 200,
    request: () => ({ path: '/api/admin/exports/ballots.csv', token: admin.accessToken }),
  },
  'GET /api/admin/jobs': {
    status: 200,
    request: () => ({ path: '/api/admin/jobs', token: admin.accessToken }),
  },
  'POST /api/admin/jobs/{id}/retry': {
    status: 200,
    request: async () => {
      const now = server.clock.nowIso();
      const failed = await server.ctx.db
        .insertInto('jobs')
        .values({
          kind: 'sample.failed',
          payload: '{}',
          state: 'failed',
          attempts: 1,
          max_attempts: 1,
          due_at: now,
          last_error: 'the sample failed',
          created_at: now,
          updated_at: now,
          finished_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/api/admin/jobs/${failed.id}/retry`, token: admin.accessToken };
    },
  },

  'GET /api/admin/topics': {
    status: 200,
    request: () => ({ path: '/api/admin/topics', token: admin.accessToken }),
  },
  'POST /api/admin/topics': {
    status: 201,
    request: () => ({
      path: '/api/admin/topics',
      token: admin.accessToken,
      body: {
        title: unique('Best trattorias of'),
        categoryId: category.id,
        language: 'en',
        tags: [tag.slug],
      },
    }),
  },
  'POST /api/admin/topics/wizard': {
    status: 201,
    request: () => ({
      path: '/api/admin/topics/wizard',
      token: admin.accessToken,
      body: {
        categoryId: category.id,
        mainTopicName: unique('Best gelaterias'),
        language: 'en',
        types: ['LOCATION'],
        combinations: [['LOCATION']],
      },
    }),
  },
  'GET /api/admin/topics/{slugOrId}': {
    status: 200,
    request: () => ({ path: `/api/admin/topics/${topic.slug}?lang=en`, token: admin.accessToken }),
  },
  'PUT /api/admin/topics/{slugOrId}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/topics/${(await newTopic()).slug}`,
      token: admin.accessToken,
      body: { description: 'Wood-fired, Neapolitan style.' },
    }),
  },
  'PUT /api/admin/topics/{slugOrId}/status': {
    status: 200,
    request: async () => ({
      path: `/api/admin/topics/${(await newTopic()).slug}/status`,
      token: admin.accessToken,
      body: { isActive: false },
    }),
  },
  'DELETE /api/admin/topics/{slugOrId}': {
    status: 200,
    request: async () => ({ path: `/api/admin/topics/${(await newTopic()).slug}`, token: admin.accessToken }),
  },
  'POST /api/admin/topics/{slugOrId}/tags': {
    status: 201,
    request: async () => ({
      path: `/api/admin/topics/${(await newTopic()).slug}/tags`,
      token: admin.accessToken,
      body: { tagSlug: tag.slug },
    }),
  },
  'DELETE /api/admin/topics/{slugOrId}/tags/{tagSlug}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/topics/${(await newTopic({ tags: [tag.slug] })).slug}/tags/${tag.slug}`,
      token: admin.accessToken,
    }),
  },
  'POST /api/admin/topics/{slugOrId}/propositions': {
    status: 201,
    request: async () => ({
      path: `/api/admin/topics/${(await newTopic()).slug}/propositions`,
      token: admin.accessToken,
      body: { itemName: 'Pizzeria Brandi' },
    }),
  },
  'PUT /api/admin/topics/{slugOrId}/propositions/{id}': {
    status: 200,
    request: async () => {
      const { slug } = await newTopic();
      return {
        path: `/api/admin/topics/${slug}/propositions/${(await newProposition(slug)).id}`,
        token: admin.accessToken,
        body: { itemName: 'Pizzeria Brandi' },
      };
    },
  },
  'POST /api/admin/topics/{slugOrId}/propositions/{id}/merge': {
    status: 200,
    request: async () => {
      const { slug } = await newTopic();
      const [merged, kept] = [await newProposition(slug), await newProposition(slug)];
      return {
        path: `/api/admin/topics/${slug}/propositions/${merged.id}/merge`,
        token: admin.accessToken,
        body: { intoId: kept.id },
      };
    },
  },
  'DELETE /api/admin/topics/{slugOrId}/propositions/{id}': {
    status: 200,
    request: async () => {
      const { slug } = await newTopic();
      return {
        path: `/api/admin/topics/${slug}/propositions/${(await newProposition(slug)).id}`,
        token: admin.accessToken,
      };
    },
  },

  'GET /api/admin/settings': {
    status: 200,
    request: () => ({ path: '/api/admin/settings', token: admin.accessToken }),
  },
  'PUT /api/admin/settings': {
    status: 200,
    request: () => ({
      path: '/api/admin/settings',
      token: admin.accessToken,
      body: { proposalPolicy: 'publish' },
    }),
  },

  'GET /api/admin/proposals': {
    status: 200,
    request: () => ({ path: '/api/admin/proposals', token: admin.accessToken }),
  },
  'GET /api/admin/proposals/count': {
    status: 200,
    request: () => ({ path: '/api/admin/proposals/count', token: admin.accessToken }),
  },
  'POST /api/admin/proposals/{id}/approve': {
    status: 200,
    request: async () => ({
      path: `/api/admin/proposals/${await heldProposal()}/approve`,
      token: admin.accessToken,
    }),
  },
  'POST /api/admin/proposals/{id}/reject': {
    status: 200,
    request: async () => ({
      path: `/api/admin/proposals/${await heldProposal()}/reject`,
      token: admin.accessToken,
      body: { reason: 'off_topic', note: 'Not a pizzeria' },
    }),
  },
  'DELETE /api/search/user-votes/{topicId}/notices': {
    status: 200,
    request: () => ({ path: `/api/search/user-votes/${topic.id}/notices`, token: voter.accessToken }),
  },

  'GET /api/admin/categories': {
    status: 200,
    request: () => ({ path: '/api/admin/categories', token: admin.accessToken }),
  },
  'POST /api/admin/categories': {
    status: 201,
    request: () => ({
      path: '/api/admin/categories',
      token: admin.accessToken,
      body: { name: unique('Bakeries'), translations: { fr: unique('Boulangeries') } },
    }),
  },
  'PUT /api/admin/categories/{id}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/categories/${(await newCategory()).id}`,
      token: admin.accessToken,
      body: { name: unique('Patisseries') },
    }),
  },
  'DELETE /api/admin/categories/{id}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/categories/${(await newCategory()).id}`,
      token: admin.accessToken,
    }),
  },
  'POST /api/admin/categories/{id}/translations': {
    status: 201,
    request: async () => ({
      path: `/api/admin/categories/${(await newCategory()).id}/translations`,
      token: admin.accessToken,
      body: { language: 'de', name: unique('Bäckereien') },
    }),
  },
  'PUT /api/admin/categories/{id}/translations/{lang}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/categories/${(await newCategory()).id}/translations/es`,
      token: admin.accessToken,
      body: { name: unique('Panaderías') },
    }),
  },

  'GET /api/admin/tags': {
    status: 200,
    request: () => ({ path: '/api/admin/tags', token: admin.accessToken }),
  },
  'POST /api/admin/tags': {
    status: 201,
    request: () => ({
      path: '/api/admin/tags',
      token: admin.accessToken,
      body: { name: unique('Rome'), type: 'LOCATION', categoryId: category.id },
    }),
  },
  'PUT /api/admin/tags/{id}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/tags/${(await newTag()).id}`,
      token: admin.accessToken,
      body: { categoryId: null },
    }),
  },
  'DELETE /api/admin/tags/{id}': {
    status: 200,
    request: async () => ({ path: `/api/admin/tags/${(await newTag()).id}`, token: admin.accessToken }),
  },
  'POST /api/admin/tags/{id}/translations': {
    status: 201,
    request: async () => ({
      path: `/api/admin/tags/${(await newTag()).id}/translations`,
      token: admin.accessToken,
      body: { language: 'fr', name: unique('Étiquette') },
    }),
  },
  'PUT /api/admin/tags/{id}/translations/{lang}': {
    status: 200,
    request: async () => ({
      path: `/api/admin/tags/${(await newTag()).id}/translations/de`,
      token: admin.accessToken,
      body: { name: unique('Etikett') },
    }),
  },
};

/** Requests refused for the usual reasons: a refusal is what the document says too. */
const refusals: Array<[Operation, number, () => SampleRequest]> = [
  ['GET /api/auth/me', 401, () => ({ path: '/api/auth/me' })],
  ['GET /api/admin/users', 403, () => ({ path: '/api/admin/users', token: voter.accessToken })],
  ['GET /api/topics/{slugOrId}', 404, () => ({ path: '/api/topics/no-such-topic' })],
  ['GET /api/topics/{topicId}/events', 404, () => ({ path: '/api/topics/999999/events' })],
  ['GET /api/topics/{topicId}/rank-history', 404, () => ({ path: '/api/topics/999999/rank-history' })],
  ['GET /api/topics/{topicId}/card.png', 404, () => ({ path: '/api/topics/999999/card.png' })],
  ['GET /api/topics/{topicId}/card.png', 400, () => ({ path: `/api/topics/${topic.id}/card.png?lng=zz` })],
  ['POST /api/auth/register', 400, () => ({ path: '/api/auth/register', body: { email: 'x' } })],
  [
    'POST /api/admin/categories',
    409,
    () => ({ path: '/api/admin/categories', token: admin.accessToken, body: { name: category.name } }),
  ],
];

async function expectAnswerAsDocumented(operation: Operation, sample: Sample) {
  const method = operation.split(' ')[0] ?? '';
  const request = await sample.request();
  expect(contract.matches(operation, method, request.path), `${request.path} is a path of ${operation}`).toBe(
    true,
  );
  const answer = await answerTo(method, request);
  expect(answer.status, JSON.stringify(answer.body)).toBe(sample.status);
  expect(contract.violations(operation, answer), JSON.stringify(answer.body)).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer({ benchRoutes: true });
  contract = new OpenApiContract((await server.request('GET', '/api/openapi.json')).body);
  [admin, voter] = await Promise.all([createAdmin(server), registerUser(server)]);
  category = await newCategory();
  tag = (
    await adminWrites('POST', '/api/admin/tags', {
      name: 'Naples',
      type: 'LOCATION',
      categoryId: category.id,
    })
  ).tag;
  mainTopic = await newTopic({ isMainTopic: true, mandatoryTypes: ['LOCATION'] });
  topic = await newTopic({ mainTopicId: mainTopic.id, tags: [tag.slug] });
  const voted = await vote(
    server,
    voter.accessToken,
    ballot(topic.id, ['Da Michele', 'Sorbillo', 'Starita']),
  );
  if (voted.status !== 201) throw new Error(`vote: ${voted.status} ${voted.text}`);
});
afterAll(() => server.close());

describe('the published OpenAPI document', () => {
  it('documents every route: a success answer, and refusals (4XX, 5XX) as the JSON error envelope', () => {
    const undocumented = contract.operations().flatMap((operation) => {
      const statuses = contract.statuses(operation);
      const gaps = Object.entries(statuses)
        .filter(([, mediaTypes]) => mediaTypes.length === 0)
        .map(([status]) => `${operation}: ${status} has no schema`);
      if (!Object.keys(statuses).some((status) => status.startsWith('2')))
        gaps.push(`${operation}: no success`);
      for (const range of ['4XX', '5XX']) {
        if (!statuses[range]?.includes('application/json')) gaps.push(`${operation}: no ${range}`);
      }
      return gaps;
    });
    expect(undocumented).toEqual([]);
  });

  it('has a sample request here for every route it lists, and lists every route sampled here', () => {
    const documented = contract.operations();
    expect(documented.filter((operation) => !(operation in samples))).toEqual([]);
    expect(Object.keys(samples).filter((operation) => !documented.includes(operation))).toEqual([]);
  });
});

describe('a real answer of each route is what the document says of it', () => {
  it.each(Object.entries(samples))('%s', async (operation, sample) => {
    await expectAnswerAsDocumented(operation, sample);
  });
});

describe('a refusal is what the document says of it', () => {
  it.each(refusals)('%s refused with %i', async (operation, status, request) => {
    await expectAnswerAsDocumented(operation, { status, request });
  });
});
