import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '../../../../../common/routes.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { BellIcon } from '../../../shared/ui/icons.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import { useMarkAllRead, useNotifications, useUnreadCount } from '../api/notifications.js';
import { badgeText } from '../badge.js';
import { useNotificationStream } from '../live.js';
import { NotificationItem } from './NotificationItem.js';

/** What takes the focus when clicked: a click outside the panel on one of these keeps it there. */
const CONTROLS =
  'a[href], button, input, select, textarea, summary, label, [contenteditable], [role="button"]';

/** How many the bell's panel lists; the page lists them all. */
export const PANEL_SIZE = 10;

/**
 * The header's bell for a signed-in person (decision 035): the unread count as a badge (none at 0), and a
 * panel of the newest notifications, opened by the button (Enter, Space, a click): focus moves into it;
 * Escape, a click outside or a followed link close it, and focus goes back to the bell. It holds the
 * tab's one live stream, so the count moves without a reload on every page.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useNotificationStream(userId, language);
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const badge = badgeText(unread, language);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  // Focus goes to the panel itself: its title is read, and Tab goes on to the first notification.
  useLayoutEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element;
      if (rootRef.current?.contains(target)) return;
      setOpen(false);
      // Back to the bell, unless the click was on a control of its own (a field, a button, a link).
      if (!target.closest?.(CONTROLS)) setTimeout(() => buttonRef.current?.focus());
    };
    const root = rootRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Keep an enclosing layer open: Escape closes only the innermost one.
      event.stopPropagation();
      close(true);
    };
    // Tabbing out of the panel closes it, as it would leave a menu.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root?.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    root?.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      root?.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close]);

  const label =
    unread === 0 ? t('notifications.bell.labelNone') : t('notifications.bell.label', { count: unread });
  return (
    <div className="notification-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-button notification-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        {badge && (
          <span className="notification-bell__badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          ref={panelRef}
          className="notification-panel"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <NotificationPanel titleId={titleId} unread={unread} onFollow={() => close(false)} />
        </div>
      )}
    </div>
  );
}

function NotificationPanel({
  titleId,
  unread,
  onFollow,
}: {
  titleId: string;
  unread: number;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const list = useNotifications(language, PANEL_SIZE);
  const markAll = useMarkAllRead();
  return (
    <>
      <div className="notification-panel__head">
        <h2 id={titleId} className="notification-panel__title">
          {t('notifications.panel.title')}
        </h2>
        {unread > 0 && (
          <Button size="sm" variant="ghost" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      {markAll.isError && (
        <Alert tone="error">{errorMessage(t, markAll.error, 'notifications.markError')}</Alert>
      )}
      {list.isPending && <Spinner />}
      {list.isError && <Alert tone="error">{errorMessage(t, list.error, 'notifications.error')}</Alert>}
      {list.isSuccess && list.data.notifications.length === 0 && (
        <p className="notification-panel__empty">{t('notifications.empty')}</p>
      )}
      {list.isSuccess && list.data.notifications.length > 0 && (
        <ul className="notification-list">
          {list.data.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onFollow={onFollow} />
          ))}
        </ul>
      )}
      <Link to={CLIENT_ROUTES.notifications.path} className="notification-panel__all" onClick={onFollow}>
        {t('notifications.seeAll')}
      </Link>
    </>
  );
}
