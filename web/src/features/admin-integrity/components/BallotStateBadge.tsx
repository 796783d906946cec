import { useTranslation } from 'react-i18next';
import type { BallotState, QuarantineReason } from '../../../../../common/api/ballot-counting.js';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge.js';

const TONES: Record<BallotState, BadgeTone> = { counted: 'success', held: 'neutral', quarantined: 'danger' };

/** Whether a ballot counts, in words: counted, held by a rule, or quarantined and why. */
export function BallotStateBadge({ state, reason }: { state: BallotState; reason: QuarantineReason | null }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONES[state]}>
      {state === 'quarantined' && reason
        ? t('integrity.state.quarantinedFor', { reason: t(`integrity.reason.${reason}`) })
        : t(`integrity.state.${state}`)}
    </Badge>
  );
}
