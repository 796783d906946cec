import { PagePlaceholder } from '../../shared/ui/PagePlaceholder.js';

export function SearchPage() {
  return <PagePlaceholder titleKey="page.search.title" />;
}
