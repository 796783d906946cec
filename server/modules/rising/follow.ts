import { type ChangeSet, RANKING_ASPECTS } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import { readCacheFor } from '../../db/read-cache.js';
import { RISING_TAG } from './service.js';

/**
 * "Rising this week" follows every committed change that moves a ranking (a ballot, a proposition, a
 * topic's status), made here or on another app server: its cached answers go, so the next read counts
 * the new ballot. Texts, tags and categories empty the read cache whole (topics/caches.ts).
 */
export function followRisingChanges(db: Executor): CommitSubscriber {
  const reads = readCacheFor(db);
  return (change: ChangeSet) => {
    if (change.isEverything || change.topicsWith(RANKING_ASPECTS).length > 0) reads.forget(RISING_TAG);
  };
}
