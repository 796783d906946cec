import { useTranslation } from 'react-i18next';
import { TopicsAdmin } from '../../../features/admin-catalogue/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminTopicsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.topics.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <TopicsAdmin />
    </AdminPage>
  );
}
