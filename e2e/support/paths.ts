import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The web build the servers under test serve; E2E_WEB_DIST lets parallel runs keep separate builds. */
export const WEB_DIST = resolve(process.env.E2E_WEB_DIST ?? resolve(REPO_ROOT, 'web/dist'));
export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'e2e/screenshots');
