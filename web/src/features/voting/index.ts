export { useSaveVotes } from './api/save-votes.js';
export { useUserVotes } from './api/user-votes.js';
export { MedalButtons, useMedalActions } from './components/MedalButtons.js';
export { VotableRanking, type VotableRankingProps } from './components/VotableRanking.js';
export { VotingPanel, type VotingPanelProps } from './components/VotingPanel.js';
export { useLiveRanking } from './hooks/useLiveRanking.js';
