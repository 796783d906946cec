import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QuarantineReason } from '../../../../../common/api/ballot-counting.js';
import type { BurstFlagDto } from '../../../../../common/api/integrity.js';
import { errorMessage } from '../../../shared/api/index.js';
import { formatDateTime, formatDateTimeRange } from '../../../shared/format/date-time.js';
import { AdminTable, type AdminTableQuery } from '../../../shared/ui/AdminTable.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { useDeactivateAccounts, useDismissFlag, useRestoreBallots } from '../api/integrity.js';
import { BallotStateBadge } from './BallotStateBadge.js';
import { formatDuration, spanBetween } from './durations.js';
import { QuarantineDialog, type QuarantineRequest } from './QuarantineDialog.js';

/** What the detector saw becomes the quarantine's reason unless the administrator picks another. */
const REASON_OF_KIND: Record<BurstFlagDto['kind'], QuarantineReason> = {
  network: 'shared_network',
  fresh_accounts: 'fresh_accounts',
};

/** Open, closed (none of its ballots counts any more) or dismissed by an administrator. */
function FlagStatus({ flag }: { flag: BurstFlagDto }) {
  const { t, i18n } = useTranslation();
  if (flag.dismissedAt)
    return (
      <Badge tone="neutral">
        {t('integrity.flag.dismissed', { when: formatDateTime(flag.dismissedAt, i18n.language) })}
      </Badge>
    );
  return flag.open ? (
    <Badge tone="danger">{t('integrity.flag.open')}</Badge>
  ) : (
    <Badge tone="success">{t('integrity.flag.closed')}</Badge>
  );
}

/** What the detector saw, in one sentence: how many ballots, for what, how fast, and what they share. */
export function useFlagSentence() {
  const { t, i18n } = useTranslation();
  return (flag: BurstFlagDto) => {
    const params = {
      count: flag.ballots.length,
      name: flag.proposition.name,
      duration: formatDuration(spanBetween(flag.firstCastAt, flag.lastCastAt), i18n.language),
    };
    if (flag.kind === 'network')
      return t('integrity.flag.network', { ...params, network: flag.network ?? '' });
    const created = flag.ballots.map((ballot) => ballot.accountCreatedAt).sort();
    const spread = spanBetween(created[0] ?? flag.firstCastAt, created.at(-1) ?? flag.firstCastAt);
    return t('integrity.flag.freshAccounts', { ...params, spread: formatDuration(spread, i18n.language) });
  };
}

/**
 * One flag: what was seen, its status, its ballots (who, how old the account was, when, whether it
 * counts) and what an administrator can do about them, all at once or ballot by ballot. `query` is the
 * screen's, whose answer holds the flag. `onDone` says what an action did.
 */
