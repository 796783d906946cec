import type { ChangeSet } from '../../changes/change-set.js';
import type { CommitSubscriber } from '../../changes/dispatcher.js';
import type { Executor } from '../../db/executor.js';
import { readCacheFor } from '../../db/read-cache.js';

/**
 * A topic's details are dropped by every change of the topic, here or on another app server; the
 * lifetime only bounds what a missed notification could cost.
 */
export const TOPIC_DETAIL_TTL_MS = 3000;
/** The tag a topic's cached reads are filed under. */
export const topicTag = (topicId: number) => `topic-id:${topicId}`;

/**
 * Keeps this process's public read caches in step with every committed change, made here or on
 * another app server (the rankings' cache follows them in rankings/follow.ts). A vote drops only its
 * topic's details, and its hub's (the main topic's page and hub page, filed under the main topic's
 * id): popular lists then lag by their one-second lifetime at most. Anything else that changes how topics are listed (a text, a
 * tag, a category, a status) empties the lists too, so the next read shows it.
 */
export function followTopicChanges(db: Executor): CommitSubscriber {
  const reads = readCacheFor(db);
  return (change: ChangeSet) => {
    if (change.isEverything || change.touchesListings()) reads.clear();
    else for (const topicId of change.topics.keys()) reads.forget(topicTag(topicId));
  };
}
