import { useTranslation } from 'react-i18next';
import { FlaggedTopics } from '../../../features/admin-integrity/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminIntegrityPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.integrity.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <FlaggedTopics />
    </AdminPage>
  );
}
