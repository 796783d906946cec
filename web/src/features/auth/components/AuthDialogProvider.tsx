import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { useAuth } from '../session.js';
import type { AuthMode } from '../types.js';
import { AuthForm } from './AuthForm.js';
import { AuthDialogContext } from './auth-dialog-context.js';

/** Hosts the one auth dialog of the app; it closes by itself once someone is signed in. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [welcome, setWelcome] = useState<string | null>(null);

  useEffect(() => {
    if (user) setMode(null);
  }, [user]);

  const controls = useMemo(
    () => ({
      openAuthDialog: (next: AuthMode) => setMode(next),
      welcome,
      welcomeNewcomer: setWelcome,
      dismissWelcome: () => setWelcome(null),
    }),
    [welcome],
  );

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      <Dialog
        open={mode !== null && !user}
        onClose={() => setMode(null)}
        title={t(mode === 'register' ? 'auth.register.title' : 'auth.login.title')}
      >
        {mode && <AuthForm key={mode} mode={mode} onModeChange={setMode} />}
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
