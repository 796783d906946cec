import type { FastifyRequest } from 'fastify';

/** The most of a User-Agent a session keeps: enough to tell a person's devices apart. */
const DEVICE_LENGTH = 256;

/** The device a request comes from, as a session records it: its User-Agent, cut short, or null. */
export function deviceOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent']?.trim();
  return agent ? agent.slice(0, DEVICE_LENGTH) : null;
}
