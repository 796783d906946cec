import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../changes/events.js';
import { findTotalsMismatches } from '../../db/integrity.js';
import { createAdmin, registerUser, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { ballot, topicWith, vote } from './test-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;

/** The voter's ballot on the topic and its versions, oldest first. */
async function historyOf(topicId: number, userId: number) {
  const record = await db()
    .selectFrom('ballots')
    .selectAll()
    .where('topic_id', '=', topicId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const versions = record
    ? await db()
        .selectFrom('ballot_versions')
        .select(['version', 'cast_at', 'cause', 'first_id', 'second_id', 'third_id'])
        .where('ballot_id', '=', record.id)
        .orderBy('version')
        .execute()
    : [];
  return { record, versions };
}

const withdraw = (user: TestUser, topicId: number) =>
  server.request('DELETE', `/api/search/user-votes/${topicId}`, { token: user.accessToken });

describe('a ballot with a history', () => {
  it('appends a version for each change, at the time it was cast, and the current one counts', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const { A, B, C } = topic.propositions as Record<'A' | 'B' | 'C', number>;
    const voter = await registerUser(server);
    const firstCast = server.clock.nowIso();
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['A', 'B', 'C']))).status).toBe(201);
    // A minute on the clock (not slept): the second version is cast at least that much later.
    server.clock.advance(60_000);
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['C', null, 'A']))).status).toBe(200);

    const { record, versions } = await historyOf(topic.id, voter.id);
    expect(record).toMatchObject({ state: 'counted', version: 2 });
    expect(versions.map(({ cast_at, ...version }) => version)).toEqual([
      { version: 1, cause: 'vote', first_id: A, second_id: B, third_id: C },
      { version: 2, cause: 'vote', first_id: C, second_id: null, third_id: A },
    ]);
    const [first, second] = versions.map((version) => Date.parse(version.cast_at));
    expect(first).toBeGreaterThanOrEqual(Date.parse(firstCast));
    expect((second as number) - (first as number)).toBeGreaterThanOrEqual(60_000);
    expect(record?.first_cast_at).toBe(versions[0]?.cast_at);
    expect(record?.updated_at).toBe(versions[1]?.cast_at);
    const totals = await db()
      .selectFrom('propositions')
      .select(['name', 'total_points'])
      .where('topic_id', '=', topic.id)
      .orderBy('name')
      .execute();
    expect(totals).toEqual([
      { name: 'A', total_points: 1 },
      { name: 'B', total_points: 0 },
      { name: 'C', total_points: 3 },
    ]);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });

  it('appends an empty version for a withdrawal, and none for an unchanged re-vote or a withdrawal of nothing', async () => {
    const topic = await topicWith(db(), ['A', 'B']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['A', 'B']));
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['A', 'B']))).status).toBe(200);
    expect((await historyOf(topic.id, voter.id)).versions).toHaveLength(1);

    expect((await withdraw(voter, topic.id)).body.data).toEqual({ withdrawn: 2 });
    const { record, versions } = await historyOf(topic.id, voter.id);
    expect(record?.version).toBe(2);
    expect(versions[1]).toMatchObject({
      cause: 'withdrawal',
      first_id: null,
      second_id: null,
      third_id: null,
    });
    expect((await withdraw(voter, topic.id)).body.data).toEqual({ withdrawn: 0 });
    expect((await historyOf(topic.id, voter.id)).versions).toHaveLength(2);

    // Voting again after a withdrawal is a first vote to the API, and a third version of the same ballot.
    expect((await vote(server, voter.accessToken, ballot(topic.id, ['B']))).status).toBe(201);
    expect((await historyOf(topic.id, voter.id)).record?.version).toBe(3);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });

  it('gives the ballots that held a deleted proposition a version without it, keeps it in their past versions, and recounts the totals', async () => {
    const admin = await createAdmin(server);
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const { A, B, C } = topic.propositions as Record<'A' | 'B' | 'C', number>;
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B', 'C']));
    await vote(server, bob.accessToken, ballot(topic.id, ['B']));
    const slug = (
      await db().selectFrom('topics').select('slug').where('id', '=', topic.id).executeTakeFirstOrThrow()
    ).slug;

    server.clock.advance(60_000);
    const deleted = await server.request(
      'DELETE',
      `/api/admin/topics/${slug}/propositions/${topic.propositions.B}`,
      {
        token: admin.accessToken,
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.topicVoteCount).toBe(1);

    const alices = await historyOf(topic.id, alice.id);
    expect(alices.versions.map(({ cast_at, ...version }) => version)).toEqual([
      // What Alice chose then stays on record; her current version no longer holds it.
      { version: 1, cause: 'vote', first_id: A, second_id: B, third_id: C },
      { version: 2, cause: 'proposition_deleted', first_id: A, second_id: null, third_id: C },
    ]);
    // She last voted when she cast version 1: the deletion's version does not count as her casting it.
    expect(alices.record?.voted_at).toBe(alices.versions[0]?.cast_at);
    expect(alices.record?.updated_at).toBe(alices.versions[1]?.cast_at);
    const bobs = await historyOf(topic.id, bob.id);
    expect(bobs.versions.at(-1)).toMatchObject({
      version: 2,
      first_id: null,
      second_id: null,
      third_id: null,
    });
    const myVotes = await server.request('GET', '/api/users/me/votes?lang=en', { token: alice.accessToken });
    expect(myVotes.body.data.topics[0].votes).toEqual([
      { itemName: 'A', points: 3, awaitingReview: false },
      { itemName: 'C', points: 1, awaitingReview: false },
    ]);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});

describe('an account with ballots', () => {
  it('is deleted with its ballots withdrawn first and their history gone with it', async () => {
    const admin = await createAdmin(server);
    const topic = await topicWith(db(), ['A']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['A']));
    const removed = await server.request('DELETE', `/api/admin/users/${voter.id}`, {
      token: admin.accessToken,
    });
    expect(removed.body.data).toMatchObject({ deleted: true, ballotsWithdrawn: 1 });
    expect((await historyOf(topic.id, voter.id)).record).toBeUndefined();
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});

describe('events that say what happened', () => {
  const refused = new Set<number>();
  const seen: ChangeEvent[][] = [];

  beforeAll(async () => {
    await sql`create table event_probe (
      kind varchar(32) not null, user_id integer, topic_id integer not null, detail varchar(200) not null
    )`.execute(db());
    // An outbox's shape: it writes a row from each event in the write's own transaction.
    server.ctx.changes.subscribeInTransaction({
      wants: (change) => change.events.length > 0,
      async follow(trx, change) {
        seen.push([...change.events]);
        for (const event of change.events) {
          if (event.type === 'ballotChanged') {
            // The ballot's new version is visible to the subscriber, before the commit.
            const current = await trx
              .selectFrom('ballots')
              .select('version')
              .where('id', '=', event.ballotId)
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('event_probe' as never)
              .values({
                kind: event.type,
                user_id: event.userId,
                topic_id: event.topicId,
                detail: `v${event.version}=${current.version} ${JSON.stringify(event.before)}>${JSON.stringify(event.after)}`,
              } as never)
              .execute();
            if (refused.has(event.userId)) throw new Error('the outbox refuses this ballot');
          } else if ('proposition' in event) {
            await trx
              .insertInto('event_probe' as never)
              .values({
                kind: event.type,
                user_id: event.proposition.createdBy,
                topic_id: event.proposition.topicId,
                detail: event.proposition.name,
              } as never)
              .execute();
          }
        }
      },
    });
  });

  const probeRows = (topicId: number) =>
    sql<{ kind: string; user_id: number | null; detail: string }>`
      select kind, user_id, detail from event_probe where topic_id = ${topicId} order by kind, detail`
      .execute(db())
      .then((result) => result.rows);

  it('tells in-transaction subscribers who voted what on which topic, and which proposition a voter created', async () => {
    const topic = await topicWith(db(), ['A']);
    const voter = await registerUser(server);
    await vote(server, voter.accessToken, ballot(topic.id, ['A', 'Brand new']));
    const created = await db()
      .selectFrom('propositions')
      .select('id')
      .where('topic_id', '=', topic.id)
      .where('name', '=', 'Brand new')
      .executeTakeFirstOrThrow();
    const after = JSON.stringify({ first: topic.propositions.A, second: created.id, third: null });
    expect(await probeRows(topic.id)).toEqual([
      {
        kind: 'ballotChanged',
        user_id: voter.id,
        detail: `v1=1 ${JSON.stringify({ first: null, second: null, third: null })}>${after}`,
      },
      { kind: 'propositionCreated', user_id: voter.id, detail: 'Brand new' },
    ]);

    await withdraw(voter, topic.id);
    const events = seen.at(-1) ?? [];
    expect(events.map((event) => event.type)).toEqual(['ballotChanged', 'propositionRemoved']);
    expect(events[1]).toMatchObject({
      proposition: { id: created.id, name: 'Brand new', createdBy: voter.id },
      reason: 'abandoned',
    });
  });

  it('leaves neither the ballot nor the subscriber’s row when the transaction rolls back', async () => {
    const topic = await topicWith(db(), ['A']);
    const voter = await registerUser(server);
    refused.add(voter.id);
    const response = await vote(server, voter.accessToken, ballot(topic.id, ['A', 'Never kept']));
    expect(response.status).toBe(500);
    expect(await probeRows(topic.id)).toEqual([]);
    expect((await historyOf(topic.id, voter.id)).record).toBeUndefined();
    const names = await db()
      .selectFrom('propositions')
      .select('name')
      .where('topic_id', '=', topic.id)
      .execute();
    expect(names).toEqual([{ name: 'A' }]);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });

  it('sends the other servers ids and aspects only', async () => {
    const topic = await topicWith(db(), ['A']);
    const voter = await registerUser(server);
    let payload: unknown;
    let events = 0;
    const stop = server.ctx.changes.subscribe((change) => {
      payload = change.toPayload();
      events = change.events.length;
    });
    await vote(server, voter.accessToken, ballot(topic.id, ['A']));
    stop();
    expect(events).toBe(1);
    expect(payload).toEqual({ t: { [topic.id]: expect.any(Number) } });
  });
});
