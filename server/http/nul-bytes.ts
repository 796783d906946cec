import type { FastifyRequest } from 'fastify';
import { errors } from './errors.js';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

/** NUL bytes are refused everywhere: PostgreSQL cannot store them and no legitimate text has one. */
export async function rejectNulBytes(request: FastifyRequest): Promise<void> {
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
    throw errors.validation('Text must not contain NUL characters');
  }
}
