import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/hooks/useNumberFormat.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { usePendingProposals } from '../api/proposals.js';

/**
 * How many proposals await review, beside a way to the review queue (the admin panel's entry, its card);
 * nothing while there are none. The figure is shown, the words are read.
 */
export function PendingProposalsCount() {
  const { t } = useTranslation();
  const { number } = useNumberFormat();
  const pending = usePendingProposals().data?.pending ?? 0;
  if (pending === 0) return null;
  return (
    <span className="pending-count">
      <Badge tone="brand">
        <span aria-hidden="true">{number(pending)}</span>
        <span className="visually-hidden">{t('adminProposals.pending', { count: pending })}</span>
      </Badge>
    </span>
  );
}
