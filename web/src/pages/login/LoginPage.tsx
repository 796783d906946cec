import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useLocation } from 'react-router';
import { AuthForm, type AuthMode, useAuth } from '../../features/auth/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { CardPage } from '../../shared/ui/CardPage.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';

interface LoginState {
  from?: Location;
  sessionEnded?: boolean;
}

/** Where guards and an ended session send people; once signed in, back to the page they wanted. */
export function LoginPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const [mode, setMode] = useState<AuthMode>('login');
  const title = t(mode === 'register' ? 'auth.register.title' : 'page.login.title');
  useDocumentTitle(title);

  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={state.from ?? '/'} replace />;

  return (
    <CardPage title={title} className="login-page">
      {state.sessionEnded && <Alert tone="info">{t('auth.sessionEnded')}</Alert>}
      <AuthForm key={mode} mode={mode} onModeChange={setMode} />
    </CardPage>
  );
}
