import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
const readme = readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8');
/** "Every demo account's password is `podium-demo` (for example `chloe.martin@example.com`)." */
const documented = /password is `([^`]+)` \(for example `([^`]+)`\)/.exec(readme);

describe('the demo accounts the README names', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' });
  });
  afterAll(() => server?.close());

  it("sign in with the README's own words", async () => {
    expect(documented, 'the README names a demo account and its password').not.toBeNull();
    const [, password, email] = documented as RegExpExecArray;
    const response = await server.request('POST', '/api/auth/login', { body: { email, password } });
    expect(response.status, response.text).toBe(200);
  });

  it('are the ones the security scan signs in with', () => {
    const script = readFileSync(resolve(REPO_ROOT, 'scripts/security/sqlmap.sh'), 'utf8');
    expect(script).toContain(`"email\\":\\"${documented?.[2]}\\"`);
  });
});
