import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminTopicsPage() {
  return <PagePlaceholder titleKey="admin.topics.title" />;
}
