import { ApiError, CLIENT_ERROR_CODES } from './errors.js';
import { tokenStore } from './tokens.js';
import { send } from './transport.js';

interface RefreshResult {
  accessToken: string;
  refreshToken: string;
}

const LOCK_NAME = 'podium-refresh';
/** Held for a while by the tab that spent a refresh token, named after it (see `markSpent`). */
const SPENT_LOCK_PREFIX = 'podium-refresh-spent:';
const SPENT_MARK_MS = 30_000;
const STORAGE_CATCH_UP_MS = 10_000;

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

function webLocks(): LockManager | undefined {
  // Web Locks exist only in secure contexts (https, localhost); elsewhere tabs may race.
  return typeof navigator !== 'undefined' ? navigator.locks : undefined;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  return locks ? locks.request(LOCK_NAME, task) : task();
}

const spentLockName = (refreshToken: string) => SPENT_LOCK_PREFIX + refreshToken.slice(-16);

/**
 * localStorage reaches other tabs asynchronously (Chromium copies it between processes), so the next
 * tab to take the refresh lock may still read the refresh token we just spent, and presenting it would
 * revoke the session. The lock manager, shared by every tab at once, tells it: we hold a lock named
 * after the spent token, taken before the refresh lock is released.
 */
async function markSpent(refreshToken: string): Promise<void> {
  const locks = webLocks();
  if (!locks) return;
  await new Promise<void>((granted) => {
    void locks.request(spentLockName(refreshToken), () => {
      granted();
      return new Promise((done) => setTimeout(done, SPENT_MARK_MS));
    });
  });
}

async function spentElsewhere(refreshToken: string): Promise<boolean> {
  const state = await webLocks()?.query();
  return Boolean(state?.held?.some((lock) => lock.name === spentLockName(refreshToken)));
}

/** Waits until this tab's localStorage shows what replaced `spentRefreshToken`. */
async function storedSuccessor(spentRefreshToken: string): Promise<string | null> {
  const deadline = Date.now() + STORAGE_CATCH_UP_MS;
  while (Date.now() < deadline) {
    const { token, refreshToken } = tokenStore.read();
    if (refreshToken !== spentRefreshToken) return refreshToken ? token : null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Keep the tokens: the next request tries again.
  throw new ApiError(0, CLIENT_ERROR_CODES.network, 'Session refresh did not reach this tab');
}

async function rotate(staleToken: string): Promise<string | null> {
  // Re-read inside the lock: another tab may have rotated the tokens while we waited.
  const { token, refreshToken } = tokenStore.read();
  if (!refreshToken) return null;
  if (token && token !== staleToken) return token;
  if (await spentElsewhere(refreshToken)) return storedSuccessor(refreshToken);
  try {
    const result = await send<RefreshResult>(
      '/auth/refresh',
      { method: 'POST', body: { refreshToken } },
      null,
    );
    tokenStore.save(result);
    await markSpent(refreshToken);
    return result.accessToken;
  } catch (error) {
    // Only a refusal ends the session; a network blip or a 5xx keeps the tokens for the next try.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      return null;
    }
    throw error;
  }
}
