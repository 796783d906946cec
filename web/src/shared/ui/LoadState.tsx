import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert.js';
import { Button } from './Button.js';
import { Spinner } from './Spinner.js';
import './load-state.css';

/**
 * Where a section's content will show: a spinner while it loads; once `error` is given, the problem
 * and, with `onRetry`, a Try Again button. `align` follows the section (its heading's edge, or centred).
 */
export function LoadState({
  error,
  onRetry,
  align = 'center',
}: {
  error?: ReactNode;
  onRetry?: () => void;
  align?: 'start' | 'center';
}) {
  const { t } = useTranslation();
  return (
    <div className={`load-state load-state--${align}`}>
      {error === undefined ? (
        <Spinner />
      ) : (
        <>
          <Alert tone="error">{error}</Alert>
          {onRetry && (
            <Button variant="primary" onClick={onRetry}>
              {t('browse.tryAgain')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
