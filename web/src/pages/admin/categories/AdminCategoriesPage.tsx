import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminCategoriesPage() {
  return <PagePlaceholder titleKey="admin.categories.title" />;
}
