import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type TestUser } from '../test/factories.js';
import { startTestServer, type TestServer } from '../test/server.js';
import type { ChangeSet } from './change-set.js';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
});
afterAll(async () => server?.close());

describe('the changes dispatcher', () => {
  it('tells subscribers what a write changed once it has committed, and nothing about a refused write', async () => {
    const told: ChangeSet[] = [];
    const stop = server.ctx.changes.subscribe((change) => told.push(change));
    try {
      const created = await server.request('POST', '/api/admin/categories', {
        token: admin.accessToken,
        body: { name: 'Ice cream parlours' },
      });
      expect(created.status).toBe(201);
      expect(told.map((change) => [...change.categories])).toEqual([[created.body.data.category.id]]);

      const refused = await server.request('POST', '/api/admin/categories', {
        token: admin.accessToken,
        body: { name: 'Ice cream parlours' },
      });
      expect(refused.status).toBe(409);
      expect(told).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('keeps a write that committed answered even when a subscriber fails', async () => {
    const stop = server.ctx.changes.subscribe(() => {
      throw new Error('a broken subscriber');
    });
    try {
      const created = await server.request('POST', '/api/admin/categories', {
        token: admin.accessToken,
        body: { name: 'Tea rooms' },
      });
      expect(created.status).toBe(201);
      const listed = await server.request('GET', '/api/search/categories?lang=en', {});
      expect(listed.body.data.categories.map((c: { name: string }) => c.name)).toContain('Tea rooms');
    } finally {
      stop();
    }
  });
});
