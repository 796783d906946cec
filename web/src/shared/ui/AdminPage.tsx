import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';
import { BackIcon } from './icons.js';

/**
 * The frame of every back-office screen: where "back" leads, the heading (also the document's
 * title), then the screen itself. The back link is the only way back a screen shows, and its arrow is
 * drawn here, so that labels are words only (a "←" in a text was read aloud as "left arrow").
 */
export function AdminPage({
  title,
  heading = title,
  back,
  children,
}: {
  title: string;
  /** The visible heading when it differs from the document title. */
  heading?: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="page">
      {back && (
        <Link to={back.to} className="back-link">
          <BackIcon />
          {back.label}
        </Link>
      )}
      <h1 className="page__title">{heading}</h1>
      {children}
    </section>
  );
}
