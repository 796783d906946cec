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
