import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RankingEventDto } from '../../../common/api/ranking-event.js';
import { RANKING_EVENT } from '../../../common/constants.js';
import { openEventStream } from '../../http/event-stream.js';
import type { StreamLease } from './live-streams.js';
import type { RankingEvents } from './ranking-events.js';

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
 * Turns the reply into a text/event-stream (server/http/event-stream.ts): the current ranking now, then one
 * `ranking` event per change. A client that reads slower than events come is cut off once `maxUnsentBytes`
 * wait for it: its page keeps the last ranking it read and EventSource reconnects with a fresh one.
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
  let unsubscribe = () => {};
  const stream = openEventStream(request, reply, {
    maxUnsentBytes,
    onEnd: () => {
      unsubscribe();
      lease.release();
    },
  });
  unsubscribe = events.subscribe(initial.topicId, (event) => stream.send(frameOf(event)));
  lease.endWith(stream.end);
  stream.send(frameOf(initial));
}
