import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FollowedTopicDto } from '../../../../../common/api/follows.js';
import { errorMessage } from '../../../shared/api/index.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { Badge } from '../../../shared/ui/Badge.js';
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField } from '../../../shared/ui/CheckboxField.js';
import { Spinner } from '../../../shared/ui/Spinner.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useLanguage } from '../../i18n/index.js';
import { useFollowVotedTopics, useMyFollows, useSetFollow } from '../api/follows.js';
import '../../../shared/ui/surfaces.css';

/** The profile's "Followed topics": each with why I follow it and a way to stop, and the switch for voted topics. */
export function FollowedTopics() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const follows = useMyFollows(language);
  const followVoted = useFollowVotedTopics();
  const [message, setMessage] = useState<string | null>(null);

  return (
    <section className="card profile-card" aria-labelledby="followed-topics-title">
      <h2 id="followed-topics-title" className="profile-card__title">
        {t('follow.profile.title')}
      </h2>
      {follows.isSuccess && (
        <CheckboxField
          label={t('follow.profile.votedSwitch')}
          hint={t('follow.profile.votedSwitchHint')}
          checked={followVoted.isPending ? followVoted.variables : follows.data.followVotedTopics}
          disabled={followVoted.isPending}
          onChange={(event) => {
            const on = event.target.checked;
            followVoted.mutate(on, {
              onSuccess: () => setMessage(t(on ? 'follow.profile.votedOn' : 'follow.profile.votedOff')),
              onError: (error) => setMessage(errorMessage(t, error, 'follow.status.error')),
            });
          }}
        />
      )}
      <StatusMessage message={message} />
      {follows.isPending && <Spinner />}
      {follows.isError && (
        <Alert tone="error">{errorMessage(t, follows.error, 'follow.profile.error')}</Alert>
      )}
      {follows.isSuccess && follows.data.total === 0 && (
        <p className="profile-muted">{t('follow.profile.empty')}</p>
      )}
      {follows.isSuccess && follows.data.topics.length > 0 && (
        <ul className="followed-topics">
          {follows.data.topics.map((topic) => (
            <FollowedTopic key={topic.id} topic={topic} onUnfollowed={setMessage} />
          ))}
        </ul>
      )}
      {follows.isSuccess && follows.data.total > follows.data.topics.length && (
        <Button onClick={() => void follows.fetchNextPage()} disabled={follows.isFetchingNextPage}>
          {t('follow.profile.more')}
        </Button>
      )}
    </section>
  );
}

function FollowedTopic({
  topic,
  onUnfollowed,
}: {
  topic: FollowedTopicDto;
  onUnfollowed: (message: string) => void;
}) {
  const { t } = useTranslation();
  const unfollow = useSetFollow(topic.id);
  return (
    <li className="tile followed-topics__item">
      <div className="followed-topics__what">
        <Link to={`/topic/${topic.id}`} className="followed-topics__title">
          {topic.title}
        </Link>
        <Badge>{t(topic.reason === 'vote' ? 'follow.reason.vote' : 'follow.reason.explicit')}</Badge>
      </div>
      <Button
        size="sm"
        aria-label={t('follow.profile.unfollowLabel', { title: topic.title })}
        disabled={unfollow.isPending}
        onClick={() =>
          unfollow.mutate(false, {
            onSuccess: () => onUnfollowed(t('follow.profile.unfollowed', { title: topic.title })),
            onError: (error) => onUnfollowed(errorMessage(t, error, 'follow.status.error')),
          })
        }
      >
        {t('follow.profile.unfollow')}
      </Button>
    </li>
  );
}
