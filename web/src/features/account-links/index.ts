import '../../shared/ui/stacked-form.css';
import './components/account-links.css';

export { EmailStatusBadge, ResendVerification } from './components/EmailConfirmation.js';
export { EmailVerification } from './components/EmailVerification.js';
export { NewPasswordForm } from './components/NewPasswordForm.js';
export { PasswordResetRequestForm } from './components/PasswordResetRequestForm.js';
export type { PasswordResetDoneState } from './types.js';
