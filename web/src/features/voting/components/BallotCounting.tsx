import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BallotCountingDto } from '../../../../../common/api/ballot-counting.js';
import { methodologyHref } from '../../../../../common/routes.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
import { Alert } from '../../../shared/ui/Alert.js';

/** Where the methodology page says which ballots count and why one may wait. */
const HOW_BALLOTS_COUNT = methodologyHref('cast-and-counted');

/**
 * My ballot, kept but not counted (issue 36): what it waits for, or that a moderator holds it back. Said
 * as a status, not an error: nothing is lost, and the ballot counts by itself once its rule is met.
 * Nothing for a counted ballot. `ref` takes the keyboard to it after a save that it answers.
 */
export function BallotCounting({
  counting,
  ref,
}: {
  counting: BallotCountingDto;
  ref?: Ref<HTMLDivElement> | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (counting.state === 'counted') return null;
  let text: string;
  let link: { to: string; label: string } | undefined;
  const howBallotsCount = { to: HOW_BALLOTS_COUNT, label: t('vote.counting.howCounted') };
  if (counting.state === 'quarantined') {
    text = t('vote.counting.quarantined');
    link = howBallotsCount;
  } else if (counting.heldFor === 'account_age' && counting.countsFrom !== null) {
    text = t('vote.counting.accountAge', { date: formatDateTime(counting.countsFrom, i18n.language) });
    link = howBallotsCount;
  } else if (counting.heldFor === 'unconfirmed_email') {
    text = t('vote.counting.unconfirmedEmail');
    // The profile says the address and sends its confirmation link again.
    link = { to: '/profile', label: t('vote.counting.confirmEmail') };
  } else if (counting.heldFor === 'inactive_account') {
    text = t('vote.counting.inactiveAccount');
  } else {
    // Its rule is met (the account came of age, say): the next count takes it, within minutes.
    text = t('vote.counting.soon');
  }
  return (
    <div ref={ref} tabIndex={-1} className="vote-counting">
      <Alert tone="info">
        <p className="vote-counting__text">{text}</p>
        {link && (
          <Link to={link.to} className="vote-counting__link">
            {link.label}
          </Link>
        )}
      </Alert>
    </div>
  );
}
