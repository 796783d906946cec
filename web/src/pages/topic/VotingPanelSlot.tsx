import type { TopicDto } from '../../../../common/api/topics.js';
import { useLiveRanking, VotingPanel } from '../../features/voting/index.js';

/** The topic page's voting panel; while it is shown the ranking and the voter count update live. */
export function VotingPanelSlot({ topic }: { topic: TopicDto }) {
  useLiveRanking(topic.id);
  return <VotingPanel topicId={topic.id} linkToVotePage />;
}
