import { useTranslation } from 'react-i18next';
import { TagsAdmin } from '../../../features/admin-catalogue/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminTagsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.tags.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <TagsAdmin />
    </AdminPage>
  );
}
