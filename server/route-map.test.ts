import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collectRoutes, ROUTE_MAP_FILE, renderRouteMap } from './test/route-map.js';

describe('the route map in docs/routes.md', () => {
  it('lists every route the app answers, with its module and who may call it', async () => {
    const rows = await collectRoutes();
    const row = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path);
    expect(row('POST', '/api/search/propositions')).toMatchObject({ module: 'votes', access: 'signed-in' });
    expect(row('DELETE', '/api/admin/users/:id')).toMatchObject({ module: 'admin', access: 'administrator' });
    expect(row('GET', '/api/topics/:slugOrId')?.access).toBe('anyone (token optional)');
    expect(row('GET', '/sitemap.xml')).toMatchObject({ module: 'server/web', access: 'anyone' });
    const written = readFileSync(ROUTE_MAP_FILE, 'utf8');
    expect(written, 'docs/routes.md is out of date with the app: run `npm run routes` and commit it').toBe(
      renderRouteMap(rows),
    );
  });
});
