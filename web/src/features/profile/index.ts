import './components/profile.css';

export { MyVotes } from './components/MyVotes.js';
export { PasswordForm } from './components/PasswordForm.js';
export { ProfileForm } from './components/ProfileForm.js';
