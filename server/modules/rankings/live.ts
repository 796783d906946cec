import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveStreamLimits } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { LiveStreams } from './live-streams.js';
import { RankingEvents } from './ranking-events.js';

/** The live side of the rankings in this process (on the app context as `ctx.rankings`). */
export interface LiveRankings {
  /** New rankings pushed to the open topic pages after each change. */
  events: RankingEvents;
  /** The open live-ranking streams and their caps. */
  streams: LiveStreams;
}

/** Made once per app; both end with it. */
export function liveRankings(
  app: FastifyInstance,
  db: Kysely<Database>,
  limits: LiveStreamLimits,
): LiveRankings {
  const events = new RankingEvents(db, app.log, limits.eventIntervalMs);
  app.addHook('onClose', async () => events.close());
  const streams = new LiveStreams(limits);
  // Open streams would keep the server from closing: they end first, and browsers reconnect elsewhere.
  app.addHook('preClose', async () => streams.endAll());
  return { events, streams };
}
