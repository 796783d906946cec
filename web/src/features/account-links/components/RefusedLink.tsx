import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../shared/ui/Alert.js';
import { buttonClasses } from '../../../shared/ui/Button.js';

/**
 * What a mailed link that the server refused shows (unknown, used or expired: one text for all three),
 * and the way to a new one. `takeFocus` when it replaces what the person was using (the form they sent).
 */
export function RefusedLink({
  to,
  label,
  takeFocus = false,
}: {
  to: string;
  label: string;
  takeFocus?: boolean;
}) {
  const { t } = useTranslation();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (takeFocus) link.current?.focus();
  }, [takeFocus]);
  return (
    <>
      <Alert tone="error">{t('error.INVALID_LINK')}</Alert>
      <p>
        <Link ref={link} to={to} className={buttonClasses({ variant: 'primary' })}>
          {label}
        </Link>
      </p>
    </>
  );
}
