import { useTranslation } from 'react-i18next';
import { SettingsAdmin } from '../../../features/admin-settings/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.settings.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <SettingsAdmin />
    </AdminPage>
  );
}
