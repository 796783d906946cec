import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { makeCategory, makeProposition, makeTopic } from '../test/catalogue-factory.js';
import { testDatabaseKind } from '../test/database.js';
import { createScratchDatabase } from '../test/faults.js';
import { callJson, type ServerProcess, startServerProcess } from '../test/process.js';

/**
 * Decision 026 across app servers: two servers on one PostgreSQL give the same public answer the same
 * ETag (a CDN in front of both revalidates with 304 wherever it lands), and a ballot answered by one makes
 * the other stop answering 304 for the old ranking within 1 s (the channel's delay, as for any read).
 */
describe.skipIf(testDatabaseKind() !== 'postgres')('public reads behind two app servers', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const servers: ServerProcess[] = [];
  let topicId = 0;

  beforeAll(async () => {
    database = await createScratchDatabase('podium_cdn');
    const handle = openDatabase({ url: database.url });
    try {
      const category = await makeCategory(handle.db);
      const topic = await makeTopic(handle.db, { categoryId: category.id, language: 'en' });
      await makeProposition(handle.db, topic.id, 'Alpha', { first: 2 });
      await makeProposition(handle.db, topic.id, 'Bravo', { first: 1 });
      topicId = topic.id;
    } finally {
      await handle.close();
    }
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ DATABASE_URL: database.url }));
  });
  afterAll(async () => {
    for (const server of servers) await server.kill('SIGKILL');
    await database?.drop();
  });

  const read = async (base: string, path: string, etag?: string) => {
    const response = await fetch(`${base}${path}`, { headers: etag ? { 'if-none-match': etag } : {} });
    return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
  };

  it('give the same answer the same ETag on both, and the other server drops it within 1 s of a ballot', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const path = `/api/search/rankings/topic/${topicId}`;
    const [onA, onB] = [await read(a.url, path), await read(b.url, path)];
    expect(onA.status).toBe(200);
    expect(onB.text).toBe(onA.text);
    expect(onB.etag).toBe(onA.etag);
    const old = onA.etag as string;
    expect((await read(b.url, path, old)).status).toBe(304);

    const voter = await callJson(a.url, 'POST', '/api/auth/register', {
      body: { username: 'cdn_voter', email: 'cdn_voter@example.test', password: 'correct horse' },
    });
    expect(voter.status).toBe(201);
    const voted = await callJson(a.url, 'POST', '/api/search/propositions', {
      token: voter.body.data.accessToken,
      body: { topicId, propositions: [{ itemName: 'Bravo', points: 3 }], userTags: [] },
    });
    expect(voted.status).toBe(201);
    // On the server that took the ballot, at once.
    const fresh = await read(a.url, path, old);
    expect(fresh.status).toBe(200);
    // On the other, once the change has come through the channel.
    const deadline = Date.now() + 1_000;
    let other = await read(b.url, path, old);
    while (other.status === 304 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      other = await read(b.url, path, old);
    }
    expect(other.status).toBe(200);
    expect(other.etag).toBe(fresh.etag);
  });
});
