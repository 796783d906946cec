import { ApiError } from './errors.js';
import { tokenStore } from './tokens.js';
import { send } from './transport.js';

interface RefreshResult {
  accessToken: string;
  refreshToken: string;
}

const LOCK_NAME = 'podium-refresh';

let inFlight: Promise<string | null> | null = null;

/**
 * Returns a usable access token to replace `staleToken`, or null when the session is over.
 * The server revokes the whole session when a refresh token is presented twice, so every
 * request of this tab shares one refresh, and tabs take turns through a Web Lock.
 */
export function refreshAccessToken(staleToken: string): Promise<string | null> {
  inFlight ??= withRefreshLock(() => rotate(staleToken)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // Web Locks exist only in secure contexts (https, localhost); elsewhere tabs may race.
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK_NAME, task);
  return task();
}

async function rotate(staleToken: string): Promise<string | null> {
  // Re-read inside the lock: another tab may have rotated the tokens while we waited.
  const { token, refreshToken } = tokenStore.read();
  if (!refreshToken) return null;
  if (token && token !== staleToken) return token;
  try {
    const result = await send<RefreshResult>(
      '/auth/refresh',
      { method: 'POST', body: { refreshToken } },
      null,
    );
    tokenStore.save(result);
    return result.accessToken;
  } catch (error) {
    // Only a refusal ends the session; a network blip or a 5xx keeps the tokens for the next try.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      return null;
    }
    throw error;
  }
}
