import '../../shared/ui/stacked-form.css';
import './components/account-links.css';

export { isInvalidLink } from './api/account-links.js';
export { EmailChangeCancellation } from './components/EmailChangeCancellation.js';
export { EmailChangeConfirmation } from './components/EmailChangeConfirmation.js';
export { EmailStatusBadge, ResendVerification } from './components/EmailConfirmation.js';
export { EmailVerification } from './components/EmailVerification.js';
export { NewPasswordForm } from './components/NewPasswordForm.js';
export { PasswordResetRequestForm } from './components/PasswordResetRequestForm.js';
export { PendingEmailChange } from './components/PendingEmailChange.js';
export type { PasswordResetDoneState } from './types.js';
