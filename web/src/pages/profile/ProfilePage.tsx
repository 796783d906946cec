import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PasswordResetDoneState } from '../../features/account-links/index.js';
import { useAuth } from '../../features/auth/index.js';
import { FollowedTopics } from '../../features/follows/index.js';
import { NotificationSettings } from '../../features/notification-settings/index.js';
import { AccountDataCard, MyVotes, PasswordForm, ProfileForm } from '../../features/profile/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { Alert } from '../../shared/ui/Alert.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import { SessionsCard } from './SessionsCard.js';

/** /profile: my account, my password, my sessions, my data, my votes, what I follow, how I am notified (RequireAuth guarantees a user). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const passwordReset = (location.state as Partial<PasswordResetDoneState> | null)?.passwordReset;
  const title = t('page.profile.title');
  useDocumentTitle(title);
  if (!user) return <PageSpinner />;
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <p className="profile-greeting">{t('profile.greeting', { username: user.username })}</p>
      {passwordReset && (
        // Dismissed, it leaves the history entry too: a reload must not say it again.
        <Alert
          tone="success"
          onDismiss={() => void navigate(location.pathname + location.search, { replace: true, state: null })}
        >
          {t('account.reset.done')}
        </Alert>
      )}
      <div className="profile-layout">
        {/* Another account signing in on this tab starts from its own values. */}
        <ProfileForm key={user.id} user={user} />
        <PasswordForm />
        <SessionsCard />
        <AccountDataCard />
        <MyVotes />
        <FollowedTopics />
        <NotificationSettings emailVerified={user.emailVerified} />
      </div>
    </section>
  );
}
