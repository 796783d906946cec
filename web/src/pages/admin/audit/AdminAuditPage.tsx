import { useTranslation } from 'react-i18next';
import { AuditLog } from '../../../features/admin-people/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.audit.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <AuditLog />
    </AdminPage>
  );
}
