import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: every suite, one after another (the machine has 2 cores), then one closing line
 * `N passed, N failed` summing them all. In CI (CI=true) the PostgreSQL and browser suites are
 * required: a missing TEST_DATABASE_URL or Chromium fails the run instead of skipping.
 */
const ci = process.env.CI === 'true';
const only = process.argv.slice(2);
const outputDir = '.test-output';
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

const suites = [
  { name: 'unit' },
  { name: 'api-sqlite' },
  {
    name: 'api-postgres',
    missing: () => (process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
  },
  {
    name: 'e2e',
    missing: () =>
      existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') ? undefined : 'Chromium is not installed',
  },
].filter((suite) => only.length === 0 || only.includes(suite.name));

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
/** Every failed test's name, repeated after the closing line so that the tail of a long log names them. */
const failures = [];

for (const suite of suites) {
  const reason = suite.missing?.();
  if (reason) {
    if (ci) {
      console.error(`\n✗ ${suite.name}: ${reason}; this suite is required in CI.`);
      failed += 1;
      exitCode = 1;
    } else {
      console.warn(`\n- ${suite.name}: skipped (${reason}).`);
    }
    continue;
  }
  console.log(`\n=== ${suite.name} ===`);
  const report = join(outputDir, `${suite.name}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      suite.name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env: { ...process.env } },
  );
  if (result.status !== 0) exitCode = 1;
  if (!existsSync(report)) {
    console.error(`✗ ${suite.name}: the runner produced no report.`);
    failed += 1;
    exitCode = 1;
    continue;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  skipped += summary.numPendingTests + (summary.numTodoTests ?? 0);
  for (const file of summary.testResults) {
    if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) {
      const why = String(file.message ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(
        `${suite.name}: ${file.name} (the file failed to load or run)${why ? `\n      ${why}` : ''}`,
      );
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed') {
        // The first line of why, so that the tail of a long log says what broke, not only where.
        const why = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${suite.name}: ${file.name} > ${test.fullName}${why ? `\n      ${why}` : ''}`);
      }
    }
  }
  // A file that fails to load counts no test but must still fail the run.
  if (summary.numFailedTestSuites > 0 && summary.numFailedTests === 0) {
    failed += summary.numFailedTestSuites;
  }
  console.log(`--- ${suite.name}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed`);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ✗ ${name}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
