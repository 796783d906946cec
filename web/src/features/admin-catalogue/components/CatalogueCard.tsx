import { type ReactNode, useId } from 'react';

/** A titled card of a catalogue screen: a region named by its heading. */
export function CatalogueCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="catalogue-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="catalogue-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
