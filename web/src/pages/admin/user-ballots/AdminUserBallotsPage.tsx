import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { UserBallots } from '../../../features/admin-integrity/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';
import { NotFoundPage } from '../../not-found/NotFoundPage.js';

/** Reached from the users table or a flag's ballot, which pass the username along (the API does not). */
export default function AdminUserBallotsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().id);
  const state: unknown = useLocation().state;
  const username =
    typeof state === 'object' && state !== null && 'username' in state && typeof state.username === 'string'
      ? state.username
      : undefined;
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
