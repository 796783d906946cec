import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballot, topicWith, vote } from '../../modules/votes/test-helpers.js';
import { createAdmin, registerUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { findTotalsMismatches } from '../integrity.js';
import { ballotsCurrentPlaces } from './2026-11-27-0021-ballots-current-places.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const migration = () =>
  ballotsCurrentPlaces(server.ctx.database.kind) as Required<ReturnType<typeof ballotsCurrentPlaces>>;

/** Each ballot's own copy of its places beside its current version's, by ballot id. */
const copiesAndVersions = () =>
  db()
    .selectFrom('ballots as b')
    .innerJoin('ballot_versions as bv', (join) =>
      join.onRef('bv.ballot_id', '=', 'b.id').onRef('bv.version', '=', 'b.version'),
    )
    .select(['b.id', 'b.first_id', 'b.second_id', 'b.third_id'])
    .select(['bv.first_id as v_first', 'bv.second_id as v_second', 'bv.third_id as v_third'])
    .orderBy('b.id')
    .execute();

describe('migration 0021: a ballot keeps its current places', () => {
  it('copies each current version’s places, keeps them through a change and a deletion, and the check sees a wrong copy', async () => {
    const topic = await topicWith(db(), ['A', 'B', 'C', 'D']);
    const [alice, bob, carol] = [
      await registerUser(server),
      await registerUser(server),
      await registerUser(server),
    ];
    await vote(server, alice.accessToken, ballot(topic.id, ['A', 'B', 'C']));
    await vote(server, bob.accessToken, ballot(topic.id, ['C', 'D']));
    await vote(server, bob.accessToken, ballot(topic.id, ['D', null, 'A']));
    await vote(server, carol.accessToken, ballot(topic.id, ['B']));

    await migration().down(db());
    await migration().up(db());
    const rows = await copiesAndVersions();
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect([row.first_id, row.second_id, row.third_id]).toEqual([row.v_first, row.v_second, row.v_third]);
    const { A, B, C, D } = topic.propositions as Record<'A' | 'B' | 'C' | 'D', number>;
    expect(rows.map((row) => [row.first_id, row.second_id, row.third_id])).toEqual([
      [A, B, C],
      [D, null, A],
      [B, null, null],
    ]);

    // The writes keep the copy after the migration: a new ballot, and a proposition deleted from two.
    await vote(server, carol.accessToken, ballot(topic.id, ['A', 'D']));
    const admin = await createAdmin(server);
    const { slug } = await db()
      .selectFrom('topics')
      .select('slug')
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow();
    const deleted = await server.request('DELETE', `/api/admin/topics/${slug}/propositions/${A}`, {
      token: admin.accessToken,
    });
    expect(deleted.status).toBe(200);
    const after = await copiesAndVersions();
    for (const row of after)
      expect([row.first_id, row.second_id, row.third_id]).toEqual([row.v_first, row.v_second, row.v_third]);
    expect(after.map((row) => [row.first_id, row.second_id, row.third_id])).toEqual([
      [null, B, C],
      [D, null, null],
      [null, D, null],
    ]);
    expect(await findTotalsMismatches(db())).toEqual([]);

    await db().updateTable('ballots').set({ first_id: D }).where('user_id', '=', alice.id).execute();
    expect((await findTotalsMismatches(db())).length).toBeGreaterThan(0);
    await db().updateTable('ballots').set({ first_id: null }).where('user_id', '=', alice.id).execute();
  });
});
