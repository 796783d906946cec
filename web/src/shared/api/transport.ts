import { API_TIMEOUT_MS } from '../../../../common/constants.js';
import { ApiError, CLIENT_ERROR_CODES } from './errors.js';

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: { code?: string; message?: string; field?: string };
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/** One HTTP exchange with the envelope unwrapped: resolves to `data`, rejects with an ApiError. */
export async function send<T>(path: string, options: SendOptions, bearer: string | null): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abortFromCaller();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      // Public answers allow a shared cache (and the browser's) to serve them stale for a while
      // (stale-while-revalidate, decision 026): the app always asks the server, which answers 304 when
      // nothing changed, so that a read after a write or a live event shows it (read your writes).
      cache: 'no-cache',
    });
    const envelope = (await response.json().catch(() => ({}))) as Envelope;
    if (!response.ok || envelope.success === false) {
      throw new ApiError(
        response.status,
        envelope.error?.code ?? 'HTTP_ERROR',
        envelope.error?.message ?? response.statusText,
        envelope.error?.field,
      );
    }
    return envelope.data as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(0, CLIENT_ERROR_CODES.timeout, 'Request timed out');
    // A cancellation requested by the caller (e.g. TanStack Query) must stay an AbortError.
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.network,
      error instanceof Error ? error.message : 'Network error',
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

/** A file the API sends (a CSV export) and the name its Content-Disposition gives it. */
export interface FetchedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Downloads a file route with the bearer token (which a plain link cannot send). No timeout: a large export
 * takes as long as it takes; a refusal is JSON in the envelope, rejected as an ApiError like any other.
 */
export async function fetchFile(
  path: string,
  query: Record<string, QueryValue> | undefined,
  bearer: string | null,
): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
    });
  } catch (error) {
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.network,
      error instanceof Error ? error.message : 'Network error',
    );
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as Envelope;
    throw new ApiError(
      response.status,
      envelope.error?.code ?? 'HTTP_ERROR',
      envelope.error?.message ?? response.statusText,
      envelope.error?.field,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
