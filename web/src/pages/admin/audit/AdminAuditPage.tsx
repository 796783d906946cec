import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminAuditPage() {
  return <PagePlaceholder titleKey="admin.audit.title" />;
}
