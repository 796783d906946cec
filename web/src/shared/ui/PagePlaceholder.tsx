import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** Scaffolding for pages whose content belongs to a later issue: just the translated title. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
    </section>
  );
}
