import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminTagsPage() {
  return <PagePlaceholder titleKey="admin.tags.title" />;
}
