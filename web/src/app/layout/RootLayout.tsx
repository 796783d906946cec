import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AuthDialogProvider, SessionSync, WelcomeNotice } from '../../features/auth/index.js';
import { LanguageNoticeBanner, LanguageUrlSync } from '../../features/i18n/index.js';
import { scrollToFragment } from '../../shared/hooks/useScrollToFragment.js';
import { Header } from './Header.js';
import './layout.css';

/** Frame of every page: skip link, header, notices, the routed page. */
export function RootLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // A client-side navigation loads no document, so do what a page load would: top of the page (or the
  // section its fragment names, /methodology#too-close), focus on the new content (screen readers then
  // read from there).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!scrollToFragment(window.location.hash)) window.scrollTo(0, 0);
    if (pathname && !document.activeElement?.closest('dialog[open]'))
      mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AuthDialogProvider>
      <SessionSync />
      <LanguageUrlSync />
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main">
        <div className="site-main__notices">
          <LanguageNoticeBanner />
          <WelcomeNotice />
        </div>
        <Outlet />
      </main>
    </AuthDialogProvider>
  );
}
