import { beforeAll, describe, expect, it } from 'vitest';
import { firstLoadJs } from '../scripts/bundle-size.js';
import { ensureWebBuild, WEB_DIST } from './support/index.js';

/** The README's budget for the JavaScript a first visit downloads before the home page renders. */
const BUDGET_KB = 130;

describe('web bundle', () => {
  beforeAll(() => ensureWebBuild(), 120_000);

  it(`home page first-load JavaScript stays within ${BUDGET_KB} KB gzip`, () => {
    const { entryKb, entryFiles } = firstLoadJs(WEB_DIST);
    console.info(`first-load JS: ${entryKb.toFixed(1)} KB gzip in ${entryFiles.length} file(s)`);
    expect(entryKb).toBeLessThanOrEqual(BUDGET_KB);
  });

  it('keeps the admin pages out of the first load, in chunks of their own', () => {
    const { entryFiles, routes } = firstLoadJs(WEB_DIST);
    const adminRoutes = routes.filter(({ route }) => route.includes('pages/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(entryFiles.some((file) => /Admin/.test(file))).toBe(false);
  });
});
