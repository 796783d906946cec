import { useTranslation } from 'react-i18next';
import { UsersAdmin } from '../../../features/admin-people/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.users.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <UsersAdmin />
    </AdminPage>
  );
}
