import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('HTTP conventions', () => {
  it('reports health with database reachability', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: { status: 'ok', database: 'up' } });
  });

  it('answers malformed JSON with 400 in the envelope, never a stack trace', async () => {
    const response = await server.request('POST', '/api/auth/login', { body: '{"email": "a@b.c", ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a lone UTF-16 surrogate anywhere in a body with 400 and stores nothing', async () => {
    for (const [path, body] of [
      ['/api/auth/register', { username: 'x\ud800y', email: 'lone@example.test', password: 'correct horse' }],
      ['/api/auth/login', { email: 'lone@example.test', password: 'x\udc00' }],
    ] as const) {
      const response = await server.request('POST', path, { body });
      expect(response.status, path).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
    const register = await server.request('POST', '/api/auth/register', {
      body: { username: 'paired_\ud83d\ude00', email: 'emoji@example.test', password: 'correct horse' },
    });
    expect(register.status, 'a paired surrogate (an emoji) is a character like any other').not.toBe(500);
  });

  it('answers bad percent-encodings and overlong path parameters in the envelope', async () => {
    for (const path of [
      '/api/topics/%C3%28',
      `/api/topics/${'9'.repeat(600)}`,
      '/api/topics/%',
      '/api/%E0%A4%A',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
  });

  it('answers an oversized body with 413', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: 'a@example.test', password: 'x'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await server.request('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Route not found' },
    });
  });

  it('answers a wrong content type with 415', async () => {
    const response = await server.request('POST', '/api/auth/login', {
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
  });

  it('sends security headers, including a Content-Security-Policy', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('compresses large responses when the client accepts gzip', async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('publishes an OpenAPI document listing the routes, and browsable docs', async () => {
    const spec = await server.request('GET', '/api/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/users/password',
      '/api/admin/users',
    ]) {
      expect(Object.keys(spec.body.paths)).toContain(path);
    }
    const docs = await fetch(`${server.baseUrl}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });
});

describe('UI translations', () => {
  it('returns the key-to-text map of a language', async () => {
    const response = await server.request('GET', '/api/translations/ui/de?fallback=fr');
    expect(response.status).toBe(200);
    expect(response.body.data.translations['error.NOT_FOUND']).toBe('Nicht gefunden.');
  });

  it('completes a language from the fallback language', async () => {
    await server.ctx.db
      .deleteFrom('translations')
      .where('entity_type', '=', 'ui')
      .where('language', '=', 'es')
      .where('key', '=', 'error.NOT_FOUND')
      .execute();
    const response = await server.request('GET', '/api/translations/ui/es?fallback=fr');
    expect(response.body.data.translations['error.NOT_FOUND']).toBe('Introuvable.');
  });

  it('refuses an unsupported language with 400 UNSUPPORTED_LANGUAGE', async () => {
    const response = await server.request('GET', '/api/translations/ui/it');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'UNSUPPORTED_LANGUAGE',
      message: 'Unsupported language: it',
    });
  });

  it('never overwrites a text an administrator edited when the catalog is inserted again', async () => {
    await server.ctx.db
      .updateTable('translations')
      .set({ value: 'Pas trouvé du tout' })
      .where('entity_type', '=', 'ui')
      .where('language', '=', 'fr')
      .where('key', '=', 'error.NOT_FOUND')
      .execute();
    await server.ctx.texts.ensureUiCatalog(server.clock.nowIso());
    const response = await server.request('GET', '/api/translations/ui/fr');
    expect(response.body.data.translations['error.NOT_FOUND']).toBe('Pas trouvé du tout');
  });
});
