import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { Language } from '../../../common/constants.js';
import { LanguageProvider } from '../features/i18n/index.js';
import { AppRoutes } from './router.js';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** Set for a server-rendered page: the language it was rendered in (see LanguageProvider). */
  initialLanguage?: Language;
  /** The server render's own i18next instance. */
  i18n?: I18n;
  children: ReactNode;
}

/** Everything around the router, the same in the browser and on the server. */
export function AppProviders({ queryClient, initialLanguage, i18n, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initialLanguage={initialLanguage} instance={i18n}>
        {children}
      </LanguageProvider>
    </QueryClientProvider>
  );
}

/** The app in the browser. */
export function App({
  queryClient,
  initialLanguage,
}: {
  queryClient: QueryClient;
  initialLanguage?: Language;
}) {
  return (
    <AppProviders queryClient={queryClient} initialLanguage={initialLanguage}>
      {/* Plain state updates (no transitions) so a navigation commits before the session changes. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
