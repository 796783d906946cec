import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RankingEventDto } from '../../../common/api/votes.js';
import { RANKING_EVENT } from '../../../common/constants.js';
import type { RankingEvents } from './ranking-events.js';

/** Proxies and load balancers drop a silent connection after about a minute; a comment keeps it open. */
export const HEARTBEAT_MS = 25_000;
/** How long EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

function eventFrame(event: RankingEventDto): string {
  return `event: ${RANKING_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Turns the reply into a text/event-stream: the current ranking now, then one `ranking` event per
 * change. The response is taken over from Fastify, so the security headers set so far are copied.
 */
export function streamRankingEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  events: RankingEvents,
  initial: RankingEventDto,
): void {
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
  raw.write(`retry: ${RETRY_MS}\n${eventFrame(initial)}`);

  const unsubscribe = events.subscribe(initial.topicId, (event) => raw.write(eventFrame(event)));
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    raw.end();
  };
  const untrack = events.trackStream(end);
  request.raw.on('close', end);
  raw.on('error', end);
}
