import './components/admin-proposals.css';

export { PendingProposalsCount } from './components/PendingProposalsCount.js';
export { ProposalQueue } from './components/ProposalQueue.js';
