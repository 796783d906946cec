import { type ChangeSet, RANKING_ASPECTS } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import { readCacheFor } from '../../db/read-cache.js';
import { risingChangesFor } from './changes.js';
import { RISING_TAG } from './service.js';

/**
 * "Rising this week" follows every committed change that moves a ranking (a ballot, a proposition, a
 * topic's status), made here or on another app server: the topics are marked as changed, so the next
 * read rereads them (service.ts), and the answers kept per language go. Texts, tags and categories empty
 * the read cache whole (topics/caches.ts); a lost change channel ("everything") has the week measured anew.
 */
export function followRisingChanges(db: Executor): CommitSubscriber {
  const reads = readCacheFor(db);
  const changes = risingChangesFor(db);
  return (change: ChangeSet) => {
    if (change.isEverything) changes.everything();
    else changes.record(change.topicsWith(RANKING_ASPECTS));
    if (change.isEverything || change.topicsWith(RANKING_ASPECTS).length > 0) reads.forget(RISING_TAG);
  };
}
