import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFile, apiRequest } from './client.js';
import { onSessionEnded } from './session-events.js';

const store = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function serve(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const { status, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const expired = {
  status: 401,
  body: { success: false, error: { code: 'TOKEN_EXPIRED', message: 'Token expired' } },
};

beforeEach(() => {
  store.clear();
  vi.stubGlobal('window', { localStorage });
  store.set('token', 'old-access');
  store.set('refreshToken', 'old-refresh');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('shares one refresh between concurrent requests whose token expired, then retries each', async () => {
    const fetchMock = serve((url, init) => {
      if (url.endsWith('/auth/refresh')) {
        return {
          status: 200,
          body: { success: true, data: { accessToken: 'new-access', refreshToken: 'new-refresh' } },
        };
      }
      return bearer(init) === 'Bearer new-access'
        ? { status: 200, body: { success: true, data: url } }
        : expired;
    });
    const results = await Promise.all([
      apiRequest('/auth/me'),
      apiRequest('/users/a'),
      apiRequest('/users/b'),
    ]);
    expect(results).toEqual(['/api/auth/me', '/api/users/a', '/api/users/b']);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh'))).toHaveLength(1);
    expect(store.get('refreshToken')).toBe('new-refresh');
  });

  it('waits for the tokens another tab rotated instead of spending the same refresh token again', async () => {
    const fetchMock = serve((url, init) => {
      if (url.endsWith('/auth/refresh')) return { status: 401, body: { success: false } };
      return bearer(init) === 'Bearer other-tab-access'
        ? { status: 200, body: { success: true, data: url } }
        : expired;
    });
    // The other tab holds the lock named after the refresh token it spent; its new tokens reach
    // this tab's localStorage a moment later.
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, task: () => Promise<unknown>) => task(),
        query: async () => ({ held: [{ name: `podium-refresh-spent:${'old-refresh'.slice(-16)}` }] }),
      },
    });
    setTimeout(() => {
      store.set('token', 'other-tab-access');
      store.set('refreshToken', 'other-tab-refresh');
    }, 100);
    await expect(apiRequest('/auth/me')).resolves.toBe('/api/auth/me');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/refresh'))).toHaveLength(0);
    expect(store.get('refreshToken')).toBe('other-tab-refresh');
  });

  it('ends the session on a 401 that is not about expiry', async () => {
    serve(() => ({
      status: 401,
      body: { success: false, error: { code: 'INVALID_TOKEN', message: 'Invalid token' } },
    }));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    stop();
    expect(ended).toHaveBeenCalledOnce();
    expect(store.has('token')).toBe(false);
  });

  it('treats a refused login as an error of the form, not the end of the session', async () => {
    serve(() => ({
      status: 401,
      body: { success: false, error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } },
    }));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(store.get('token')).toBe('old-access');
  });

  it('sends no bearer token on public paths', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { success: true, data: {} } }));
    await apiRequest('/translations/ui/fr', { query: { fallback: 'fr' } });
    await apiRequest('/users/profile');
    expect(bearer(fetchMock.mock.calls[0]?.[1] as RequestInit)).toBeUndefined();
    expect(bearer(fetchMock.mock.calls[1]?.[1] as RequestInit)).toBe('Bearer old-access');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/translations/ui/fr?fallback=fr');
  });

  it('sends no bearer token with a reset link, which starts a session of its own', async () => {
    const fetchMock = serve(() => ({ status: 200, body: { success: true, data: {} } }));
    await apiRequest('/auth/password-reset', { method: 'POST', body: {} });
    await apiRequest('/auth/password-reset/confirm', { method: 'POST', body: {} });
    expect(fetchMock.mock.calls.map(([, init]) => bearer(init as RequestInit))).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('apiFile', () => {
  it('downloads a file with the session, refreshing an expired token once, and names it as the server does', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh')) {
        return new Response(
          JSON.stringify({ success: true, data: { accessToken: 'new-access', refreshToken: 'new-refresh' } }),
        );
      }
      if ((init.headers as Record<string, string>).Authorization !== 'Bearer new-access') {
        return new Response(JSON.stringify(expired.body), { status: 401 });
      }
      return new Response('id,name\r\n', {
        headers: { 'content-disposition': 'attachment; filename="podium-tags-fr-2026-11-27.csv"' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const file = await apiFile('/admin/exports/tags.csv', { lng: 'fr' });
    expect(file.fileName).toBe('podium-tags-fr-2026-11-27.csv');
    expect(await file.blob.text()).toBe('id,name\r\n');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/admin/exports/tags.csv?lng=fr');
  });

  it('rejects with the error envelope of a refusal', async () => {
    serve(() => ({ status: 403, body: { success: false, error: { code: 'FORBIDDEN', message: 'No' } } }));
    await expect(apiFile('/admin/exports/ballots.csv')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});
