import './components/profile.css';

export { AccountDataCard } from './components/AccountDataCard.js';
export { MyVotes } from './components/MyVotes.js';
export { PasswordForm } from './components/PasswordForm.js';
export { ProfileForm } from './components/ProfileForm.js';
export type { AccountDeletedState } from './types.js';
