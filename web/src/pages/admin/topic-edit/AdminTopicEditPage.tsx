import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminTopicEditPage() {
  return <PagePlaceholder titleKey="admin.topicEdit.title" />;
}
