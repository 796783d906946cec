import { PagePlaceholder } from '../../shared/ui/PagePlaceholder.js';

export function TopicPage() {
  return <PagePlaceholder titleKey="page.topic.title" />;
}
