import type { FastifyRequest } from 'fastify';
import { errors } from './errors.js';

/**
 * NUL (PostgreSQL cannot store it) and a lone UTF-16 surrogate (half of a character: SQLite would store
 * it as invalid UTF-8, PostgreSQL refuses it) are in no legitimate text.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnsafe = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function containsUnsafe(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnsafe(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (isUnsafe(key) || containsUnsafe(inner, depth + 1)) return true;
  }
  return false;
}

/** Refuses NUL characters and lone surrogates anywhere in a request's body, query or path. */
export async function rejectUnsafeText(request: FastifyRequest): Promise<void> {
  if (containsUnsafe(request.body) || containsUnsafe(request.query) || containsUnsafe(request.params)) {
    throw errors.validation('Text must not contain NUL characters or unpaired surrogates');
  }
}
