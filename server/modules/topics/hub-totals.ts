import type { TopicAspect } from '../../changes/change-set.js';
import type { TransactionSubscriber } from '../../changes/dispatcher.js';
import { HubsRepository } from './hubs-repository.js';

/** What moves a hub's totals: ballots on one of its sub-topics, or a sub-topic created, (de)activated or deleted. */
const HUB_ASPECTS: ReadonlySet<TopicAspect> = new Set(['subTopicVotes', 'subTopics']);

/**
 * A main topic is a hub (DESIGN.md): its `vote_count` is the ballots on its active sub-topics, kept
 * in the database inside the write's own transaction, so popular lists sort hubs among topics by the
 * same column and index, and a read never sums sub-topics. A vote on a topic outside any hub costs
 * nothing here: `wants` answers without a query.
 */
export const hubTotalsFollower: TransactionSubscriber = {
  wants: (change) => change.isEverything || change.topicsWith(HUB_ASPECTS).length > 0,
  async follow(trx, change) {
    await new HubsRepository(trx).recountHubs(change.isEverything ? 'all' : change.topicsWith(HUB_ASPECTS));
  },
};
