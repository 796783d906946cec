import { PagePlaceholder } from '../../shared/ui/PagePlaceholder.js';

export function HomePage() {
  return <PagePlaceholder titleKey="page.home.title" />;
}
