import { describe, expect, it } from 'vitest';
import type { PodiumApp } from '../../app.js';
import { prepareData } from '../../bootstrap.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, demoEmail } from './demo-accounts.js';

/** A demo account the README names. */
const CHLOE = demoEmail('chloe.martin');

const signInAsChloe = (server: TestServer) =>
  server.request('POST', '/api/auth/login', { body: { email: CHLOE, password: DEMO_PASSWORD } });

describe('the demo accounts’ published password', () => {
  it('works on a server only this machine reaches', async () => {
    const local = await startTestServer({ seed: 'demo', demoPasswordPublished: true });
    try {
      expect((await signInAsChloe(local)).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('is never given to the demo accounts of a server others can reach', async () => {
    const exposed = await startTestServer({ seed: 'demo', demoPasswordPublished: false });
    try {
      const refused = await signInAsChloe(exposed);
      expect(refused.status).toBe(401);
      // The demo content is all there: only its accounts' password is one nobody knows.
      const users = await exposed.ctx.db.selectFrom('users').select('id').execute();
      expect(users.length).toBeGreaterThanOrEqual(25);
    } finally {
      await exposed.close();
    }
  });

  it('is taken from demo accounts seeded while local once the server is reachable by others', async () => {
    const server = await startTestServer({ seed: 'demo', demoPasswordPublished: true });
    try {
      expect((await signInAsChloe(server)).status).toBe(200);
      const exposed = {
        ...server,
        ctx: { ...server.ctx, config: { ...server.ctx.config, demoPasswordPublished: false } },
      };
      await prepareData(exposed as unknown as PodiumApp, server.app.log);
      expect((await signInAsChloe(server)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
