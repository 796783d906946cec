import { useEffect } from 'react';

const BRAND = 'Podium';

/** Sets the tab title to "<page> · Podium" (screen readers announce it on navigation). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : BRAND;
  }, [title]);
}
