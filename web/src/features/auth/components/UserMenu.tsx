import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '../../../shared/ui/Menu.js';
import { useLogout } from '../session.js';
import type { UserDto } from '../types.js';
import './user-menu.css';

/**
 * Header account menu: who is signed in, profile, the admin panel for administrators (with `adminBadge`
 * beside it: what waits for them there), logout.
 */
export function UserMenu({ user, adminBadge }: { user: UserDto; adminBadge?: ReactNode }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Menu
      // The name starts with the username the button shows (WCAG 2.5.3, label in name).
      label={t('userMenu.button', { name: user.username })}
      triggerClassName="header-button user-menu__trigger"
      trigger={
        <>
          {/* The initial is drawn by CSS: as text it would be part of the button's visible label, which
              its accessible name must then contain (WCAG 2.5.3). */}
          <span
            className="user-menu__avatar"
            data-initial={user.username.slice(0, 1).toUpperCase()}
            aria-hidden="true"
          />
          <span className="user-menu__name">{user.username}</span>
        </>
      }
      header={
        <div className="user-menu__identity">
          <strong className="user-menu__username">{user.username}</strong>
          <span className="user-menu__email">{user.email}</span>
        </div>
      }
    >
      <MenuLink to="/profile">{t('nav.profile')}</MenuLink>
      {user.isAdmin && (
        <MenuLink to="/admin">
          {t('nav.adminPanel')}
          {adminBadge}
        </MenuLink>
      )}
      <MenuSeparator />
      <MenuItem onSelect={() => void logout()}>{t('nav.logout')}</MenuItem>
    </Menu>
  );
}
