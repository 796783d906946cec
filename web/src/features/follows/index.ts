import './components/follows.css';

export { followKeys } from './api/follows.js';
export { FollowButton } from './components/FollowButton.js';
export { FollowedTopics } from './components/FollowedTopics.js';
