import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicWith } from '../../modules/votes/test-helpers.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { podiumMarks } from './2026-11-28-0037-podium-marks.js';

let server: TestServer;
beforeAll(async () => {
  // The app's runner does not poll: nothing takes the jobs this test writes.
  server = await startTestServer({ jobs: { pollIntervalMs: 0, concurrency: 2, shutdownGraceMs: 5_000 } });
});
afterAll(() => server.close());

const db = () => server.ctx.db;
const migration = () => podiumMarks(server.ctx.database.kind) as Required<ReturnType<typeof podiumMarks>>;

describe('migration 0037: podium checks become marks', () => {
  it('turns the podium checks still waiting into one mark per topic, due at its first, and leaves finished jobs alone', async () => {
    const [first, second] = [await topicWith(db(), ['A', 'B']), await topicWith(db(), ['A', 'B'])];
    await migration().down(db());
    const job = (topicId: number, dueAt: string, state: 'queued' | 'running' | 'done') => ({
      kind: 'notifications.podium-check',
      payload: JSON.stringify({ topicId }),
      unique_key: `podium-check:${topicId}:${Date.parse(dueAt) / 1000 - 1}`,
      state,
      max_attempts: 5,
      due_at: dueAt,
      created_at: '2031-01-01T00:00:00.000Z',
      updated_at: '2031-01-01T00:00:00.000Z',
    });
    await db()
      .insertInto('jobs')
      .values([
        job(first.id, '2031-01-01T00:00:01.000Z', 'queued'),
        job(first.id, '2031-01-01T00:00:03.000Z', 'queued'),
        job(second.id, '2031-01-01T00:00:02.000Z', 'running'),
        job(second.id, '2031-01-01T00:00:00.000Z', 'done'),
        // A topic deleted since: nothing to look at.
        job(2_000_000_000, '2031-01-01T00:00:02.000Z', 'queued'),
      ])
      .execute();

    await migration().up(db());

    expect(await db().selectFrom('podium_marks').selectAll().orderBy('topic_id').execute()).toEqual([
      { topic_id: first.id, due_at: '2031-01-01T00:00:01.000Z', marked_at: '2031-01-01T00:00:03.000Z' },
      { topic_id: second.id, due_at: '2031-01-01T00:00:02.000Z', marked_at: '2031-01-01T00:00:02.000Z' },
    ]);
    const left = await db()
      .selectFrom('jobs')
      .select('state')
      .where('kind', '=', 'notifications.podium-check')
      .execute();
    expect(left).toEqual([{ state: 'done' }]);
  });
});
