import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useLocation } from 'react-router';
import { AuthForm, type AuthMode, useAuth } from '../../features/auth/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import './login.css';

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
    <section className="page login-page">
      <div className="login-page__card">
        <h1 className="page__title">{title}</h1>
        {state.sessionEnded && <Alert tone="info">{t('auth.sessionEnded')}</Alert>}
        <AuthForm key={mode} mode={mode} onModeChange={setMode} />
      </div>
    </section>
  );
}
