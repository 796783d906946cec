import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RankingEventDto } from '../../../common/api/ranking-event.js';
import { RANKING_EVENT } from '../../../common/constants.js';
import type { StreamLease } from './live-streams.js';
import type { RankingEvents } from './ranking-events.js';

/** Proxies and load balancers drop a silent connection after about a minute; a comment keeps it open. */
export const HEARTBEAT_MS = 25_000;
/** How long EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

/**
 * Each event is encoded once, whoever watches it: every stream of the topic queues the same bytes, so
 * a thousand watchers of a topic hold one copy of an event, not a thousand.
 */
const frames = new WeakMap<RankingEventDto, Buffer>();
function frameOf(event: RankingEventDto): Buffer {
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(`event: ${RANKING_EVENT}\ndata: ${JSON.stringify(event)}\n\n`);
    frames.set(event, frame);
  }
  return frame;
}

/**
 * Turns the reply into a text/event-stream: the current ranking now, then one `ranking` event per
 * change. The response is taken over from Fastify, so the security headers set so far are copied.
 * A client that reads slower than events come is cut off once `maxUnsentBytes` wait for it: its page
 * keeps the last ranking it read and EventSource reconnects (RETRY_MS) with a fresh one.
 */
export function streamRankingEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    events,
    initial,
    lease,
    maxUnsentBytes,
  }: {
    events: RankingEvents;
    initial: RankingEventDto;
    lease: StreamLease;
    maxUnsentBytes: number;
  },
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

  let ended = false;
  const send = (bytes: Buffer | string) => {
    if (ended) return;
    raw.write(bytes);
    if (raw.writableLength > maxUnsentBytes) {
      request.log.debug({ unsent: raw.writableLength }, 'live stream closed: its client reads too slowly');
      end();
      // What is still queued would stay in memory until the client read it: drop it with the socket.
      raw.destroy();
    }
  };
  const unsubscribe = events.subscribe(initial.topicId, (event) => send(frameOf(event)));
  const heartbeat = setInterval(() => send(HEARTBEAT), HEARTBEAT_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    lease.release();
    raw.end();
  };
  lease.endWith(end);
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
  send(`retry: ${RETRY_MS}\n`);
  send(frameOf(initial));
}
