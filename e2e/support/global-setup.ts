import { ensureWebBuild } from './build.js';

/**
 * Builds the web app once before the suite's files start: they run two at a time, and two files finding
 * the build stale at once would both build into the same directory.
 */
export default function buildOnce(): void {
  ensureWebBuild();
}
