import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

describe('health routes', () => {
  let server: TestServer;
  let benchServer: TestServer;
  beforeAll(async () => {
    [server, benchServer] = await Promise.all([startTestServer(), startTestServer({ benchRoutes: true })]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), benchServer.close()]);
  });

  it('reports the process alive and the database up', async () => {
    expect((await server.request('GET', '/api/live')).body).toEqual({
      success: true,
      data: { status: 'alive' },
    });
    const health = await server.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('hides the benchmark baseline route unless BENCH_ROUTES turns it on', async () => {
    expect((await server.request('GET', '/api/bench/constant?bytes=2000')).status).toBe(404);
  });

  it('serves the benchmark baseline as the same document of about the size asked, every time', async () => {
    const first = await benchServer.request('GET', '/api/bench/constant?bytes=7000');
    const second = await benchServer.request('GET', '/api/bench/constant?bytes=7000');
    expect(first.status).toBe(200);
    expect(first.text.length).toBeGreaterThanOrEqual(7000);
    expect(first.text.length).toBeLessThan(7200);
    expect(second.text).toBe(first.text);
    expect((await benchServer.request('GET', '/api/bench/constant?bytes=999999')).status).toBe(400);
  });
});