export function FlagCard({
  flag,
  query,
  onDone,
}: {
  flag: BurstFlagDto;
  query: AdminTableQuery;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const sentence = useFlagSentence()(flag);
  const heading = useRef<HTMLHeadingElement>(null);
  const [acted, setActed] = useState(0);
  const done = (message: string) => {
    onDone(message);
    setActed((count) => count + 1);
  };
  // An action can take away the button that had the keyboard (nothing left to quarantine, the flag
  // dismissed) once the screen is read again: then the keyboard goes to the card's heading, not the page's top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the flag is read again after an action.
  useEffect(() => {
    if (acted > 0 && (document.activeElement === null || document.activeElement === document.body))
      heading.current?.focus();
  }, [acted, flag]);
  const restore = useRestoreBallots();
  const deactivate = useDeactivateAccounts();
  const dismiss = useDismissFlag();
  const [quarantining, setQuarantining] = useState<QuarantineRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const counted = flag.ballots.filter((ballot) => ballot.state === 'counted');
  const quarantined = flag.ballots.filter((ballot) => ballot.state === 'quarantined');
  const activeAccounts = [...new Set(flag.ballots.filter((b) => b.accountActive).map((b) => b.userId))];
  const headingId = `flag-${flag.id}`;

  const restoreBallots = (ballotIds: number[]) =>
    restore.mutate(
      { ballotIds },
      { onSuccess: ({ changed }) => done(t('integrity.done.restored', { count: changed })) },
    );

  const askDeactivate = () =>
    setConfirm({
      title: t('integrity.deactivate.title'),
      message: t('integrity.deactivate.message', { count: activeAccounts.length }),
      confirmLabel: t('integrity.deactivate.confirm', { count: activeAccounts.length }),
      danger: true,
      errorKey: 'integrity.error.action',
      onConfirm: async () => {
        await deactivate.mutateAsync(activeAccounts);
        done(t('integrity.done.deactivated', { count: activeAccounts.length }));
      },
    });

  const askDismiss = () =>
    setConfirm({
      title: t('integrity.dismiss.title'),
      message: t('integrity.dismiss.message'),
      confirmLabel: t('integrity.dismiss.confirm'),
      errorKey: 'integrity.error.action',
      onConfirm: async () => {
        await dismiss.mutateAsync(flag.id);
        done(t('integrity.done.dismissed', { name: flag.proposition.name }));
      },
    });

  return (
    <article
      className={`flag-card${flag.open ? ' flag-card--open' : ''}`}
      aria-labelledby={headingId}
      // After an action its button may be gone (nothing left to quarantine): focus stays in the card.
      data-focus-region
    >
      <div className="flag-card__top">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="flag-card__title">
          {t('integrity.flag.heading', { name: flag.proposition.name })}
        </h3>
        <FlagStatus flag={flag} />
      </div>
      <p className="flag-card__sentence">{sentence}</p>
      <p className="flag-card__when">
        {formatDateTimeRange(flag.firstCastAt, flag.lastCastAt, i18n.language)}
      </p>

      <div className="flag-card__actions">
        {counted.length > 0 && (
          <Button
            variant="danger"
            onClick={() =>
              setQuarantining({
                ballotIds: counted.map((ballot) => ballot.ballotId),
                reason: REASON_OF_KIND[flag.kind],
                description: t('integrity.quarantine.flagBallots', { count: counted.length, sentence }),
              })
            }
          >
            {t('integrity.action.quarantineAll', { count: counted.length })}
          </Button>
        )}
        {quarantined.length > 0 && (
          <Button
            disabled={restore.isPending}
            onClick={() => restoreBallots(quarantined.map((ballot) => ballot.ballotId))}
          >
            {t('integrity.action.restoreAll', { count: quarantined.length })}
          </Button>
        )}
        {activeAccounts.length > 0 && (
          <Button onClick={askDeactivate}>
            {t('integrity.action.deactivate', { count: activeAccounts.length })}
          </Button>
        )}
        {flag.open && <Button onClick={askDismiss}>{t('integrity.action.dismiss')}</Button>}
      </div>
      {restore.isError && (
        <Alert tone="error" onDismiss={() => restore.reset()}>
          {errorMessage(t, restore.error, 'integrity.error.action')}
        </Alert>
      )}

      <AdminTable
        label={t('integrity.flag.ballots', { name: flag.proposition.name })}
        columns={[
          t('integrity.ballots.col.person'),
          t('integrity.ballots.col.accountAge'),
          t('integrity.ballots.col.cast'),
          t('integrity.ballots.col.state'),
        ]}
        rowActions
        query={query}
        loadErrorKey="integrity.error.load"
        rows={flag.ballots}
        rowKey={(ballot) => ballot.ballotId}
        empty={{ text: t('integrity.flag.noBallots') }}
      >
        {(ballot) => (
          <tr>
            <AdminTable.RowHeader>
              <Link to={`/admin/users/${ballot.userId}/ballots`} state={{ username: ballot.username }}>
                @{ballot.username}
              </Link>
              {!ballot.accountActive && (
                <AdminTable.Detail>{t('integrity.ballots.deactivated')}</AdminTable.Detail>
              )}
            </AdminTable.RowHeader>
            <AdminTable.Cell kind="figure">
              {formatDuration(spanBetween(ballot.accountCreatedAt, ballot.castAt), i18n.language)}
            </AdminTable.Cell>
            <AdminTable.Cell kind="figure">{formatDateTime(ballot.castAt, i18n.language)}</AdminTable.Cell>
            <AdminTable.Cell>
              <BallotStateBadge state={ballot.state} reason={ballot.quarantineReason} />
            </AdminTable.Cell>
            <AdminTable.Actions>
              {ballot.state === 'quarantined' ? (
                <Button
                  size="sm"
                  disabled={restore.isPending}
                  aria-label={t('integrity.action.restoreOf', { username: ballot.username })}
                  onClick={() => restoreBallots([ballot.ballotId])}
                >
                  {t('integrity.action.restore')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  aria-label={t('integrity.action.quarantineOf', { username: ballot.username })}
                  onClick={() =>
                    setQuarantining({
                      ballotIds: [ballot.ballotId],
                      reason: REASON_OF_KIND[flag.kind],
                      description: t('integrity.quarantine.oneBallot', {
                        username: ballot.username,
                        name: flag.proposition.name,
                      }),
                    })
                  }
                >
                  {t('integrity.action.quarantine')}
                </Button>
              )}
            </AdminTable.Actions>
          </tr>
        )}
      </AdminTable>

      <QuarantineDialog
        request={quarantining}
        onClose={() => setQuarantining(null)}
        onDone={(changed) => done(t('integrity.done.quarantined', { count: changed }))}
      />
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </article>
  );
}
