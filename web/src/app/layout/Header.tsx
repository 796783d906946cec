import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { UserMenu, useAuth, useAuthDialog } from '../../features/auth/index.js';
import { LanguageMenu } from '../../features/i18n/index.js';
import { Button } from '../../shared/ui/Button.js';
import { PodiumIcon } from '../../shared/ui/icons.js';
import { HeaderSearchSlot } from './HeaderSearchSlot.js';
import './header.css';

export function Header() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();

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
          {user && (
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
          {user && <UserMenu user={user} />}
          {!user && !isLoading && (
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
