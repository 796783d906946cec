import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballot, topicWith, vote } from '../../modules/votes/test-helpers.js';
import { registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { findTotalsMismatches } from '../integrity.js';
import { votesByTopic } from './2026-11-27-0019-votes-by-topic.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const migration = () => votesByTopic(server.ctx.database.kind) as Required<ReturnType<typeof votesByTopic>>;

describe('migration 0019: a voter’s places are keyed by topic first', () => {
  it('keeps every vote and its id, goes on numbering after the last id, and still refuses a place twice', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C', 'D']);
    const [alice, bob] = [await registerUser(server), await registerUser(server)];
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B', 'C']));
    await vote(server, bob.accessToken, ballot(topic.id, ['C', 'D']));
    const votesNow = () => db().selectFrom('votes').selectAll().orderBy('id').execute();
    const before = await votesNow();

    await migration().down(db());
    expect(await votesNow()).toEqual(before);
    await migration().up(db());
    expect(await votesNow()).toEqual(before);

    // Bob's change of mind: new rows, numbered after every id given so far.
    expect((await vote(server, bob.accessToken, ballot(topic.id, ['D', 'A']))).status).toBe(200);
    const after = await votesNow();
    const lastBefore = Math.max(...before.map((row) => row.id));
    expect(after.filter((row) => row.user_id === bob.id).every((row) => row.id > lastBefore)).toBe(true);
    const twice = db()
      .insertInto('votes')
      .values({
        user_id: alice.id,
        topic_id: topic.id,
        proposition_id: topic.propositions.D as number,
        points: 3,
        created_at: '2026-11-27T00:00:00.000Z',
      })
      .execute();
    await expect(twice).rejects.toThrow(/unique|votes_one_place_each/i);
    expect(await findTotalsMismatches(db())).toEqual([]);
  });
});
