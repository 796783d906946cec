import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/index.js';
import { useHydrated } from '../../../shared/hooks/useHydrated.js';
import { Button, buttonClasses } from '../../../shared/ui/Button.js';
import { StatusMessage } from '../../../shared/ui/StatusMessage.js';
import { useAuth, useAuthDialog } from '../../auth/index.js';
import { useFollowStatus, useSetFollow } from '../api/follows.js';

/**
 * Follow or Following, on a topic's or a main topic's page. The server's HTML holds a neutral button, the
 * size of the real one and inert: whether I follow is mine, asked once the page runs in the browser.
 */
export function FollowButton({ topicId }: { topicId: number }) {
  const { user, isLoading } = useAuth();
  const settled = useHydrated() && !isLoading;
  return (
    <div className="follow">
      {!settled ? <PendingFollow /> : user ? <SignedInFollow topicId={topicId} /> : <SignedOutFollow />}
    </div>
  );
}

function PendingFollow() {
  const { t } = useTranslation();
  return (
    <span className={buttonClasses({ size: 'sm' })} aria-hidden="true" inert>
      {t('follow.button.follow')}
    </span>
  );
}

/** As the voting panel does: signing in comes first, in the dialog. */
function SignedOutFollow() {
  const { t } = useTranslation();
  const { openAuthDialog } = useAuthDialog();
  return (
    <Button size="sm" onClick={() => openAuthDialog('login')}>
      {t('follow.button.login')}
    </Button>
  );
}

function SignedInFollow({ topicId }: { topicId: number }) {
  const { t } = useTranslation();
  const status = useFollowStatus(topicId, true);
  const setFollow = useSetFollow(topicId);
  const [message, setMessage] = useState<string | null>(null);
  const following = status.data?.following ?? false;
  const toggle = () => {
    const next = !following;
    setMessage(null);
    setFollow.mutate(next, {
      onSuccess: () => setMessage(t(next ? 'follow.status.followed' : 'follow.status.unfollowed')),
      onError: (error) => setMessage(errorMessage(t, error, 'follow.status.error')),
    });
  };
  return (
    <>
      <Button
        size="sm"
        variant={following ? 'primary' : 'secondary'}
        aria-pressed={following}
        disabled={status.isPending}
        onClick={toggle}
      >
        {t(following ? 'follow.button.following' : 'follow.button.follow')}
      </Button>
      {status.data?.reason === 'vote' && <span className="follow__why">{t('follow.reason.vote')}</span>}
      <StatusMessage message={message} tone="info" />
    </>
  );
}
