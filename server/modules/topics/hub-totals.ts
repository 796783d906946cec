import type { TopicAspect } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import { HubsRepository } from './hubs-repository.js';

/** A sub-topic created, (de)activated or deleted: which ballots a hub counts changed. */
const HUB_ASPECTS: ReadonlySet<TopicAspect> = new Set(['subTopics']);

/**
 * A main topic is a hub (DESIGN.md): its `vote_count` is the ballots on its active sub-topics, kept in
 * the database inside the write's own transaction, so popular lists sort hubs among topics by the same
 * column and index, and a read never sums sub-topics. A ballot moves it as a running total, in the
 * ballot's own statement (votes/repository.ts, like the topic's voters); this follower recounts a hub
 * when the set of sub-topics it counts changes, whichever write changed it.
 */
export const hubTotalsFollower: TransactionSubscriber = {
  wants: (change) => change.isEverything || change.topicsWith(HUB_ASPECTS).length > 0,
  async follow(trx, change) {
    await new HubsRepository(trx).recountHubs(change.isEverything ? 'all' : change.topicsWith(HUB_ASPECTS));
  },
};
