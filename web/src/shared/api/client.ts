import { ApiError } from './errors.js';
import { refreshAccessToken } from './refresh.js';
import { notifySessionEnded } from './session-events.js';
import { tokenStore } from './tokens.js';
import { type FetchedFile, fetchFile, type QueryValue, type SendOptions, send } from './transport.js';

export interface RequestOptions extends SendOptions {
  /** false: never send the bearer token nor treat a 401 as the end of the session. */
  auth?: boolean;
}

/** Paths that must never carry the bearer token (SPEC section 7). */
const PUBLIC_PATH_PARTS = [
  '/search/categories',
  '/search/tags',
  '/search/predictive',
  '/search/smart',
  '/topics/popular',
  '/topics/main',
  '/translations/ui',
  '/auth/login',
  '/auth/register',
  '/auth/refresh',
  // A reset link signs its person in: a bearer token from a session it may end must not come along.
  '/auth/password-reset',
];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATH_PARTS.some((part) => path.includes(part));
}

function isExpiredToken(error: ApiError): boolean {
  return error.code === 'TOKEN_EXPIRED' || /expired/i.test(error.message);
}

function endSession(): void {
  const hadSession = tokenStore.read().refreshToken !== null;
  tokenStore.clear();
  if (hadSession) notifySessionEnded();
}

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Calls the API under /api and resolves to the envelope's `data`.
 * An expired access token is refreshed once and the request retried; any other 401 on an
 * authenticated call ends the session (tokens cleared, listeners sent to /login).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.auth === false || isPublicPath(path) ? null : tokenStore.read().token;
  return withSession(token, (bearer) => send<T>(path, options, bearer));
}

/** A file route (an administrator's CSV export) downloaded with the session, as apiRequest does. */
export async function apiFile(path: string, query?: Record<string, QueryValue>): Promise<FetchedFile> {
  const token = isPublicPath(path) ? null : tokenStore.read().token;
  return withSession(token, (bearer) => fetchFile(path, query, bearer));
}

/** Runs `exchange` with the token, refreshing an expired one once; any other 401 ends the session. */
async function withSession<T>(
  token: string | null,
  exchange: (bearer: string | null) => Promise<T>,
): Promise<T> {
  try {
    return await exchange(token);
  } catch (error) {
    if (!token || !isUnauthorized(error)) throw error;
    if (!isExpiredToken(error)) {
      endSession();
      throw error;
    }
    const freshToken = await refreshAccessToken(token);
    if (!freshToken) {
      endSession();
      throw error;
    }
    try {
      return await exchange(freshToken);
    } catch (retryError) {
      if (isUnauthorized(retryError)) endSession();
      throw retryError;
    }
  }
}
