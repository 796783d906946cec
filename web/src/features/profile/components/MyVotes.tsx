import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyTopicVotesDto } from '../../../../../common/api/profile.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { useLanguage } from '../../i18n/index.js';
import { useMyVotes, useWithdrawVotes } from '../api/profile.js';
import '../../../shared/ui/surfaces.css';

/** "My votes": each voted topic with my places, a link to it, and a way to withdraw. */
export function MyVotes() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const votes = useMyVotes(language);
  const withdraw = useWithdrawVotes();
  const [target, setTarget] = useState<MyTopicVotesDto | null>(null);
  const [status, setStatus] = useState('');

  return (
    <section className="card profile-card" aria-labelledby="my-votes-title">
      <h2 id="my-votes-title" className="profile-card__title">
        {t('profile.votes.title')}
      </h2>
      {status && (
        <Alert tone="success" onDismiss={() => setStatus('')}>
          {status}
        </Alert>
      )}
      {votes.isPending && <Spinner />}
      {votes.isError && (
        <Alert tone="error">{errorMessage(t, votes.error, 'profile.votes.error.load')}</Alert>
      )}
      {votes.isSuccess && votes.data.total === 0 && (
        <p className="profile-muted">
          {t('profile.votes.empty')} <Link to="/">{t('profile.votes.browse')}</Link>
        </p>
      )}
      {votes.isSuccess && votes.data.topics.length > 0 && (
        <ul className="my-votes">
          {votes.data.topics.map((topic) => (
            <li key={topic.id} className="tile my-votes__item">
              <div className="my-votes__head">
                <Link to={`/topic/${topic.id}`} className="my-votes__title">
                  {topic.title}
                </Link>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t('profile.votes.withdrawLabel', { title: topic.title })}
                  onClick={() => {
                    withdraw.reset();
                    setTarget(topic);
                  }}
                >
                  {t('profile.votes.withdraw')}
                </Button>
              </div>
              <ol className="chip-list">
                {topic.votes.map((vote) => (
                  <li key={vote.points} className={`my-votes__place my-votes__place--${vote.points}`}>
                    <span className="my-votes__points">
                      {t('profile.votes.points', { count: vote.points })}
                    </span>{' '}
                    {vote.itemName}
                    {vote.awaitingReview && (
                      <>
                        {' '}
                        <Badge>{t('vote.review.badge')}</Badge>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      {votes.isSuccess && votes.data.total > votes.data.topics.length && (
        <Button onClick={() => void votes.fetchNextPage()} disabled={votes.isFetchingNextPage}>
          {t('profile.votes.more')}
        </Button>
      )}
      <ConfirmDialog
        open={target !== null}
        title={t('profile.votes.withdrawTitle')}
        confirmLabel={t('profile.votes.withdraw')}
        cancelLabel={t('profile.cancel')}
        busy={withdraw.isPending}
        error={withdraw.isError ? errorMessage(t, withdraw.error, 'profile.votes.error.withdraw') : null}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (!target) return;
          withdraw.mutate(target.id, {
            onSuccess: () => {
              setStatus(t('profile.votes.withdrawn', { title: target.title }));
              setTarget(null);
            },
          });
        }}
      >
        {t('profile.votes.withdrawConfirm', { title: target?.title ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
