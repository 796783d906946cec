import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { UserMenu, useAuth, useAuthDialog } from '../../features/auth/index.js';
import { LanguageMenu } from '../../features/i18n/index.js';
import { useHydrated } from '../../shared/hooks/useHydrated.js';
import { Button } from '../../shared/ui/Button.js';
import { PodiumIcon } from '../../shared/ui/icons.js';
import { HeaderSearchSlot } from './HeaderSearchSlot.js';
import './header.css';

// For administrators, once the account menu is open: the counts of what waits for them (proposals to
// review, bursts to look at) stay out of the first load.
const PendingProposalsCount = lazy(() =>
  import('../../features/admin-proposals/index.js').then((m) => ({ default: m.PendingProposalsCount })),
);
const OpenFlagsCount = lazy(() =>
  import('../../features/admin-integrity/index.js').then((m) => ({ default: m.OpenFlagsCount })),
);
// The bell, its panel and its live stream: signed-in people only, so out of the first load.
const NotificationBell = lazy(() =>
  import('../../features/notifications/index.js').then((m) => ({ default: m.NotificationBell })),
);

/**
 * The signed-in person once known: the server's HTML (and the render that hydrates it) cannot know it.
 * Read in the small parts that show it, so the render that completes them after hydration (a
 * synchronous one) redraws those parts only, not the search box and the language menu.
 */
function useSettledUser() {
  const { user, isLoading } = useAuth();
  const hydrated = useHydrated();
  return { settled: hydrated && !isLoading, user };
}

function ProfileLink() {
  const { t } = useTranslation();
  const { settled, user } = useSettledUser();
  if (!settled || !user) return null;
  return (
    <NavLink to="/profile" className="site-nav__link">
      {t('nav.profile')}
    </NavLink>
  );
}

/** Sign-in buttons or the user menu; until then a placeholder of the buttons' size. */
function AccountCorner() {
  const { t } = useTranslation();
  const { settled, user } = useSettledUser();
  const { openAuthDialog } = useAuthDialog();
  if (!settled) return <span className="site-header__actions-placeholder" aria-hidden="true" />;
  if (user) {
    return (
      <>
        <Suspense fallback={<span className="site-header__bell-placeholder" aria-hidden="true" />}>
          <NotificationBell userId={user.id} />
        </Suspense>
        <UserMenu
          user={user}
          adminBadge={
            user.isAdmin && (
              <Suspense fallback={null}>
                <PendingProposalsCount />
                <OpenFlagsCount />
              </Suspense>
            )
          }
        />
      </>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => openAuthDialog('login')}>
        {t('nav.login')}
      </Button>
      <Button variant="primary" size="sm" onClick={() => openAuthDialog('register')}>
        {t('nav.register')}
      </Button>
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
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
          <ProfileLink />
        </nav>
        <div className="site-header__search">
          <HeaderSearchSlot />
        </div>
        <div className="site-header__language">
          <LanguageMenu />
        </div>
        <div className="site-header__actions" data-focus-region>
          <AccountCorner />
        </div>
      </div>
    </header>
  );
}
