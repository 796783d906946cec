import { useTranslation } from 'react-i18next';
import { useAuth } from '../../features/auth/index.js';
import { MyVotes, PasswordForm, ProfileForm } from '../../features/profile/index.js';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { PageSpinner } from '../../shared/ui/Spinner.js';
import { SessionsCard } from './SessionsCard.js';

/** /profile: my account, my password, my votes (RequireAuth guarantees a user). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const title = t('page.profile.title');
  useDocumentTitle(title);
  if (!user) return <PageSpinner />;
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <p className="profile-greeting">{t('profile.greeting', { username: user.username })}</p>
      <div className="profile-layout">
        {/* Another account signing in on this tab starts from its own values. */}
        <ProfileForm key={user.id} user={user} />
        <PasswordForm />
        <SessionsCard />
        <MyVotes />
      </div>
    </section>
  );
}
