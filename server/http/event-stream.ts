import type { FastifyReply, FastifyRequest } from 'fastify';

/** Proxies and load balancers drop a silent connection after about a minute; a comment keeps it open. */
export const HEARTBEAT_MS = 25_000;
/** How long EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

export interface EventStream {
  /** Writes bytes (a whole frame) unless the stream has ended. */
  send(bytes: Buffer | string): void;
  /** Ends the stream (idempotent); the `onEnd` callbacks run once. */
  end(): void;
}

/**
 * Turns the reply into a text/event-stream (the live rankings' and the notifications'): the response is taken
 * over from Fastify, so the headers set so far (security headers) are copied; a heartbeat comment keeps it
 * open; EventSource is told to come back after RETRY_MS. A client that reads slower than frames come is cut
 * off once `maxUnsentBytes` wait for it (what is queued is dropped with the socket, not kept in memory).
 * `onEnd` runs once, whatever ends it: the client leaving, a write error, the server, or `end()`.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  { maxUnsentBytes, onEnd }: { maxUnsentBytes: number; onEnd: () => void },
): EventStream {
  const raw = reply.raw;
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise hold events back in its buffer.
    'x-accel-buffering': 'no',
  });

  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    onEnd();
    raw.end();
  };
  const send = (bytes: Buffer | string) => {
    if (ended) return;
    raw.write(bytes);
    if (raw.writableLength > maxUnsentBytes) {
      request.log.debug({ unsent: raw.writableLength }, 'event stream closed: its client reads too slowly');
      end();
      raw.destroy();
    }
  };
  const heartbeat = setInterval(() => send(HEARTBEAT), HEARTBEAT_MS);
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
  send(`retry: ${RETRY_MS}\n`);
  return { send, end };
}
