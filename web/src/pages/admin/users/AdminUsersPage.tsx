import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminUsersPage() {
  return <PagePlaceholder titleKey="admin.users.title" />;
}
