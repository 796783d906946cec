import { spawnSync } from 'node:child_process';
import { CHROMIUM_FLAGS as CHROMIUM_FLAG_LIST } from '../../scripts/chromium.js';

/**
 * Lighthouse 12 (the last major for Node 20) runs through npx rather than as a dependency: its
 * dependency tree pins a "latest" tag that `npm ci` cannot reproduce from a lock file.
 */
const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROMIUM_FLAGS = CHROMIUM_FLAG_LIST.join(' ');

/** Lighthouse performance and accessibility scores (0 to 1) of one page, in Debian's Chromium. */
export function lighthouseScores(url: string): { performance: number; accessibility: number } {
  const result = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility',
      `--chrome-flags=${CHROMIUM_FLAGS}`,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(result.stdout) as {
    categories: { performance?: { score: number | null }; accessibility?: { score: number | null } };
  };
  return {
    performance: report.categories.performance?.score ?? 0,
    accessibility: report.categories.accessibility?.score ?? 0,
  };
}
