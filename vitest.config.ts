import { defineConfig } from 'vitest/config';

/**
 * Four suites: pure units, the HTTP API on SQLite, the same API files on PostgreSQL
 * (TEST_DATABASE_URL), and the browser suite driving Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/src/**/*.test.ts', 'server/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          env: { PODIUM_TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          env: { PODIUM_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll waits for what the page does next: 1 s (Vitest's default) is too short on 2 busy cores.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
