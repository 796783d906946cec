export { topicKeys } from './api/keys.js';
export { useMainTopic, useMainTopicFilter } from './api/main-topic.js';
export { fetchPopularTopics, type PopularParams, usePopularTopics } from './api/popular-topics.js';
export { useTopicRanking } from './api/ranking.js';
export { useTopic } from './api/topic.js';
export { MedalIcon } from './components/MedalIcon.js';
export { RankingList, type RankingListProps } from './components/RankingList.js';
export { TagFilter } from './components/TagFilter.js';
export { TagList, TopicCard, TopicGrid, useTopicTitle } from './components/TopicCard.js';
