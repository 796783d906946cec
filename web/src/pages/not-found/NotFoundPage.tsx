import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle.js';
import { PageProblem } from '../../shared/ui/PageProblem.js';
import './not-found.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t('page.notFound.title');
  useDocumentTitle(title);
  return (
    <PageProblem
      title={title}
      className="not-found"
      before={
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
      }
    >
      <p className="not-found__text">{t('page.notFound.text')}</p>
    </PageProblem>
  );
}
