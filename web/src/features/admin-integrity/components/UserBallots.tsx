import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserBallotsData } from '../../../../../common/api/integrity.js';
import { errorMessage } from '../../../shared/api/index.js';
import { formatDateTime } from '../../../shared/format/date-time.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Button } from '../../../shared/ui/Button.js';
import { type ConfirmRequest, ConfirmRequestDialog } from '../../../shared/ui/ConfirmDialog.js';
import { LoadState } from '../../../shared/ui/LoadState.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useAuth } from '../../auth/index.js';
import { useLanguage } from '../../i18n/index.js';
import { useDeactivateAccounts, useRestoreBallots, useUserBallots } from '../api/integrity.js';
import { BallotStateBadge } from './BallotStateBadge.js';
import { QuarantineDialog, type QuarantineRequest } from './QuarantineDialog.js';

type UserBallot = UserBallotsData['ballots'][number];

/**
 * /admin/users/:id/ballots: each of a person's ballots, its topic and whether it counts, with every
 * version newest first (when, why, the places it gave, the network it came from while kept), and a
 * quarantine or a restore for each; the account itself may be deactivated from here too, as from a flag.
 */
export function UserBallots({ userId, username }: { userId: number; username: string | undefined }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const ballots = useUserBallots(userId, language);
  const restore = useRestoreBallots();
  const deactivate = useDeactivateAccounts();
  // As on the users table, an administrator does not deactivate themself.
  const isSelf = useAuth().user?.id === userId;
  const [quarantining, setQuarantining] = useState<QuarantineRequest | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const who = username ? `@${username}` : t('integrity.userBallots.someone');
  const askQuarantine = (ballot: UserBallot) =>
    setQuarantining({
      ballotIds: [ballot.ballotId],
      reason: 'abuse',
      description: t('integrity.quarantine.userBallot', { who, topic: ballot.topic.title }),
    });

  const askDeactivate = (account: UserBallotsData['account']) =>
    setConfirm({
      title: t('integrity.deactivate.title'),
      message: t('integrity.userBallots.deactivateMessage', { who: `@${account.username}` }),
      confirmLabel: t('integrity.deactivate.confirm_one'),
      danger: true,
      errorKey: 'integrity.error.action',
      onConfirm: async () => {
        await deactivate.mutateAsync([userId]);
        setStatus(t('integrity.done.deactivated', { count: 1 }));
      },
    });

  return (
    <div className="admin-screen integrity-screen">
      <StatusMessage message={status} />
      {ballots.data && !isSelf && (
        <div className="flag-card__actions">
          {ballots.data.account.isActive ? (
            <Button onClick={() => askDeactivate(ballots.data.account)}>
              {t('integrity.action.deactivate_one')}
            </Button>
          ) : (
            <p className="integrity-muted">{t('integrity.userBallots.accountDeactivated')}</p>
          )}
        </div>
      )}
      {restore.isError && (
        <Alert tone="error" onDismiss={() => restore.reset()}>
          {errorMessage(t, restore.error, 'integrity.error.action')}
        </Alert>
      )}
      {ballots.isPending ? (
        <LoadState align="start" />
      ) : ballots.isError ? (
        <LoadState
          align="start"
          error={errorMessage(t, ballots.error, 'integrity.error.load')}
          onRetry={() => void ballots.refetch()}
        />
      ) : ballots.data.ballots.length === 0 ? (
        <p className="integrity-muted">{t('integrity.userBallots.empty')}</p>
      ) : (
        <ul className="user-ballots">
          {ballots.data.ballots.map((ballot) => (
            <li key={ballot.ballotId} className="card user-ballot">
              <div className="flag-card__top">
                <h2 className="flag-card__title">
                  <Link to={`/topic/${ballot.topic.slug || ballot.topic.id}`}>{ballot.topic.title}</Link>
                </h2>
                <BallotStateBadge state={ballot.state} reason={ballot.quarantineReason} />
              </div>
              <BallotVersions ballot={ballot} />
              <div className="flag-card__actions">
                {ballot.state === 'quarantined' ? (
                  <Button
                    disabled={restore.isPending}
                    aria-label={t('integrity.action.restoreOn', { topic: ballot.topic.title })}
                    onClick={() =>
                      restore.mutate(
                        { ballotIds: [ballot.ballotId] },
                        {
                          onSuccess: ({ changed }) =>
                            setStatus(t('integrity.done.restored', { count: changed })),
                        },
                      )
                    }
                  >
                    {t('integrity.action.restore')}
                  </Button>
                ) : (
                  <Button
                    variant="danger"
                    aria-label={t('integrity.action.quarantineOn', { topic: ballot.topic.title })}
                    onClick={() => askQuarantine(ballot)}
                  >
                    {t('integrity.action.quarantine')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <QuarantineDialog
        request={quarantining}
        onClose={() => setQuarantining(null)}
        onDone={(changed) => setStatus(t('integrity.done.quarantined', { count: changed }))}
      />
      <ConfirmRequestDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

/** A ballot's versions, newest first: the places each gave, and when, why and from where it was cast. */
function BallotVersions({ ballot }: { ballot: UserBallot }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const versions = [...ballot.versions].sort((a, b) => b.version - a.version);
  return (
    <ol className="ballot-versions" aria-label={t('integrity.userBallots.versions')}>
      {versions.map((version) => (
        <li key={version.version} className="ballot-version">
          <p className="ballot-version__meta">
            {t('integrity.userBallots.version', {
              version: version.version,
              when: formatDateTime(version.castAt, language),
            })}
            {' · '}
            {t(`integrity.cause.${version.cause}`, { defaultValue: version.cause })}
            {version.network && ` · ${t('integrity.userBallots.network', { network: version.network })}`}
          </p>
          {version.places.length === 0 ? (
            <p className="integrity-muted">{t('integrity.userBallots.noPlaces')}</p>
          ) : (
            <ul className="ballot-version__places">
              {version.places.map((place) => (
                <li key={place.points}>
                  {t('integrity.userBallots.place', { count: place.points, name: place.name })}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
