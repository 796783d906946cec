import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder.js';

export default function AdminTranslationsPage() {
  return <PagePlaceholder titleKey="admin.translations.title" />;
}
