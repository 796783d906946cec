import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../../features/admin-catalogue/index.js';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle.js';

const CARDS = ['categories', 'tags', 'topics', 'users', 'translations', 'audit'] as const;

/** SPEC "Admin panel": one card per back-office screen (plus the audit log). */
export default function AdminPanelPage() {
  const { t } = useTranslation();
  const title = t('admin.panel.title');
  useDocumentTitle(title);
  return (
    <section className="page catalogue-page">
      <h1 className="page__title">{title}</h1>
      <ul className="catalogue-panel">
        {CARDS.map((card) => (
          <li key={card}>
            <Link to={`/admin/${card}`} className="catalogue-panel__card">
              <span className="catalogue-panel__title">{t(`adminCatalogue.panel.${card}.title`)}</span>
              <span className="catalogue-muted">{t(`adminCatalogue.panel.${card}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
