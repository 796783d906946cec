import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { UserBallots, useUserBallots } from '../../../features/admin-integrity/index.js';
import { useLanguage } from '../../../features/i18n/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';
import { NotFoundPage } from '../../not-found/NotFoundPage.js';

/**
 * Reached from the users table or a flag's ballot, which pass the username along so that the title is
 * right at once; opened from its address, the title takes the name from the ballots' answer.
 */
export default function AdminUserBallotsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const userId = Number(useParams().id);
  const state: unknown = useLocation().state;
  // The same query as the list below (one request): only its account's name is read here.
  const ballots = useUserBallots(userId, language);
  const username =
    typeof state === 'object' && state !== null && 'username' in state && typeof state.username === 'string'
      ? state.username
      : ballots.data?.account.username;
  if (!Number.isInteger(userId) || userId <= 0) return <NotFoundPage />;
  return (
    <AdminPage
      title={
        username
          ? t('integrity.userBallots.title', { username })
          : t('integrity.userBallots.titleOf', { id: userId })
      }
      back={{ to: '/admin/users', label: t('integrity.userBallots.back') }}
    >
      <UserBallots userId={userId} username={username} />
    </AdminPage>
  );
}
