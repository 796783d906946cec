import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagsAdmin } from '../../../features/admin-catalogue/index.js';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle.js';

export default function AdminTagsPage() {
  const { t } = useTranslation();
  const title = t('admin.tags.title');
  useDocumentTitle(title);
  return (
    <section className="page catalogue-page">
      <Link to="/admin" className="catalogue-back">
        {t('adminCatalogue.backToPanel')}
      </Link>
      <h1 className="page__title">{title}</h1>
      <TagsAdmin />
    </section>
  );
}
