export { AuthDialogProvider } from './components/AuthDialogProvider.js';
export { useAuthDialog } from './components/auth-dialog-context.js';
export { RequireAdmin, RequireAuth } from './components/guards.js';
export { AuthForm } from './components/LazyAuthForm.js';
export { SessionSync } from './components/SessionSync.js';
export { UserMenu } from './components/UserMenu.js';
export { WelcomeNotice } from './components/WelcomeNotice.js';
export { sessionQueryKey, useAuth, useLogout, useStartSession } from './session.js';
export type { AuthMode, ResetPasswordState, UserDto } from './types.js';
