import { useTranslation } from 'react-i18next';
import { ProposalQueue } from '../../../features/admin-proposals/index.js';
import { AdminPage } from '../../../shared/ui/AdminPage.js';

export default function AdminProposalsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('admin.proposals.title')} back={{ to: '/admin', label: t('admin.back.panel') }}>
      <ProposalQueue />
    </AdminPage>
  );
}
