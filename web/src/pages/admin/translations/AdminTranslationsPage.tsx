import { useTranslation } from 'react-i18next';
import { TranslationsAdmin } from '../../../features/admin-people/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminTranslationsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.translations.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <TranslationsAdmin />
    </AdminPage>
  );
}
