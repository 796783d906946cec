import { buildWebIfStale } from '../../scripts/web-build.js';
import { WEB_DIST } from './paths.js';

/** The server under test serves WEB_DIST: build it first when it is missing or stale. */
export function ensureWebBuild(): void {
  buildWebIfStale(WEB_DIST);
}
