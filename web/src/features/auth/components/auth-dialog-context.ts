import { createContext, useContext } from 'react';
import type { AuthMode } from '../types.js';

export interface AuthDialogControls {
  openAuthDialog: (mode: AuthMode) => void;
  /** Closes the dialog before a link inside it leads to another page ("Forgot password?"). */
  closeAuthDialog: () => void;
  /** The username of someone who has just registered, until they dismiss the welcome. */
  welcome: string | null;
  welcomeNewcomer: (username: string) => void;
  dismissWelcome: () => void;
}

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Lets any page open the login or register dialog (e.g. the voting panel's "log in to vote"). */
export function useAuthDialog(): AuthDialogControls {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
}
