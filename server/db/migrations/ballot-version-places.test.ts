import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballot, topicWith, vote } from '../../modules/votes/test-helpers.js';
import { createAdmin, registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { findTotalsMismatches } from '../integrity.js';
import { ballotVersionPlaces } from './2026-11-27-0018-ballot-version-places.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const migration = () =>
  ballotVersionPlaces(server.ctx.database.kind) as Required<ReturnType<typeof ballotVersionPlaces>>;

async function firstVersionOf(topicId: number, userId: number) {
  return db()
    .selectFrom('ballots as b')
    .innerJoin('ballot_versions as bv', 'bv.ballot_id', 'b.id')
    .select(['bv.first_id', 'bv.second_id', 'bv.third_id'])
    .where('b.topic_id', '=', topicId)
    .where('b.user_id', '=', userId)
    .where('bv.version', '=', 1)
    .executeTakeFirstOrThrow();
}

describe('migration 0018: a past version keeps the propositions it named', () => {
  it('keeps a deleted proposition in past versions; going back empties those places and restores the foreign keys', async () => {
    const admin = await createAdmin(server);
    const topic = await topicWith(db(), ['A', 'B', 'C']);
    const { A, B, C } = topic.propositions as Record<'A' | 'B' | 'C', number>;
    const alice = await registerUser(server);
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B', 'C']));
    const { slug } = await db()
      .selectFrom('topics')
      .select('slug')
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    const remove = (id: number) =>
      server.request('DELETE', `/api/admin/topics/${slug}/propositions/${id}`, { token: admin.accessToken });

    expect((await remove(B)).status).toBe(200);
    expect(await firstVersionOf(topic.id, alice.id)).toEqual({ first_id: A, second_id: B, third_id: C });

    await migration().down(db());
    expect(await firstVersionOf(topic.id, alice.id)).toEqual({ first_id: A, second_id: null, third_id: C });
    // With the foreign keys back, a deletion empties the place again.
    expect((await remove(C)).status).toBe(200);
    expect(await firstVersionOf(topic.id, alice.id)).toEqual({
      first_id: A,
      second_id: null,
      third_id: null,
    });

    await migration().up(db());
    expect((await remove(A)).status).toBe(200);
    expect(await firstVersionOf(topic.id, alice.id)).toEqual({
      first_id: A,
      second_id: null,
      third_id: null,
    });
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});
