import type { ReactNode, Ref } from 'react';
import './card-page.css';

/**
 * A page that is one narrow card under its title: signing in, a forgotten password, a confirmed address.
 * With `titleRef`, the title can take the focus (when the card's content changes without a navigation).
 */
export function CardPage({
  title,
  className,
  titleRef,
  children,
}: {
  title: string;
  className?: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section className={['page card-page', className].filter(Boolean).join(' ')}>
      <div className="card-page__card">
        <h1 ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="page__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
