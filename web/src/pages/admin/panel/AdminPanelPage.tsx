import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminPanelPage() {
  return <PagePlaceholder titleKey="admin.panel.title" />;
}
