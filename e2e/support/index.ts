export { animationsSettled, expectNoSeriousA11yViolations } from './a11y.js';
export { callApi, seedVotedTopic, voteAsNewUser } from './api.js';
export { type Credentials, login, logout, newCredentials, register, userMenuButton } from './auth.js';
export { ensureWebBuild } from './build.js';
export { DESKTOP, type E2E, PHONE, setupE2E } from './harness.js';
export { hydrated } from './hydration.js';
export { REPO_ROOT, SCREENSHOT_DIR, WEB_DIST } from './paths.js';
export { ADMIN, startServer } from './server.js';
export { languageButton, pageLanguage, text } from './texts.js';
