import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = resolve(REPO_ROOT, 'web/dist');
export const SCREENSHOT_DIR = resolve(REPO_ROOT, 'e2e/screenshots');
