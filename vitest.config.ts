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
          // Two files at a time, each with its own database file (Vitest's default on 2 cores is one): a file
          // waits on its servers, child processes and sockets much of the time.
          maxWorkers: 2,
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
          // Two files at a time, each in a schema of its own (server/test/database.ts keeps one file's migration
          // and another's schema drop apart: Kysely's migrator reads every schema's tables).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Two files share the cores: a test that takes 20 s alone may take twice that beside another.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['e2e/support/global-setup.ts'],
          // Two files at a time: a browser test mostly waits (on its server, its browser, a poll), so one
          // at a time left the two cores two-thirds idle. Each file has its own server, data and Chromium.
          maxWorkers: 2,
          // expect.poll waits for what the page does next: 1 s (Vitest's default) is too short on 2 busy cores.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
