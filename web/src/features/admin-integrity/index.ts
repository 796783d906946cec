import './components/admin-integrity.css';

export { TIMELINE_PERIODS, useTopicIntegrity, useUserBallots } from './api/integrity.js';
export { FlaggedTopics } from './components/FlaggedTopics.js';
export { OpenFlagsCount } from './components/OpenFlagsCount.js';
export { TopicIntegrity, useTimelinePeriod } from './components/TopicIntegrity.js';
export { UserBallots } from './components/UserBallots.js';
