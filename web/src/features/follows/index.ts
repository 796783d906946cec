import './components/follows.css';

export { FollowButton } from './components/FollowButton.js';
export { FollowedTopics } from './components/FollowedTopics.js';
