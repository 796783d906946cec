import { useTranslation } from 'react-i18next';
import { JobsAdmin } from '../../../features/admin-jobs/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminJobsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.jobs.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <JobsAdmin />
    </AdminPage>
  );
}
