import { useTranslation } from 'react-i18next';
import { TopicsAdmin } from '../../../features/admin-catalogue/index.js';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle.js';

export default function AdminTopicsPage() {
  const { t } = useTranslation();
  const title = t('admin.topics.title');
  useDocumentTitle(title);
  return (
    <section className="page catalogue-page">
      <h1 className="page__title">{title}</h1>
      <TopicsAdmin />
    </section>
  );
}
