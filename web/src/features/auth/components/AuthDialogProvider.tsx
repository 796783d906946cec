import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useAuth } from '../session.js';
import type { AuthMode } from '../types.js';
import { AuthDialogContext } from './auth-dialog-context.js';
import { AuthForm, loadAuthForm } from './LazyAuthForm.js';

/** Runs `work` once the browser has nothing else to do (a timeout where requestIdleCallback is missing). */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1000);
  return () => clearTimeout(id);
}

/** Hosts the one auth dialog of the app; it closes by itself once someone is signed in. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [welcome, setWelcome] = useState<string | null>(null);

  useEffect(() => {
    if (user) setMode(null);
  }, [user]);

  // The form is out of the first load; it arrives while the page is idle, before anyone opens the dialog.
  useEffect(() => whenIdle(() => void loadAuthForm()), []);

  const controls = useMemo(
    () => ({
      openAuthDialog: (next: AuthMode) => setMode(next),
      closeAuthDialog: () => setMode(null),
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
        {mode && (
          <Suspense fallback={<Spinner />}>
            <AuthForm key={mode} mode={mode} onModeChange={setMode} />
          </Suspense>
        )}
      </Dialog>
    </AuthDialogContext.Provider>
  );
}
