import { useTranslation } from 'react-i18next';
import { CategoriesAdmin } from '../../../features/admin-catalogue/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminCategoriesPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.categories.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <CategoriesAdmin />
    </AdminPage>
  );
}
