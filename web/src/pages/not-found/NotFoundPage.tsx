import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import './not-found.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('page.notFound.title');
  useDocumentTitle(title);
  return (
    <section className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{title}</h1>
      <p className="not-found__text">{t('page.notFound.text')}</p>
      <p>
        <Link to="/" className="button button--primary">
          {t('page.notFound.home')}
        </Link>
      </p>
    </section>
  );
}
