import { spawnSync } from 'node:child_process';
import { CHROMIUM_FLAGS as CHROMIUM_FLAG_LIST } from '../../scripts/chromium.js';

/**
 * Lighthouse 12 (the last major for Node 20) runs through npx rather than as a dependency: its
 * dependency tree pins a "latest" tag that `npm ci` cannot reproduce from a lock file.
 */
const LIGHTHOUSE = 'lighthouse@12.2.3';
const CHROMIUM_FLAGS = CHROMIUM_FLAG_LIST.join(' ');

/** One Lighthouse run of a page: category scores (0 to 1) and the timings issue 23 follows. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  seo: number;
  /** Milliseconds. */
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
  /** Lighthouse's measure of this machine's speed: scores of machines far apart are not comparable. */
  benchmarkIndex: number;
}

interface LighthouseReport {
  categories: Record<'performance' | 'accessibility' | 'seo', { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  environment?: { benchmarkIndex?: number };
}

/** How many times a run is tried: Lighthouse now and then fails to record a trace (NO_NAVSTART). */
const ATTEMPTS = 3;

/** One Lighthouse run (mobile, simulated throttling) of `url` in Debian's Chromium. */
export function lighthouseRun(url: string): LighthouseRun {
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const report = lighthouseReport(url);
    if (typeof report !== 'string') return report;
    failure = report;
    console.warn(`lighthouse attempt ${attempt} of ${ATTEMPTS} failed: ${failure.trim().split('\n').at(-1)}`);
  }
  throw new Error(`lighthouse failed ${ATTEMPTS} times: ${failure.slice(-2000)}`);
}

/** One Lighthouse run's figures, or what it printed when it failed. */
function lighthouseReport(url: string): LighthouseRun | string {
  const result = spawnSync(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,seo',
      `--chrome-flags=${CHROMIUM_FLAGS}`,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (result.status !== 0) return result.stderr;
  const report = JSON.parse(result.stdout) as LighthouseReport;
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: report.categories.performance?.score ?? 0,
    accessibility: report.categories.accessibility?.score ?? 0,
    seo: report.categories.seo?.score ?? 0,
    firstContentfulPaint: audit('first-contentful-paint'),
    largestContentfulPaint: audit('largest-contentful-paint'),
    totalBlockingTime: audit('total-blocking-time'),
    cumulativeLayoutShift: audit('cumulative-layout-shift'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The median of `runs` runs, figure by figure (each figure's own median, as Lighthouse's docs advise). */
export function lighthouseMedian(url: string, runs = 3): LighthouseRun {
  const all = Array.from({ length: runs }, () => lighthouseRun(url));
  const median = (pick: (run: LighthouseRun) => number) => {
    const values = all.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] as number;
  };
  return {
    performance: median((run) => run.performance),
    accessibility: median((run) => run.accessibility),
    seo: median((run) => run.seo),
    firstContentfulPaint: median((run) => run.firstContentfulPaint),
    largestContentfulPaint: median((run) => run.largestContentfulPaint),
    totalBlockingTime: median((run) => run.totalBlockingTime),
    cumulativeLayoutShift: median((run) => run.cumulativeLayoutShift),
    benchmarkIndex: median((run) => run.benchmarkIndex),
  };
}
