import { type ChangeSet, RANKING_ASPECTS } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import type { LiveRankings } from './live.js';
import { rankingCacheFor } from './ranking-cache.js';

/**
 * The rankings' derived state follows every committed change, made here or on another app server: a
 * topic whose ranking moved (RANKING_ASPECTS) loses its cached rankings, and its open pages get the new
 * one (the live events read the database, not this cache).
 */
export function followRankingChanges(db: Executor, live: LiveRankings): CommitSubscriber {
  const cache = rankingCacheFor(db);
  return (change: ChangeSet) => {
    if (change.isEverything) cache.clear();
    else for (const topicId of change.topicsWith(RANKING_ASPECTS)) cache.invalidate(topicId);
    live.events.changed(change);
  };
}
