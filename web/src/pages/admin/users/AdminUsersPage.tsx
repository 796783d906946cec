import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UsersAdmin } from '../../../features/admin-people/index.js';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle.js';

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const title = t('admin.users.title');
  useDocumentTitle(title);
  return (
    <section className="page">
      <Link to="/admin" className="back-link">
        {t('adminPeople.backToPanel')}
      </Link>
      <h1 className="page__title">{title}</h1>
      <UsersAdmin />
    </section>
  );
}
