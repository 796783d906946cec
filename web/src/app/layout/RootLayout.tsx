import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthDialogProvider, SessionSync } from '../../features/auth/index.js';
import { LanguageNoticeBanner, LanguageUrlSync } from '../../features/i18n/index.js';
import { Header } from './Header.js';
import './layout.css';

/** Frame of every page: skip link, header, notices, the routed page. */
export function RootLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // A client-side navigation changes no document, so move focus to the new content as a page load would.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!pathname) return;
    if (document.activeElement?.closest('dialog[open]')) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AuthDialogProvider>
      <SessionSync />
      <LanguageUrlSync />
      <ScrollRestoration />
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <div className="site-main__notices">
          <LanguageNoticeBanner />
        </div>
        <Outlet />
      </main>
    </AuthDialogProvider>
  );
}
