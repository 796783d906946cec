import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from './Button.js';

/**
 * A page that cannot show what was asked (an unknown address, a missing topic, a failed load): what went
 * wrong, then the way home. `before` comes above the heading (a back button, the 404 mark).
 */
export function PageProblem({
  title,
  className,
  before,
  children,
}: {
  title: string;
  className?: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={className ? `page ${className}` : 'page'}>
      {before}
      <h1 className="page__title">{title}</h1>
      {children}
      <p>
        <Link to="/" className={buttonClasses({ variant: 'primary' })}>
          {t('page.notFound.home')}
        </Link>
      </p>
    </section>
  );
}
