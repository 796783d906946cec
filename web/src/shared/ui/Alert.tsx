import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.js';
import './alert.css';

export type AlertTone = 'error' | 'success' | 'info';

/**
 * An inline message. Errors interrupt screen readers (role=alert); other tones wait their turn.
 */
export function Alert({
  tone = 'info',
  children,
  onDismiss,
}: {
  tone?: AlertTone;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert__body">{children}</div>
      {onDismiss && (
        <button
          type="button"
          className="icon-button alert__dismiss"
          aria-label={t('action.dismiss')}
          onClick={onDismiss}
        >
          <CloseIcon width="16" height="16" />
        </button>
      )}
    </div>
  );
}
