import { useTranslation } from 'react-i18next';
import { ExportsAdmin } from '../../../features/admin-exports/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminExportsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.exports.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <ExportsAdmin />
    </AdminPage>
  );
}
