import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { UserMenu, useAuth, useAuthDialog } from '../../features/auth/index.js';
import { LanguageMenu } from '../../features/i18n/index.js';
import { useHydrated } from '../../shared/hooks/useHydrated.js';
import { Button } from '../../shared/ui/Button.js';
import { PodiumIcon } from '../../shared/ui/icons.js';
import { HeaderSearchSlot } from './HeaderSearchSlot.js';
import './header.css';

export function Header() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  // The signed-in person is known in the browser only: the server's HTML (and the render that hydrates
  // it) holds a placeholder of the buttons' size, completed once the session is read.
  const hydrated = useHydrated();
  const settled = hydrated && !isLoading;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <PodiumIcon />
          <span>{t('app.brand')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.main')}>
          <NavLink to="/" end className="site-nav__link">
            {t('nav.home')}
          </NavLink>
          {settled && user && (
            <NavLink to="/profile" className="site-nav__link">
              {t('nav.profile')}
            </NavLink>
          )}
        </nav>
        <div className="site-header__search">
          <HeaderSearchSlot />
        </div>
        <div className="site-header__language">
          <LanguageMenu />
        </div>
        <div className="site-header__actions" data-focus-region>
          {!settled && <span className="site-header__actions-placeholder" aria-hidden="true" />}
          {settled && user && <UserMenu user={user} />}
          {settled && !user && (
            <>
              <Button variant="ghost" size="sm" onClick={() => openAuthDialog('login')}>
                {t('nav.login')}
              </Button>
              <Button variant="primary" size="sm" onClick={() => openAuthDialog('register')}>
                {t('nav.register')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
